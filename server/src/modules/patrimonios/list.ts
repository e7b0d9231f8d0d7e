import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PatrimonioList, PatrimonioListQuery, PatrimonioSortKey } from '@tombo/shared';
import type { Db } from '../../db/client';
import { assetVersions, patrimonios } from '../../db/schema';
import { scopeOfMunicipality, type TenantScope } from '../../tenancy/scope';
import { cachedTotal, noteVersion, totalKey, versionHint } from '../../db/paging/totals';
import { ANCHOR_EVERY, anchorBefore, anchorPays, anchorsFor, seekSegments, type Anchor } from '../../db/paging/seek';
import { countPatrimonios, filterWhere } from './filters';
import { LIST_ITEM_COLUMNS, toListItem, type ListTextRow } from './presenters';

const SORT_COLUMNS = {
  numero_patrimonio: patrimonios.numeroPatrimonio,
  descricao_bem: patrimonios.descricaoBem,
  tipo: patrimonios.tipoNome,
  setor_responsavel: patrimonios.setorNome,
  local_objeto: patrimonios.localNome,
  status: patrimonios.status,
  valor_aquisicao: patrimonios.valorAquisicao,
  quantidade: patrimonios.quantidade,
  data_aquisicao: patrimonios.dataAquisicao,
  forma_aquisicao: patrimonios.formaNome,
  estado_conservacao: patrimonios.estadoConservacao,
  createdAt: patrimonios.createdAt,
  updatedAt: patrimonios.updatedAt,
} satisfies Record<PatrimonioSortKey, unknown>;

/** Sorts with a (municipality, sector, column, id) index (schema.ts): a several-sector scope is merged from them. */
const SECTOR_SORTED = new Set<PatrimonioSortKey>([
  'numero_patrimonio',
  'descricao_bem',
  'tipo',
  'local_objeto',
  'status',
  'valor_aquisicao',
  'data_aquisicao',
  'estado_conservacao',
  'createdAt',
  'updatedAt',
]);
const MAX_SECTORS_APART = 16;
/** Past this many rows per part (OFFSET pages far from any anchor) one filtered scan is cheaper. */
const MAX_ROWS_APART = 2 * ANCHOR_EVERY;

/**
 * The page's rows are read with plain SQL, only the list item's columns, each under its row key: on the
 * list's hot path Drizzle's per-row result mapping was a tenth of the CPU of a request, and decoding the
 * columns the item does not show (the search copy of the description, notes) another. node-postgres already
 * gives these columns their row values (numbers, text, booleans, parsed JSON; numeric and dates as text, as
 * their columns are declared); the timestamps, which drizzle's driver settings leave as text, the list item
 * rewrites as ISO text (`ListTextRow`).
 */
const ROW_SELECT = sql.raw(
  LIST_ITEM_COLUMNS.map((key) => `"patrimonios"."${patrimonios[key].name}" as "${key}"`).join(', '),
);

/** The municipality's current asset version (0 before its first asset write). */
const versionOf = (municipalityId: number) =>
  sql<number>`coalesce((select ${assetVersions.version} from ${assetVersions} where ${assetVersions.municipalityId} = ${municipalityId}), 0)`.mapWith(
    Number,
  );

/**
 * A page of the list. OFFSET paging with the deep-page trick of DESIGN §10: a page past the middle
 * is read in the reverse order with a small offset (the indexes serve both directions). The total
 * comes from the count cache, checked against the asset version read with the page.
 */
