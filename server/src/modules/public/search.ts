import { sql, type SQL } from 'drizzle-orm';
import { PUBLIC_MSG, type PublicMunicipio, type PublicPatrimonioList, type publicPatrimonioQuery } from '@tombo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { patrimonios } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentPublic } from './presenters';

type PublicQuery = z.infer<typeof publicPatrimonioQuery>;
type Sort = NonNullable<PublicQuery['sort']>;

/** Counted up to this many rows: past it the answer says "more than" (a count must not scan a city). */
export const COUNT_CAP = 10_000;
const MAX_TERMS = 8;

/** Sort key → column (all public fields; each has a (municipality_id, column, id) index). */
const SORT_COLUMNS = {
  numero_patrimonio: 'numero_patrimonio',
  descricao_bem: 'descricao_bem',
  tipo: 'tipo_nome',
  setor_responsavel: 'setor_nome',
  local_objeto: 'local_nome',
  status: 'status',
  data_aquisicao: 'data_aquisicao',
} as const satisfies Record<Exclude<Sort, 'relevancia'>, string>;

/** The words of a search, letters and digits only (no tsquery operator can come from the visitor). */
export function searchTerms(q: string): string[] {
  return (q.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS).map((w) => w.slice(0, 40));
}

/**
 * The visitor's words as a tsquery (migration 0048, `tombo_consulta`): every word by its singulars (accents and
 * case folded), the last one also as a prefix of the word as typed when it has 3+ letters; `prefix` false gives
 * the whole-word query that ranks whole words above prefixes. NULL when only common words ('de', 'a') are left.
 */
const wordsQuery = (terms: string[], prefix: boolean) => sql`public.tombo_consulta(${terms.join(' ')}, ${prefix})`;

/** The stored search document (weighted fields, migration 0042): what ranking reads. */
const DOC = sql.raw('busca_publica');
/** The GIN index's keys (migration 0042): the query must repeat the expression exactly. */
const KEYS = sql.raw('public.patrimonio_busca_chaves(municipality_id, numero_patrimonio, busca_publica)');

/** `'12#PAT00':*`: a number prefix among the municipality's keys, as tsquery text (quotes and backslashes doubled). */
const numeroPrefixQuery = (municipalityId: number, prefix: string) =>
  `'${`${municipalityId}#${prefix}`.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Cursor = [value: string | number | null, id: number];
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(after: string, sort: Sort): Cursor {
  try {
    const c = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(c) || c.length !== 2 || !Number.isSafeInteger(c[1]) || c[1] < 0 || c[1] > 2 ** 31)
      throw new Error('shape');
    const v = c[0] as unknown;
    if (sort === 'relevancia' ? typeof v !== 'number' || !Number.isFinite(v) : v !== null && typeof v !== 'string')
      throw new Error('value');
    if (typeof v === 'string' && v.length > 300) throw new Error('long');
    return [v as string | number | null, c[1] as number];
  } catch {
    throw badRequest(PUBLIC_MSG.badCursor, { after: PUBLIC_MSG.badCursor });
  }
}

const NULLABLE = new Set(['tipo_nome', 'local_nome', 'data_aquisicao']);

/**
 * Rows after the cursor in (key, id) order, as a row comparison the (municipality_id, key, id) index
 * answers; NULL keys (nullable columns only) sort last ascending and first descending.
 */
function keyset(column: string, desc: boolean, [v, id]: Cursor): SQL {
  const key = sql.raw(column);
  const nullable = NULLABLE.has(column);
  if (!desc) {
    if (v === null) return sql`(${key} is null and id > ${id})`;
    return nullable ? sql`((${key}, id) > (${v}, ${id}) or ${key} is null)` : sql`(${key}, id) > (${v}, ${id})`;
  }
  if (v === null) return sql`((${key} is null and id < ${id}) or ${key} is not null)`;
  return sql`(${key}, id) < (${v}, ${id})`;
}

/**
 * A page of the municipality's assets, public fields only: Portuguese full-text search (singulars, accents
 * folded) ranked by relevance, or an exact number prefix; keyset paging with `after` (no OFFSET scan),
 * OFFSET only for the legacy `page` (bounded to page 400 by the contract).
 */
