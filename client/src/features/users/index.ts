import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

export { usersKeys } from './keys';
export { fetchUsers } from './api';
export { ResetTwoFactorDialog, TwoFactorChip } from './TwoFactorReset';
export { AccessChip, RevokeInvitationDialog } from './Invitation';

/** Users of the municipality (/configuracoes/usuarios). */
export const feature: Feature = {
  mainRoutes: { '/configuracoes/usuarios': lazy(() => import('./UsersPage')) },
};
