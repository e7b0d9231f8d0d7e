import { DEFAULT_CUSTOMIZATION, customizationSchema, type Customization } from '@tombo/shared';

/** Stored settings → what the schema still knows (anything an older version stored is dropped). */
export const storedSettings = (settings: unknown): Partial<Customization> =>
  customizationSchema
    .partial()
    .strip()
    .parse(settings ?? {});

/** The effective customization: defaults ← installation-wide settings ← the municipality's own. */
export const presentCustomization = (
  installation: Partial<Customization>,
  own: Partial<Customization> = {},
): Customization => ({ ...DEFAULT_CUSTOMIZATION, ...installation, ...own });
