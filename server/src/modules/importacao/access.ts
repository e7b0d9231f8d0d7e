import { and, inArray } from 'drizzle-orm';
import { importacoes } from '../../db/schema';
import type { AccessRule } from '../../tenancy/rules';
import { ofTenant } from '../../tenancy/scope';

/** Uploaded registers of the scope's municipality (any other municipality's id is a 404). */
const importacaoManage: AccessRule = async (tx, scope, ids) => {
  const uuids = ids.map(String).filter((x) => /^[0-9a-f-]{36}$/i.test(x));
  if (!uuids.length) return [];
  const rows = await tx
    .select({ id: importacoes.id })
    .from(importacoes)
    .where(and(ofTenant(importacoes, scope), inArray(importacoes.id, uuids)));
  return rows.map((r) => r.id);
};

/** Who may use an uploaded register: the admins of its municipality (permission checked by the route). */
export const importacaoAccess = {
  'importacao.manage': importacaoManage,
};
