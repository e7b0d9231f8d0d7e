import { and, eq, inArray } from 'drizzle-orm';
import { emprestimos, patrimonios } from '../../db/schema';
import type { AccessRule } from '../../tenancy/rules';
import { inScope, ofTenant } from '../../tenancy/scope';

/** Loans of the scope's municipality whose asset the scope sees (a usuario: assets of their sectors). */
const visible: AccessRule = async (tx, scope, ids) => {
  const rows = await tx
    .select({ id: emprestimos.id, sectorId: patrimonios.sectorId })
    .from(emprestimos)
    .innerJoin(patrimonios, eq(patrimonios.id, emprestimos.patrimonioId))
    .where(and(ofTenant(emprestimos, scope), inArray(emprestimos.id, ids.map(Number))));
  return rows.filter((r) => inScope(scope, r.sectorId)).map((r) => r.id);
};

/** Who may use which loan: it follows the asset's visibility (the role decides the verbs). */
export const loanAccess = {
  'emprestimo.read': visible,
  'emprestimo.return': visible,
};
