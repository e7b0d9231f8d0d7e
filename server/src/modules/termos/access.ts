import { and, inArray } from 'drizzle-orm';
import { sectors, termoVersions } from '../../db/schema';
import type { AccessRule } from '../../tenancy/rules';
import { inScope, ofTenant } from '../../tenancy/scope';

/** Term versions of the municipality whose sector the scope sees (a usuario: their own sectors). */
const termoRead: AccessRule = async (tx, scope, ids) => {
  const rows = await tx
    .select({ id: termoVersions.id, sectorId: termoVersions.sectorId })
    .from(termoVersions)
    .where(and(ofTenant(termoVersions, scope), inArray(termoVersions.id, ids.map(Number))));
  return rows.filter((r) => inScope(scope, r.sectorId)).map((r) => r.id);
};

/** Sectors the scope may issue a term for: the municipality's, and for a usuario only their own. */
const termoSector: AccessRule = async (tx, scope, ids) => {
  const rows = await tx
    .select({ id: sectors.id })
    .from(sectors)
    .where(and(ofTenant(sectors, scope), inArray(sectors.id, ids.map(Number))));
  return rows.filter((r) => inScope(scope, r.id)).map((r) => r.id);
};

/** Who may use which term: anyone who sees its sector may read and download every version. */
export const termoAccess = {
  'termo.read': termoRead,
  'termo.sector': termoSector,
};
