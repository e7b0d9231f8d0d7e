import { lazy } from 'react';
import type { Feature } from '../../lib/feature';
import { live } from './live';

export { usersKeys } from './keys';
export { fetchUsers } from './api';

/** Users of the municipality (/configuracoes/usuarios). */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/usuarios': lazy(() => import('./UsersPage')) },
  live,
};
