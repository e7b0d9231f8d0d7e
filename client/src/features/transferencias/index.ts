import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { TransferRequestDialog } from './TransferRequestDialog';
export type { TransferResult } from './api';

/** Transfers and donations with approval (/bens/transferencias) and their report (/relatorios/transferencias). */
export const feature: Feature = {
  mainRoutes: {
    '/bens/transferencias': lazy(() => import('./TransfersPage')),
    '/relatorios/transferencias': lazy(() => import('./TransferReportPage')),
  },
};
