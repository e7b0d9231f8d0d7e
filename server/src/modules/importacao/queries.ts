import { and, eq } from 'drizzle-orm';
import { IMPORTACAO_MSG, type Importacao } from '@tombo/shared';
import type { Db } from '../../db/client';
import { importacoes } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentImportacao, type ImportacaoRow } from './presenters';

/** The scope's municipality's upload (404 for any other: another municipality's id is unknown here). */
export async function getImportacaoRow(tx: Db, scope: TenantScope, id: string, lock = false): Promise<ImportacaoRow> {
  const q = tx
    .select()
    .from(importacoes)
    .where(and(eq(importacoes.id, id), ofTenant(importacoes, scope)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound(IMPORTACAO_MSG.notFound);
  return row;
}

/** GET /api/importacoes/:id */
export async function getImportacao(tx: Db, scope: TenantScope, id: string): Promise<Importacao> {
  return presentImportacao(await getImportacaoRow(tx, scope, id));
}
