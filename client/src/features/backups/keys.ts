/** Query keys of the backups area. */
export const backupKeys = {
  all: ['backups'] as const,
  list: ['backups', 'list'] as const,
  superuser: (municipalityId?: number) => ['backups', 'superuser', municipalityId ?? 'all'] as const,
  restoreJob: (id: string) => ['backups', 'restore-job', id] as const,
};
