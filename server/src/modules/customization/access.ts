import type { Principal } from '../../auth/principal';
import { forbidden } from '../../http/errors';
import { allMunicipalities, type Tenancy, type TenantScope } from '../../tenancy/scope';

/**
 * Whose settings the caller may change: the superuser the installation's (asked for explicitly as all
 * municipalities, since that row belongs to none), a holder of `settings:update` their municipality's.
 */
export function editableTarget(principal: Principal, scope: TenantScope | undefined): Tenancy {
  if (principal.permissions.includes('superuser:access')) return allMunicipalities();
  if (!principal.permissions.includes('settings:update') || !scope) throw forbidden();
  return scope;
}
