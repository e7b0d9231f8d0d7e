import fs from 'node:fs';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  IMOVEL_MSG,
  type Imovel,
  type ImovelField,
  type ImovelFilters,
  type ImovelList,
  type ImovelListQuery,
  type ImovelSortKey,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { imovelArquivos, imovelFields, imovelHistorico, imoveis } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { fold } from '../patrimonios';
import { imovelFiles } from './files';
import { toImovel, toImovelField, toImovelListItem, type ImovelFileRow, type ImovelRow } from './presenters';

const SORT_COLUMNS = {
  numero_patrimonio: imoveis.numeroPatrimonio,
  denominacao: imoveis.denominacao,
  situacao: imoveis.situacao,
  utilizacao: imoveis.utilizacao,
  setor_responsavel: imoveis.setorNome,
  bairro: imoveis.bairro,
  area_construida: imoveis.areaConstruida,
  valor_aquisicao: imoveis.valorAquisicao,
  createdAt: imoveis.createdAt,
  updatedAt: imoveis.updatedAt,
} satisfies Record<ImovelSortKey, unknown>;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** WHERE of the list, the export and the bench: municipality, quick search and filters. */
export function imovelWhere(scope: TenantScope, f: ImovelFilters): SQL {
  const c: SQL[] = [ofTenant(imoveis, scope)];
  if (f.q) {
    // Number by prefix, or the folded denominação containing the text (the trigram index serves it).
    c.push(
      or(
        sql`${imoveis.numeroPatrimonio} like ${`${likeEscape(f.q.toUpperCase())}%`}`,
        sql`${imoveis.denominacaoBusca} like ${`%${likeEscape(fold(f.q))}%`}`,
      )!,
    );
  }
  if (f.situacao) c.push(eq(imoveis.situacao, f.situacao));
  if (f.utilizacao) c.push(eq(imoveis.utilizacao, f.utilizacao));
  if (f.sectorId) c.push(eq(imoveis.sectorId, f.sectorId));
  if (f.bairro) c.push(eq(imoveis.bairro, f.bairro));
  return and(...c)!;
}

/** The ORDER BY of a sort key (id breaks ties so pages never overlap). */
export const imovelOrder = (sort: ImovelSortKey, order: 'asc' | 'desc') => {
  const col = SORT_COLUMNS[sort];
  return order === 'desc' ? [desc(col), desc(imoveis.id)] : [asc(col), asc(imoveis.id)];
};

/**
 * A page of the register. OFFSET paging over the ids alone (the (municipality, column, id) indexes),
 * then only the page's rows are read; the total is a count of the same WHERE.
 */
export async function listImoveis(tx: Db, scope: TenantScope, query: ImovelListQuery): Promise<ImovelList> {
  const { page, pageSize, sort, order, ...filters } = query;
  const where = imovelWhere(scope, filters);
  const ids = tx
    .select({ id: imoveis.id })
    .from(imoveis)
    .where(where)
    .orderBy(...imovelOrder(sort, order))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [{ n }]] = await Promise.all([
    tx
      .select()
      .from(imoveis)
      .where(sql`${imoveis.id} in (${ids})`)
      .orderBy(...imovelOrder(sort, order)),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(imoveis)
      .where(where),
  ]);
  return { imoveis: rows.map(toImovelListItem), total: n, page, pageSize };
}

/** A property of the scope's municipality (404 otherwise), locked for update when asked. */
export async function findImovel(tx: Db, scope: TenantScope, id: number, lock = false): Promise<ImovelRow> {
  const q = tx
    .select()
    .from(imoveis)
    .where(and(eq(imoveis.id, id), ofTenant(imoveis, scope)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(IMOVEL_MSG.notFound);
  return row;
}

/** The whole record of a row: its photos, documents and history. */
export async function loadImovel(tx: Db, row: ImovelRow): Promise<Imovel> {
  const [files, history] = await Promise.all([
    tx
      .select()
      .from(imovelArquivos)
      .where(and(eq(imovelArquivos.imovelId, row.id), sql`${imovelArquivos.manutencaoId} is null`))
      .orderBy(asc(imovelArquivos.createdAt)),
    tx
      .select()
      .from(imovelHistorico)
      .where(eq(imovelHistorico.imovelId, row.id))
      .orderBy(desc(imovelHistorico.id))
      .limit(200),
  ]);
  return toImovel(row, files, history);
}

export const getImovel = async (tx: Db, scope: TenantScope, id: number) =>
  loadImovel(tx, await findImovel(tx, scope, id));

/** The property form's fields in order (the defaults are seeded with the municipality). */
export async function listImovelFields(tx: Db, scope: TenantScope): Promise<ImovelField[]> {
  const rows = await tx
    .select()
    .from(imovelFields)
    .where(ofTenant(imovelFields, scope))
    .orderBy(asc(imovelFields.position), asc(imovelFields.id));
  return rows.map(toImovelField);
}

/** A photo or document of a property of the scope, with its path on disk (404 otherwise). */
export async function findImovelArquivo(
  tx: Db,
  scope: TenantScope,
  config: AppContext['config'],
  imovelId: number,
  fileId: string,
): Promise<{ row: ImovelFileRow; path: string }> {
  await findImovel(tx, scope, imovelId);
  const [row] = await tx
    .select()
    .from(imovelArquivos)
    .where(and(eq(imovelArquivos.id, fileId), eq(imovelArquivos.imovelId, imovelId)));
  const abs = row ? imovelFiles.resolveStored(config, row.storedPath) : null;
  if (!row || !abs || !fs.existsSync(abs)) throw notFound(IMOVEL_MSG.fileNotFound);
  return { row, path: abs };
}
