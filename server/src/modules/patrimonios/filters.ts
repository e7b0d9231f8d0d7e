import { and, eq, gte, inArray, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import { PATRIMONIO_MSG, type PatrimonioFilters } from '@tombo/shared';
import type { Db } from '../../db/client';
import { patrimonios } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { listFields } from '../form-fields';

/**
 * `column` is one of `ids`, as one array parameter however many there are (`inArray` writes one parameter
 * each: a bulk edit's 10,000 ids made statements slow to build and near PostgreSQL's 65,535 limit).
 */
export const amongIds = (column: Column, ids: readonly number[]): SQL =>
  sql`${column} = any(${sql.param([...ids])}::int[])`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The same folding as immutable_unaccent(lower(x)) (the column descricao_busca), done on the parameter. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The quick search's two patterns: the number by prefix, the folded description containing the words. */
const quickSearchPatterns = (q: string) => ({
  numero: `${likeEscape(q.toUpperCase())}%`,
  text: `%${likeEscape(fold(q))}%`,
});

/**
 * Quick search: number by prefix, or description, standard fields or dados de origem containing the words
 * (accent- and case-insensitive; each text column has its trigram GIN index, so the plan is a BitmapOr).
 */
export function quickSearch(q: string): SQL {
  const { numero, text } = quickSearchPatterns(q);
  return or(
    sql`${patrimonios.numeroPatrimonio} like ${numero}`,
    sql`${patrimonios.descricaoBusca} like ${text}`, // = immutable_unaccent(lower(descricao_bem)), stored
    sql`${patrimonios.fieldsSearchText} like ${text}`, // marca, modelo, série, NF… and dados de origem (0048)
  )!;
}

/** WHERE of a list/count/export: municipality, the user's sectors and every filter. */
export async function filterWhere(db: Db, scope: TenantScope, f: PatrimonioFilters): Promise<SQL> {
  const c: SQL[] = [ofTenant(patrimonios, scope)];
  if (scope.sectorIds) {
    const ids = scope.sectorIds;
    c.push(
      ids.length === 1
        ? eq(patrimonios.sectorId, ids[0])
        : ids.length
          ? inArray(patrimonios.sectorId, ids)
          : sql`false`,
    );
  }
  if (f.q) c.push(quickSearch(f.q));
  if (f.sectorId) c.push(eq(patrimonios.sectorId, f.sectorId));
  if (f.localId) c.push(eq(patrimonios.localId, f.localId));
  if (f.tipoId) c.push(eq(patrimonios.tipoId, f.tipoId));
  if (f.formaId) c.push(eq(patrimonios.formaAquisicaoId, f.formaId));
  if (f.status?.length)
    c.push(f.status.length === 1 ? eq(patrimonios.status, f.status[0]) : inArray(patrimonios.status, f.status));
  if (f.estado) c.push(eq(patrimonios.estadoConservacao, f.estado));
  if (f.valorMin) c.push(gte(patrimonios.valorAquisicao, f.valorMin));
  if (f.valorMax) c.push(lte(patrimonios.valorAquisicao, f.valorMax));
  if (f.dataDe) c.push(gte(patrimonios.dataAquisicao, f.dataDe));
  if (f.dataAte) c.push(lte(patrimonios.dataAquisicao, f.dataAte));
  const cf = Object.entries(f.cf ?? {});
  if (cf.length) {
    const defs = new Map((await listFields(db, scope)).filter((x) => x.isCustom).map((x) => [x.key, x]));
    for (const [key, raw] of cf) {
      const def = defs.get(key);
      if (!def) throw badRequest(PATRIMONIO_MSG.customUnknown, { [`cf.${key}`]: PATRIMONIO_MSG.customUnknown });
      if (def.type === 'TEXT' || def.type === 'TEXTAREA') {
        c.push(
          sql`immutable_unaccent(lower(${patrimonios.customFields} ->> ${key}::text)) like ${`%${likeEscape(fold(raw))}%`}`,
        );
        continue;
      }
      let value: unknown = raw;
      if (def.type === 'NUMBER') {
        value = Number(raw.replace(',', '.'));
        if (!Number.isFinite(value))
          throw badRequest(PATRIMONIO_MSG.customType(def.label), {
            [`cf.${key}`]: PATRIMONIO_MSG.customType(def.label),
          });
      }
      if (def.type === 'BOOLEAN') value = raw === 'true' || raw === 'Sim' || raw === 'sim';
      c.push(sql`${patrimonios.customFields} @> ${JSON.stringify({ [key]: value })}::jsonb`);
    }
  }
  return and(...c)!;
}

export async function countPatrimonios(db: Db, where: SQL): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(patrimonios)
    .where(where);
  return n;
}
