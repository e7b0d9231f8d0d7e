import { MOBILE_BREAKPOINT } from '@tombo/shared';

/** Phone layout below 768 px (spec §2.4, §9). */
export const MOBILE_QUERY = `(max-width:${MOBILE_BREAKPOINT - 0.02}px)`;
