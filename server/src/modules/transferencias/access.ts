import { and, eq, inArray } from 'drizzle-orm';
import { patrimonios, transferencias } from '../../db/schema';
import type { AccessRule } from '../../tenancy/rules';
import { inScope, ofTenant } from '../../tenancy/scope';

/**
 * The requests of the scope's municipality. Reading narrows further by who asks (a `usuario` reads
 * those of its sectors and its own: `visibleTo` in queries.ts answers 404 for the others), which a
 * scope alone cannot say.
 */
const ofMunicipality: AccessRule = async (tx, scope, ids) => {
  const rows = await tx
    .select({ id: transferencias.id })
    .from(transferencias)
    .where(and(ofTenant(transferencias, scope), inArray(transferencias.id, ids.map(Number))));
  return rows.map((r) => r.id);
};

/** The requests of the municipality whose asset the scope sees (a decision changes the asset). */
const assetInScope: AccessRule = async (tx, scope, ids) => {
  const rows = await tx
    .select({ id: transferencias.id, sectorId: patrimonios.sectorId })
    .from(transferencias)
    .innerJoin(patrimonios, eq(patrimonios.id, transferencias.patrimonioId))
    .where(and(ofTenant(transferencias, scope), inArray(transferencias.id, ids.map(Number))));
  return rows.filter((r) => inScope(scope, r.sectorId)).map((r) => r.id);
};

/** Who may use which request. */
export const transferAccess = {
  'transferencia.read': ofMunicipality,
  'transferencia.decide': assetInScope,
};