export async function searchPublic(
  tx: Db,
  scope: TenantScope,
  m: PublicMunicipio,
  q: PublicQuery,
): Promise<PublicPatrimonioList> {
  const terms = q.q ? searchTerms(q.q) : [];
  const searching = !!q.q;
  const sort: Sort = q.sort ?? (searching ? 'relevancia' : 'numero_patrimonio');
  const c: SQL[] = [];
  let rank: SQL = sql`0::float8`;
  const words = searching && terms.length > 0;
  const typed = q.q?.toUpperCase() ?? '';
  const numero = `${likeEscape(typed)}%`;
  if (words) {
    const tsq = wordsQuery(terms, true);
    const m = scope.municipalityId;
    // The words or the number prefix, in one GIN scan of this municipality's keys only. The keys are
    // the tenancy here: a `municipality_id =` beside them would make PostgreSQL intersect the town's
    // whole posting list of another index (row-level security still applies).
    c.push(
      sql`${KEYS} @@ coalesce(public.patrimonio_busca_consulta(${m}::int, ${tsq}) || ${numeroPrefixQuery(m, typed)}::tsquery,
        ${numeroPrefixQuery(m, typed)}::tsquery)`,
    );
    // A number match outranks any text match; then ts_rank with the field weights (A description…), twice
    // for whole words (a row found only by the prefix of the last word comes after).
    rank = sql`(case when numero_patrimonio like ${numero} then 1 else 0 end + coalesce(ts_rank(${DOC}, ${tsq}), 0)
      + coalesce(ts_rank(${DOC}, ${wordsQuery(terms, false)}), 0))::float8`;
  } else {
    c.push(ofTenant(patrimonios, scope));
    if (searching) c.push(sql`numero_patrimonio like ${numero}`);
  }
  if (q.sectorId) c.push(sql`sector_id = ${q.sectorId}`);
  if (q.tipoId) c.push(sql`tipo_id = ${q.tipoId}`);
  if (q.status) c.push(sql`status = ${q.status}`);
  const where = sql.join(c, sql` and `);

  const relevance = sort === 'relevancia';
  const key = sql.raw(relevance ? 'rank' : SORT_COLUMNS[sort]);
  // Relevance: best first; ties (and every other sort) by id in the sort's direction.
  const desc = relevance ? true : q.order === 'desc';
  const cursor = q.after ? decodeCursor(q.after, sort) : undefined;
  const after = cursor
    ? relevance
      ? sql`where (rank < ${cursor[0]} or (rank = ${cursor[0]} and id > ${cursor[1]}))`
      : sql`where ${keyset(SORT_COLUMNS[sort as keyof typeof SORT_COLUMNS], desc, cursor)}`
    : sql``;
  const order = relevance
    ? sql`rank desc, id asc`
    : desc
      ? sql`${key} desc nulls first, id desc`
      : sql`${key} asc nulls last, id asc`;
  const offset = cursor ? 0 : (q.page - 1) * q.pageSize;
  const { rows } = (await tx.execute(sql`
    select * from (
      select id, numero_patrimonio, descricao_bem, tipo_nome, setor_nome, local_nome, status, data_aquisicao,
        data_aquisicao::text as data_texto, ${rank} as rank${words ? sql`, count(*) over ()::int as matches` : sql``}
      from patrimonios where ${where}
    ) s ${after}
    order by ${order} limit ${q.pageSize + 1} offset ${offset}`)) as unknown as { rows: Row[] };
  // A word search reads (and ranks) every match for its page anyway: the page's rows carry their count.
  // A list or a past-the-end page counts apart, capped (a count must not scan a city).
  const n = words && rows.length ? Number(rows[0].matches) : await countCapped(tx, where);
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  const lastKey = (r: Row): Cursor[0] => {
    if (relevance) return Number(r.rank);
    if (sort === 'data_aquisicao') return r.data_texto;
    return (r[SORT_COLUMNS[sort] as keyof Row] as string | null) ?? null;
  };
  return {
    municipio: { id: m.id, name: m.name, slug: m.slug },
    patrimonios: page.map((r) =>
      presentPublic(
        {
          numero_patrimonio: r.numero_patrimonio,
          descricao_bem: r.descricao_bem,
          tipo: r.tipo_nome,
          setor_responsavel: r.setor_nome,
          local_objeto: r.local_nome,
          status: r.status,
          data_aquisicao: r.data_texto,
        },
        m.name,
      ),
    ),
    total: Math.min(n, COUNT_CAP),
    totalExact: n <= COUNT_CAP,
    page: q.page,
    pageSize: q.pageSize,
    nextAfter: rows.length > q.pageSize && last ? encodeCursor([lastKey(last), last.id]) : null,
  };
}

async function countCapped(tx: Db, where: SQL): Promise<number> {
  const { rows } = (await tx.execute(
    sql`select count(*)::int as n from (select 1 from patrimonios where ${where} limit ${COUNT_CAP + 1}) s`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(rows[0]?.n ?? 0);
}

interface Row {
  id: number;
  numero_patrimonio: string;
  descricao_bem: string;
  tipo_nome: string | null;
  setor_nome: string;
  local_nome: string | null;
  status: string;
  data_texto: string | null;
  rank: number;
  matches?: number;
}
