import fs from 'node:fs';
import { and, asc, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
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
import { ANCHOR_EVERY, anchorBefore, anchorsFor, seekSegments, type Anchor } from '../../db/paging/seek';
import { cachedTotal, noteVersion, totalKey, versionHint } from '../../db/paging/totals';
import { imovelArquivos, imovelFields, imovelHistorico, imovelVersions, imoveis } from '../../db/schema';
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

/** The municipality's property-register version (0 before its first write). */
const versionOf = (municipalityId: number) =>
  sql<number>`coalesce((select ${imovelVersions.version} from ${imovelVersions} where ${imovelVersions.municipalityId} = ${municipalityId}), 0)`.mapWith(
    Number,
  );

/**
 * A page of the register, as the asset list (docs/architecture.md, lists): OFFSET over the ids alone
 * (the (municipality, column, id) indexes), deep pages from seek anchors, and the total from the count
 * cache keyed on imovel_versions, read in the same statement as the page's rows.
 */
export async function listImoveis(tx: Db, scope: TenantScope, query: ImovelListQuery): Promise<ImovelList> {
  const { page, pageSize, sort, order, ...filters } = query;
  const m = scope.municipalityId;
  const where = imovelWhere(scope, filters);
  const col = SORT_COLUMNS[sort];
  const offset = (page - 1) * pageSize;
  const total = (version: number | undefined) =>
    cachedTotal(totalKey('imoveis', m, version, scope.sectorIds, filters), async () => {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(imoveis)
        .where(where);
      return n;
    });
  const buildAnchors = async (): Promise<Anchor[]> => {
    const got = (await tx.execute(sql`select s.v, s.id, s.pos from (
        select ${col} as v, ${imoveis.id} as id, row_number() over (order by ${sql.join(imovelOrder(sort, order), sql`, `)}) - 1 as pos
        from ${imoveis} where ${where}) s
      where s.pos > 0 and s.pos % ${ANCHOR_EVERY} = 0 order by s.pos`)) as unknown as {
      rows: Array<{ v: unknown; id: number; pos: number | string }>;
    };
    return got.rows.map((r) => ({ position: Number(r.pos), value: r.v, id: Number(r.id) }));
  };
  /** The page's rows at the version the caches are keyed on, with the version they were read at. */
  const pageAt = async (version: number | undefined) => {
    const anchor =
      version !== undefined && offset >= ANCHOR_EVERY
        ? anchorBefore(
            await anchorsFor(
              JSON.stringify(['imoveis', m, version, scope.sectorIds, filters, sort, order]),
              buildAnchors,
            ),
            offset,
          )
        : undefined;
    // Rows after an anchor continue over one or two ordered ranges (seekSegments), read in turn.
    const segments = anchor ? seekSegments(col, imoveis.id, order, anchor) : [undefined];
    const skip = anchor ? offset - anchor.position : offset;
    const ids = segments.map((from, k) =>
      tx
        .select({ id: imoveis.id, v: sql`${col}`.as('v'), seg: sql<number>`${k}`.as('seg') })
        .from(imoveis)
        .where(and(where, from))
        .orderBy(...imovelOrder(sort, order))
        .limit(skip + pageSize),
    );
    const idQuery =
      ids.length === 1
        ? tx
            .select({ id: imoveis.id })
            .from(imoveis)
            .where(and(where, segments[0]))
            .orderBy(...imovelOrder(sort, order))
            .limit(pageSize)
            .offset(skip)
        : sql`select u.id from ((${ids[0]}) union all (${ids[1]})) u
            order by u.seg, u.v ${sql.raw(order)}, u.id ${sql.raw(order)} limit ${pageSize} offset ${skip}`;
    const rows = await tx
      .select({ ...getTableColumns(imoveis), __version: versionOf(m) })
      .from(imoveis)
      .where(sql`${imoveis.id} in (${idQuery})`)
      .orderBy(...imovelOrder(sort, order));
    const read = rows.length
      ? rows[0].__version
      : (await tx.select({ v: versionOf(m) }).from(sql`(select 1) as one`))[0].v;
    return { rows, version: read, seek: !!anchor };
  };
  const hint = versionHint('imoveis', m);
  let [result, n] = await Promise.all([pageAt(hint), total(hint)]);
  if (result.version !== hint) {
    // The register changed since this node last looked: the total and the anchors may too.
    n = await total(result.version);
    if (result.seek) result = await pageAt(result.version);
  }
  noteVersion('imoveis', m, result.version);
  return { imoveis: result.rows.map(toImovelListItem), total: n, page, pageSize };
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
