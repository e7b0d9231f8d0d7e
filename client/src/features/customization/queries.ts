import { useQuery } from '@tanstack/react-query';
import type { Customization } from '@tombo/shared';
import { useSession } from '../../lib/session';
import { cachedCustomization, fetchCustomization } from './api';
import { customizationKeys } from './keys';

/** Query scope: 'public' when signed out, the municipality (or 'global' for superusers) when signed in. */
export function useCustomizationScope(): string {
  return useSession((s) =>
    s.status === 'authenticated' && s.user ? `m:${s.user.municipalityId ?? 'global'}` : 'public',
  );
}

/**
 * Branding and login customization. Shows the local cache (or the defaults) at once,
 * then the server's values; a failed load is ignored (spec §8) and the cache stays.
 */
export function useCustomization(): Customization {
  const scope = useCustomizationScope();
  const { data } = useQuery({
    queryKey: customizationKeys.scope(scope),
    queryFn: () => fetchCustomization(scope !== 'public'),
    placeholderData: cachedCustomization,
    retry: false,
  });
  return data ?? cachedCustomization();
}
