import { sql, type SQL } from 'drizzle-orm';
import { BUSCA_COUNT_CAP, searchWords, type BuscaKind } from '@tombo/shared';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { filterWhere } from '../patrimonios';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Trigram indexes need 3 characters: a shorter word alone would read the whole index, so it only narrows. */
const MIN_INDEXED_WORD = 3;

/**
 * The one row shape every provider's SELECT returns, so that all of them run as one statement (one
 * round trip): `branch` orders a kind's parts (an asset's number matches before its words).
 */
export interface SearchRow {
  kind: BuscaKind;
  branch: number;
  id: number;
  label: string;
  a: string | null;
  b: string | null;
}

/** `col like '%w%'` for each word: every word somewhere in the folded text (accents and case ignored). */
const allWords = (col: SQL, words: string[]): SQL =>
  sql.join(
    words.map((w) => sql`${col} like ${`%${likeEscape(w)}%`}`),
    sql` and `,
  );

/** The branch of a kind's count row (its `id` is the count): sorts before every result row. */
export const COUNT_BRANCH = -1;

/**
 * How many rows of `from` (a FROM … WHERE …) match, counted up to BUSCA_COUNT_CAP + 1 (an index range
 * cut short, as the activity log's total): the panel says "mais de 1.000" past it.
 */
const countPart = (kind: BuscaKind, from: SQL): SQL =>
  sql`(select ${kind}::text as kind, ${sql.raw(String(COUNT_BRANCH))} as branch, count(*)::int as id, ''::text as label,
    null as a, null as b from (select 1 ${from} limit ${BUSCA_COUNT_CAP + 1}) counted)`;

/** Runs the providers' SELECTs as one UNION ALL and returns their rows. */
export async function runSearch(tx: Db, parts: SQL[]): Promise<SearchRow[]> {
  if (!parts.length) return [];
  const result = await tx.execute(sql.join(parts, sql` union all `));
  return (result as unknown as { rows: SearchRow[] }).rows;
}

/**
 * Assets visible to the scope (the assets list's own WHERE: municipality and, for a `usuario`, their
 * sectors) whose number is `q` or starts with it (btree text_pattern_ops; as typed and in upper
 * case) or whose description has every word (trigram GIN on descricao_busca). LIMIT per branch,
 * no count: `limit + 1` rows tell whether there are more. label = number, a = description, b = sector · local.
 */
export async function assetParts(tx: Db, scope: TenantScope, q: string, limit: number): Promise<SQL[]> {
  const base = await filterWhere(tx, scope, {});
  const cols = (branch: number) =>
    sql`'patrimonios' as kind, ${sql.raw(String(branch))} as branch, id, numero_patrimonio as label, descricao_bem as a,
        concat_ws(' · ', setor_nome, local_nome) as b`;
  const typed = [...new Set([q.toUpperCase(), q])]; // numbers are usually upper case; imported ones kept as they came
  const parts = [
    sql`(select ${cols(0)} from patrimonios where ${base} and numero_patrimonio in (${sql.join(typed, sql`, `)}) limit 2)`,
  ];
  // No ORDER BY: an ordered scan of the plain (municipality, number) index would filter its way to the
  // prefix; the text_pattern_ops index reads the prefix's range (rows are sorted after, in JS).
  for (const p of typed)
    parts.push(sql`(select ${cols(1)} from patrimonios
      where ${base} and numero_patrimonio like ${`${likeEscape(p)}%`} limit ${limit + 1})`);
  const words = searchWords(q);
  if (words.some((w) => w.length >= MIN_INDEXED_WORD))
    parts.push(sql`(select ${cols(2)} from patrimonios
      where ${base} and ${allWords(sql`descricao_busca`, words)} limit ${limit + 1})`);
  const any = [
    sql`numero_patrimonio in (${sql.join(typed, sql`, `)})`,
    ...typed.map((p) => sql`numero_patrimonio like ${`${likeEscape(p)}%`}`),
    ...(words.some((w) => w.length >= MIN_INDEXED_WORD) ? [allWords(sql`descricao_busca`, words)] : []),
  ];
  parts.push(countPart('patrimonios', sql`from patrimonios where ${base} and (${sql.join(any, sql` or `)})`));
  return parts;
}

