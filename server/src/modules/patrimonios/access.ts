import { and } from 'drizzle-orm';
import { patrimonios } from '../../db/schema';
import type { AccessRule } from '../../tenancy/rules';
import { inScope, ofTenant } from '../../tenancy/scope';
import { amongIds } from './filters';

/** The assets of the scope's municipality and, for a usuario, of their own sectors. */
const visible: AccessRule = async (tx, scope, ids) => {
  const rows = await tx
    .select({ id: patrimonios.id, sectorId: patrimonios.sectorId })
    .from(patrimonios)
    .where(and(ofTenant(patrimonios, scope), amongIds(patrimonios.id, ids.map(Number))));
  return rows.filter((r) => inScope(scope, r.sectorId)).map((r) => r.id);
};

/** Who may use which asset: reading and changing follow the same visibility (the role decides the verbs). */
export const patrimonioAccess = {
  'patrimonio.read': visible,
  'patrimonio.update': visible,
};
