import { and, inArray } from 'drizzle-orm';
import { inventarios } from '../../db/schema';
import type { AccessRule } from '../../tenancy/rules';
import { ofTenant } from '../../tenancy/scope';

/**
 * The inventories of the scope's municipality. A `usuario` narrows further by who asks (its sectors or
 * its commissions: `visibleWhere` in queries.ts answers 404 for the others), which a scope cannot say.
 */
const ofMunicipality: AccessRule = async (tx, scope, ids) => {
  const rows = await tx
    .select({ id: inventarios.id })
    .from(inventarios)
    .where(and(ofTenant(inventarios, scope), inArray(inventarios.id, ids.map(Number))));
  return rows.map((r) => r.id);
};

/** Who may use which inventory. */
export const inventarioAccess = {
  'inventario.read': ofMunicipality,
  'inventario.count': ofMunicipality,
  'inventario.manage': ofMunicipality,
};
