import { ROLE_HOME, type Role } from '@tombo/shared';

/** Where to go after signing in: the page of origin when there is one, else the role's home. */
export function loginTarget(role: Role, from: string | null | undefined): string {
  if (!from || from === '/' || from.startsWith('/login')) return ROLE_HOME[role];
  if (role === 'superuser') return from.startsWith('/superuser') ? from : ROLE_HOME.superuser;
  if (from.startsWith('/superuser')) return ROLE_HOME[role];
  return from;
}

export interface LoginLocationState {
  from?: string;
  sessionExpired?: boolean;
}
