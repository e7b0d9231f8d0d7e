import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Any unknown path (`embedded` inside a layout). */
export const NotFoundPage = lazy(() => import('./NotFoundPage'));

/** The app's fallbacks; they own no route of their own (the router places them). */
export const feature: Feature = {};
