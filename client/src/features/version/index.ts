import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** The version manager (spec §2.7): floating button + side panel, /superuser/version-update. */
export const feature: Feature = {
  superuserRoutes: { '/superuser/version-update': lazy(() => import('./VersionUpdatePage')) },
};
export { VersionManagerButton } from './VersionManagerButton';
export { APP_VERSION, VERSION_LABEL } from './build';
