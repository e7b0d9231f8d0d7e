import type { Feature } from '../../lib/feature';

/** The header's search button and its Ctrl+K / Cmd+K shortcut; the panel itself loads on first use. */
export { SearchButton } from './SearchButton';

/** The global search panel (spec §2.4): no screens of its own, it lives in the main layout's header. */
export const feature: Feature = {};
