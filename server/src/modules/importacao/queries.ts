import { and, eq } from 'drizzle-orm';
import { IMPORTACAO_MSG, type Importacao } from '@tombo/shared';
import type { Db } from '../../db/client';
import { importacoes } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentImportacao, type ImportacaoRow } from './presenters';

/**
 * The scope's municipality's upload (404 for any other: another municipality's id is unknown here),
 * and only `ownerId`'s when given (a user who is not an admin uses only their own uploads).
 */
export async function getImportacaoRow(
  tx: Db,
  scope: TenantScope,
  id: string,
  lock = false,
  ownerId: number | null = null,
): Promise<ImportacaoRow> {
  const own = ownerId == null ? undefined : eq(importacoes.createdById, ownerId);
  const q = tx
    .select()
    .from(importacoes)
    .where(and(eq(importacoes.id, id), ofTenant(importacoes, scope), own));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound(IMPORTACAO_MSG.notFound);
  return row;
}

/** GET /api/importacoes/:id */
export async function getImportacao(
  tx: Db,
  scope: TenantScope,
  id: string,
  ownerId: number | null = null,
): Promise<Importacao> {
  return presentImportacao(await getImportacaoRow(tx, scope, id, false, ownerId));
}
