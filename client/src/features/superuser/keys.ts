/** Query keys of the superuser back office. */
export const superuserKeys = {
  all: ['superuser'] as const,
  dashboard: ['superuser', 'dashboard'] as const,
  municipalities: ['superuser', 'municipalities'] as const,
  users: ['superuser', 'users'] as const,
  assetsByUser: ['superuser', 'assets-by-user'] as const,
  system: ['superuser', 'system-information'] as const,
  publicSearch: ['superuser', 'public-search'] as const,
};