/** The municipality's sectors whose name has every word, or whose code is `q` (and their count). a = code. */
export function sectorParts(scope: TenantScope, q: string, limit: number): SQL[] {
  const from = sql`from sectors where municipality_id = ${scope.municipalityId}
      and ((${allWords(sql`immutable_unaccent(lower(name))`, searchWords(q))}) or upper(code) = ${q.toUpperCase()})`;
  return [
    sql`(select 'setores' as kind, 0 as branch, id, name as label, code as a, null as b ${from} order by name limit ${limit})`,
    countPart('setores', from),
  ];
}

/** The municipality's locations whose name has every word (and their count). a = their sector's name. */
export function localParts(scope: TenantScope, q: string, limit: number): SQL[] {
  const where = sql`where l.municipality_id = ${scope.municipalityId}
      and ${allWords(sql`immutable_unaccent(lower(l.name))`, searchWords(q))}`;
  return [
    sql`(select 'locais' as kind, 0 as branch, l.id, l.name as label, s.name as a, null as b from locais l join sectors s on s.id = l.sector_id
    ${where} order by l.name limit ${limit})`,
    countPart('locais', sql`from locais l ${where}`),
  ];
}

/** The municipality's users whose name or e-mail has every word (and their count). a = e-mail, b = role. */
export function userParts(scope: TenantScope, q: string, limit: number): SQL[] {
  const from = sql`from users where municipality_id = ${scope.municipalityId}
      and ${allWords(sql`immutable_unaccent(lower(name || ' ' || email))`, searchWords(q))}`;
  return [
    sql`(select 'usuarios' as kind, 0 as branch, id, name as label, email as a, role as b ${from} order by name limit ${limit})`,
    countPart('usuarios', from),
  ];
}

/**
 * The municipality's properties (every role that reads them sees all): number equal to `q`, number
 * prefix, or every word in the folded denominação (trigram GIN on denominacao_busca). label = number,
 * a = denominação, b = endereço · bairro.
 */
export function imovelParts(scope: TenantScope, q: string, limit: number): SQL[] {
  const m = scope.municipalityId;
  const cols = (branch: number) =>
    sql`'imoveis' as kind, ${sql.raw(String(branch))} as branch, id, numero_patrimonio as label, denominacao as a,
        concat_ws(' · ', endereco, bairro) as b`;
  const typed = [...new Set([q.toUpperCase(), q])];
  const parts = [
    sql`(select ${cols(0)} from imoveis where municipality_id = ${m} and numero_patrimonio in (${sql.join(typed, sql`, `)}) limit 2)`,
  ];
  for (const p of typed)
    parts.push(sql`(select ${cols(1)} from imoveis
      where municipality_id = ${m} and numero_patrimonio like ${`${likeEscape(p)}%`} limit ${limit + 1})`);
  const words = searchWords(q);
  if (words.some((w) => w.length >= MIN_INDEXED_WORD))
    parts.push(sql`(select ${cols(2)} from imoveis
      where municipality_id = ${m} and ${allWords(sql`denominacao_busca`, words)} limit ${limit + 1})`);
  const any = [
    sql`numero_patrimonio in (${sql.join(typed, sql`, `)})`,
    ...typed.map((p) => sql`numero_patrimonio like ${`${likeEscape(p)}%`}`),
    ...(words.some((w) => w.length >= MIN_INDEXED_WORD) ? [allWords(sql`denominacao_busca`, words)] : []),
  ];
  parts.push(countPart('imoveis', sql`from imoveis where municipality_id = ${m} and (${sql.join(any, sql` or `)})`));
  return parts;
}
