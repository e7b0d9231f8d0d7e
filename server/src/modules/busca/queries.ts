import { sql, type SQL } from 'drizzle-orm';
import { ROLE_LABELS, searchWords, type Role } from '@tombo/shared';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { filterWhere } from '../patrimonios';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Trigram indexes need 3 characters: shorter words would read the whole index, so they only narrow. */
const MIN_INDEXED_WORD = 3;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `col like '%w%'` for each word: every word somewhere in the folded text (accents and case ignored). */
const allWords = (col: SQL, words: string[]): SQL =>
  sql.join(
    words.map((w) => sql`${col} like ${`%${likeEscape(w)}%`}`),
    sql` and `,
  );

export interface AssetHit {
  id: number;
  numero: string;
  descricao: string;
  setor: string | null;
  local: string | null;
  byNumber: boolean;
}

/**
 * Assets visible to the scope (the list's own WHERE: municipality and, for a `usuario`, their sectors)
 * whose number starts with `q` (btree text_pattern_ops, in number order) or whose description has every
 * word (trigram GIN on descricao_busca). One statement, LIMIT per branch, no count; `limit + 1` rows
 * tell whether there are more.
 */
export async function searchAssets(tx: Db, scope: TenantScope, q: string, limit: number): Promise<AssetHit[]> {
  const base = await filterWhere(tx, scope, {});
  const words = searchWords(q);
  const indexed = words.filter((w) => w.length >= MIN_INDEXED_WORD);
  const cols = sql`id, numero_patrimonio as numero, descricao_bem as descricao, setor_nome as setor, local_nome as local`;
  // Numbers are usually upper case ('2020ED0000123'); imported ones are kept as they came, so as typed too.
  const prefixes = [...new Set([q.toUpperCase(), q])];
  const branches = prefixes.map(
    (p) => sql`(select ${cols}, true as "byNumber" from patrimonios
      where ${base} and numero_patrimonio like ${`${likeEscape(p)}%`}
      order by numero_patrimonio limit ${limit + 1})`,
  );
  if (indexed.length)
    branches.push(sql`(select ${cols}, false from patrimonios
      where ${base} and ${allWords(sql`descricao_busca`, words)} limit ${limit + 1})`);
  const rows = rowsOf<AssetHit>(await tx.execute(sql.join(branches, sql` union all `)));
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

export interface NamedHit {
  id: number;
  name: string;
  extra: string | null;
}

/** The municipality's sectors whose name has every word, or whose code is `q`. */
export async function searchSectors(tx: Db, scope: TenantScope, q: string, limit: number): Promise<NamedHit[]> {
  const words = searchWords(q);
  return rowsOf<NamedHit>(
    await tx.execute(sql`select id, name, code as extra from sectors
      where municipality_id = ${scope.municipalityId}
        and ((${allWords(sql`immutable_unaccent(lower(name))`, words)}) or upper(code) = ${q.toUpperCase()})
      order by name limit ${limit}`),
  );
}

/** The municipality's locations whose name has every word, with their sector's name. */
export async function searchLocais(tx: Db, scope: TenantScope, q: string, limit: number): Promise<NamedHit[]> {
  const words = searchWords(q);
  return rowsOf<NamedHit>(
    await tx.execute(sql`select l.id, l.name, s.name as extra from locais l join sectors s on s.id = l.sector_id
      where l.municipality_id = ${scope.municipalityId}
        and ${allWords(sql`immutable_unaccent(lower(l.name))`, words)}
      order by l.name limit ${limit}`),
  );
}

/** The municipality's users whose name or e-mail has every word (the caller needs users:read). */
export async function searchUsers(tx: Db, scope: TenantScope, q: string, limit: number): Promise<NamedHit[]> {
  const words = searchWords(q);
  const rows = rowsOf<{ id: number; name: string; email: string; role: Role }>(
    await tx.execute(sql`select id, name, email, role from users
      where municipality_id = ${scope.municipalityId}
        and ${allWords(sql`immutable_unaccent(lower(name || ' ' || email))`, words)}
      order by name limit ${limit}`),
  );
  return rows.map((r) => ({ id: r.id, name: r.name, extra: `${r.email} · ${ROLE_LABELS[r.role] ?? r.role}` }));
}
