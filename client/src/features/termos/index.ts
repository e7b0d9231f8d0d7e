import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Custody terms (termos de responsabilidade) of the sectors: versions, issue, download (/termos). */
export const feature: Feature = {
  mainRoutes: { '/termos': lazy(() => import('./TermosPage')) },
};
