import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** The user manual, searchable (/superuser/documentation). */
export const feature: Feature = {
  superuserRoutes: { '/superuser/documentation': lazy(() => import('./DocumentationPage')) },
};
