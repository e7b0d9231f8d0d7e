import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** Backups (/configuracoes/backup) and their restore from the back-office (/superuser/backups). */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/backup': lazy(() => import('./BackupPage')) },
  superuserRoutes: { '/superuser/backups': lazy(() => import('./SuperuserBackupsPage')) },
};