export async function listPatrimonios(
  tx: Db,
  scope: TenantScope,
  query: PatrimonioListQuery & { cf?: Record<string, string> },
): Promise<PatrimonioList> {
  const { page, pageSize, sort, order, ...filters } = query;
  const m = scope.municipalityId;
  // Built once, when a statement needs it (a cached total does not).
  let whereBuilt: Promise<SQL> | undefined;
  const whereOf = () => (whereBuilt ??= filterWhere(tx, scope, filters));
  const col = SORT_COLUMNS[sort];
  const offset = (page - 1) * pageSize;
  // Custom-field filters also depend on the field definitions: those totals are never cached.
  const cacheable = !filters.cf || Object.keys(filters.cf).length === 0;
  const total = (version: number | undefined) =>
    cachedTotal(cacheable ? totalKey('patrimonios', m, version, scope.sectorIds, filters) : null, () =>
      whereOf().then((where) => countPatrimonios(tx, where)),
    );
  // Deferred join: the offset is walked over the ids alone (an index-only scan of the composite
  // (municipality_id[, filter], sort column, id) indexes when one fits), and only the page's rows are read.
  // id is the tiebreaker so the order is total and pages never overlap.
  const currentVersion = async () => (await tx.select({ v: versionOf(m) }).from(sql`(select 1) as one`))[0].v;
  const ordered = (desc_: boolean) => (desc_ ? [desc(col), desc(patrimonios.id)] : [asc(col), asc(patrimonios.id)]);
  /** Every ANCHOR_EVERY-th row's sort key, in the requested order (see seek.ts). */
  const buildAnchors = async (): Promise<Anchor[]> => {
    const where = await whereOf();
    const got = (await tx.execute(sql`select s.v, s.id, s.pos from (
        select ${col} as v, ${patrimonios.id} as id, row_number() over (order by ${sql.join(ordered(order === 'desc'), sql`, `)}) - 1 as pos
        from ${patrimonios} where ${where}) s
      where s.pos > 0 and s.pos % ${ANCHOR_EVERY} = 0 order by s.pos`)) as unknown as {
      rows: Array<{ v: unknown; id: number; pos: number | string }>;
    };
    return got.rows.map((r) => ({ position: Number(r.pos), value: r.v, id: Number(r.id) }));
  };
  // A scope of several sectors (a `usuario`) is read sector by sector, each from its (sector, sort)
  // index, and merged: one scan of the municipality's index filtered by sector reads the other
  // sectors' rows too, and cannot be ordered by a (sector, sort) index across an IN list.
  // (An IN list in the same condition would turn each range into an unordered scan: each part gets its own WHERE.)
  const apart =
    !filters.sectorId &&
    !!scope.sectorIds &&
    scope.sectorIds.length > 1 &&
    scope.sectorIds.length <= MAX_SECTORS_APART &&
    SECTOR_SORTED.has(sort);
  const sectorWheresOf = () =>
    Promise.all(
      scope.sectorIds!.map((id) => filterWhere(tx, scopeOfMunicipality(scope.municipalityId, [id]), filters)),
    );
  /**
   * The ids of `limit` rows after `skip`, in that direction, over the ordered ranges `segments` (one,
   * or two after an anchor of a column with empty values) and, when apart, per sector: each part is
   * an index range cut at skip + limit rows, and the parts are merged in order.
   */
  const idsQuery = async (segments: Array<SQL | undefined>, descending: boolean, limit: number, skip: number) => {
    const bases = apart && skip + limit <= MAX_ROWS_APART ? await sectorWheresOf() : [await whereOf()];
    const parts = segments.flatMap((from, seg) => bases.map((base) => ({ seg, where: and(base, from)! })));
    if (parts.length === 1) {
      return sql`select ${patrimonios.id} from ${patrimonios} where ${parts[0].where} order by ${sql.join(ordered(descending), sql`, `)} limit ${limit} offset ${skip}`;
    }
    // With one segment the parts are merged as they come (Merge Append); a second segment comes after the first.
    const dir = sql.raw(descending ? 'desc' : 'asc');
    const seg = (n: number) => (segments.length > 1 ? sql.raw(`${n} as seg, `) : sql.raw(''));
    const selects = parts.map(
      (p) => sql`(select ${seg(p.seg)}${col} as v, ${patrimonios.id} as id from ${patrimonios}
      where ${p.where} order by ${col} ${dir}, ${patrimonios.id} ${dir} limit ${skip + limit})`,
    );
    return sql`select u.id from (${sql.join(selects, sql` union all `)}) u
      order by ${segments.length > 1 ? sql.raw('u.seg, ') : sql.raw('')}u.v ${dir}, u.id ${dir} limit ${limit} offset ${skip}`;
  };
  /** The page given total n and the version the caches are keyed on, and the asset version its rows were read at. */
  const pageQuery = async (
    n: number,
    version: number | undefined,
  ): Promise<{ rows: ListTextRow[]; version: number; seek: boolean }> => {
    if (offset > 0 && offset >= n) return { rows: [], version: await currentVersion(), seek: false };
    // Near the end of the list reading backwards skips fewer rows than the anchor before the page.
    const anchor =
      cacheable && version !== undefined && anchorPays(offset, n - offset - pageSize)
        ? anchorBefore(
            await anchorsFor(
              JSON.stringify(['patrimonios', m, version, scope.sectorIds, filters, sort, order]),
              buildAnchors,
            ),
            offset,
          )
        : undefined;
    const reverse = !anchor && offset > 0 && offset + pageSize / 2 > n / 2;
    const direction = (order === 'desc') !== reverse ? 'desc' : 'asc';
    const dir = sql.raw(direction);
    const pageRows = sql`select ${ROW_SELECT}, ${versionOf(m)} as "__version" from ${patrimonios}`;
    let got: { rows: Array<Record<string, unknown>> };
    if (offset === 0 && !apart) {
      // A first page skips nothing: the deferred join would only plan the table twice (half the statement's time).
      got = (await tx.execute(
        sql`${pageRows} where ${await whereOf()} order by ${col} ${dir}, ${patrimonios.id} ${dir} limit ${pageSize}`,
      )) as never;
    } else {
      const ids = anchor
        ? await idsQuery(
            seekSegments(col, patrimonios.id, order, anchor),
            order === 'desc',
            pageSize,
            offset - anchor.position,
          )
        : await idsQuery(
            [undefined],
            (order === 'desc') !== reverse,
            reverse ? Math.min(pageSize, n - offset) : pageSize,
            reverse ? Math.max(0, n - offset - pageSize) : offset,
          );
      got = (await tx.execute(
        sql`${pageRows} where ${patrimonios.id} in (${ids}) order by ${col} ${dir}, ${patrimonios.id} ${dir}`,
      )) as never;
    }
    const rows = got.rows as unknown as ListTextRow[];
    return {
      rows: reverse ? rows.reverse() : rows,
      version: got.rows.length ? Number(got.rows[0].__version) : await currentVersion(),
      seek: !!anchor,
    };
  };
  const hint = versionHint('patrimonios', m);
  let n = 0;
  let result: { rows: ListTextRow[]; version: number; seek: boolean };
  if (offset === 0) {
    // The first page does not depend on the total: both at once when the version is probably known.
    if (hint !== undefined) [result, n] = await Promise.all([pageQuery(0, hint), total(hint)]);
    else result = await pageQuery(0, hint);
    if (result.version !== hint) n = await total(result.version);
  } else {
    n = await total(hint);
    result = await pageQuery(n, hint);
    if (result.version !== hint) {
      // The assets changed since this node last looked: the total, anchors and bounds may too.
      const fresh = await total(result.version);
      if (fresh !== n || result.seek) result = await pageQuery(fresh, result.version);
      n = fresh;
    }
  }
  noteVersion('patrimonios', m, result.version);
  return { patrimonios: result.rows.map(toListItem), total: n, page, pageSize };
}
