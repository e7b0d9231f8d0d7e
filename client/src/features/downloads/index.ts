import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { JobProgressPanel } from './JobProgressPanel';
export { patchJob } from './live';
export { useJob } from './queries';

/** The caller's background jobs and their files (/downloads). */
export const feature: Feature = {
  mainRoutes: { '/downloads': lazy(() => import('./DownloadsPage')) },
};
