import type { PendingRollback, VersionInfo } from '@tombo/shared';
import { http } from '../../lib/http';

/** GET /api/version (superuser, admin). */
export const fetchVersion = () => http.get<VersionInfo>('/version');

/** 'Reverter' (superuser): schedules the restore of the pre-upgrade backup. */
export const scheduleRollback = (upgradeId: number) =>
  http.post<{ pendingRollback: PendingRollback }>('/superuser/version/rollback', { upgradeId, confirm: true });

/** Cancels a scheduled rollback (superuser). */
export const cancelRollback = () => http.delete('/superuser/version/rollback');

export const versionKeys = { info: ['version'] as const };
