import type { Principal } from '../../auth/principal';
import { allMunicipalities, scopeOfPrincipal, type Tenancy } from '../../tenancy/scope';

/**
 * The tenancy of the signed-in user's own row: their municipality, or for the superuser (whose row
 * belongs to none) all municipalities, asked for explicitly.
 */
export const ownTenancy = (p: Principal): Tenancy =>
  p.municipalityId != null ? scopeOfPrincipal(p) : allMunicipalities();
