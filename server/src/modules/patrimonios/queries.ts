import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { PATRIMONIO_MSG, type Patrimonio, type PatrimonioListItem } from '@tombo/shared';
import type { Db } from '../../db/client';
import { patrimonioArquivos, patrimonioHistorico, patrimonios } from '../../db/schema';
import { notFound } from '../../http/errors';
import { inScope, ofTenant, type TenantScope } from '../../tenancy/scope';
import { countPatrimonios, filterWhere } from './filters';
import { toListItem, toPatrimonio, type Row } from './presenters';

/**
 * The asset row if the scope may see it, locked for update when asked; else 404 (another
 * municipality's asset, or for a usuario another sector's: ids must not be probeable).
 */
export async function findOwn(tx: Db, scope: TenantScope, id: number, lock = false): Promise<Row> {
  const q = tx
    .select()
    .from(patrimonios)
    .where(and(eq(patrimonios.id, id), ofTenant(patrimonios, scope)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row || !inScope(scope, row.sectorId)) throw notFound(PATRIMONIO_MSG.notFound);
  return row;
}

/** The whole record of a row: files and the latest 500 history entries. */
export async function loadPatrimonio(tx: Db, r: Row): Promise<Patrimonio> {
  const files = await tx
    .select()
    .from(patrimonioArquivos)
    .where(eq(patrimonioArquivos.patrimonioId, r.id))
    .orderBy(asc(patrimonioArquivos.createdAt));
  const history = await tx
    .select()
    .from(patrimonioHistorico)
    .where(eq(patrimonioHistorico.patrimonioId, r.id))
    .orderBy(desc(patrimonioHistorico.id))
    .limit(500);
  return toPatrimonio(r, files, history);
}

/** One asset by id, whole. */
export async function getPatrimonio(tx: Db, scope: TenantScope, id: number): Promise<Patrimonio> {
  return loadPatrimonio(tx, await findOwn(tx, scope, id));
}

/** One asset by its number (the QR code and the label carry it), whole. */
export async function getByNumero(tx: Db, scope: TenantScope, numero: string): Promise<Patrimonio> {
  const [row] = await tx
    .select()
    .from(patrimonios)
    .where(and(ofTenant(patrimonios, scope), eq(patrimonios.numeroPatrimonio, numero.toUpperCase())));
  if (!row || !inScope(scope, row.sectorId)) throw notFound(PATRIMONIO_MSG.notFound);
  return loadPatrimonio(tx, row);
}

/**
 * Sync (spec §7): everything the user may see, by id, a cursor page at a time (index (municipality, id) or
 * (municipality, sector, id)). The first page (`after` = 0) also carries `total`, for the client's progress bar.
 */
export async function syncPatrimonios(
  tx: Db,
  scope: TenantScope,
  after: number,
  limit: number,
): Promise<{ patrimonios: PatrimonioListItem[]; nextAfter: number | null; total?: number }> {
  const visible = await filterWhere(tx, scope, {});
  const rows = await tx
    .select()
    .from(patrimonios)
    .where(and(visible, gt(patrimonios.id, after)))
    .orderBy(asc(patrimonios.id))
    .limit(limit);
  const page = {
    patrimonios: rows.map(toListItem),
    nextAfter: rows.length === limit ? rows[rows.length - 1].id : null,
  };
  return after === 0 ? { ...page, total: await countPatrimonios(tx, visible) } : page;
}
