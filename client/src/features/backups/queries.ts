import { useQuery } from '@tanstack/react-query';
import { fetchAllBackups, fetchBackups, fetchRestoreJob } from './api';
import { backupKeys } from './keys';

/** The municipality's backups; refreshed by `backup.changed` and, while one runs, a slow poll. */
export function useBackups() {
  return useQuery({
    queryKey: backupKeys.list,
    queryFn: fetchBackups,
    refetchInterval: (q) =>
      q.state.data?.backups.some((b) => b.status === 'queued' || b.status === 'running') ? 3_000 : false,
  });
}

/** The installation's backups (superuser). */
export function useAllBackups(municipalityId?: number) {
  return useQuery({ queryKey: backupKeys.superuser(municipalityId), queryFn: () => fetchAllBackups(municipalityId) });
}

/** A restore job until it is over. */
export function useRestoreJob(id: string | null) {
  return useQuery({
    queryKey: backupKeys.restoreJob(id ?? ''),
    enabled: !!id,
    queryFn: () => fetchRestoreJob(id!).then((r) => r.job),
    refetchInterval: (q) => (q.state.data && ['completed', 'failed'].includes(q.state.data.status) ? false : 1_000),
  });
}
