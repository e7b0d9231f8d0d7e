import { useMemo } from 'react';
import type { PatrimonioListItem } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { useCustomization } from '../customization';
import { EXAMPLE_SAMPLE, sampleOf, type LabelSample } from './sample';

/** The municipality's logo (only a data:/same-site image shows) and the sample values of an asset. */
export function useLabelContext(asset: PatrimonioListItem | null | undefined): {
  logo: string | null;
  sample: LabelSample;
} {
  const user = useSession((s) => s.user);
  const custom = useCustomization();
  const logo = custom.activeLogoUrl || null;
  const sample = useMemo(
    () => (asset ? sampleOf(asset, user?.municipalityId ?? 0, user?.municipalityName ?? '') : EXAMPLE_SAMPLE),
    [asset, user?.municipalityId, user?.municipalityName],
  );
  return { logo, sample };
}
