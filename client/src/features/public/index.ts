import type { Feature } from '../../lib/feature';

/** Public consultation of the register (no sign-in): its screens are public.ts. */
export const feature: Feature = {};
