import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  IMOVEL_CUSTOM_PREFIX,
  IMOVEL_REPORT_COLUMNS,
  SITUACAO_IMOVEL_LABELS,
  formatDate,
  formatDecimal,
  formatMoney,
  formatNumber,
  type ImovelReportColumnKind,
  type ImovelReportFiltros,
  type SituacaoImovel,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { imoveis, sectors } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { customImovelFields, customKind } from './queries';

/** A column of a property report: its key, header and kind. */
export interface ImovelColumn {
  key: string;
  label: string;
  kind: ImovelReportColumnKind;
}

/** The filters a report runs with: the template's defaults, overridden field by field by the request's. */
export function effectiveImovelFiltros(
  defaults: ImovelReportFiltros,
  filtros?: ImovelReportFiltros,
): ImovelReportFiltros {
  const out: Record<string, unknown> = { ...defaults };
  for (const [k, v] of Object.entries(filtros ?? {})) if (v !== undefined && v !== '') out[k] = v;
  return out as ImovelReportFiltros;
}

/** The template's columns with their headers; a custom field deleted since is left out. */
export async function imovelColumns(tx: Db, scope: TenantScope, fields: readonly string[]): Promise<ImovelColumn[]> {
  const custom = new Map((await customImovelFields(tx, scope)).map((f) => [`${IMOVEL_CUSTOM_PREFIX}${f.key}`, f]));
  const cols: ImovelColumn[] = [];
  for (const key of fields) {
    const b = IMOVEL_REPORT_COLUMNS.find((c) => c.key === key);
    const f = custom.get(key);
    if (b) cols.push({ key, label: b.label, kind: b.kind });
    else if (f) cols.push({ key, label: f.label, kind: customKind(f.type) });
  }
  return cols;
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Quick search of the register: denominação (accents and case ignored), number or address containing `q`. */
export const imovelQuickSearch = (q: string): SQL =>
  or(
    sql`${imoveis.denominacaoBusca} like immutable_unaccent(lower(${like(q)}))`,
    sql`${imoveis.numeroPatrimonio} ilike ${like(q)}`,
    sql`immutable_unaccent(lower(${imoveis.endereco})) like immutable_unaccent(lower(${like(q)}))`,
  )!;

/** WHERE of a report: the municipality and the filters. */
export function imovelReportWhere(scope: TenantScope, f: ImovelReportFiltros): SQL {
  const c: SQL[] = [ofTenant(imoveis, scope)];
  if (f.q?.trim()) c.push(imovelQuickSearch(f.q.trim()));
  if (f.situacao?.length) c.push(inArray(imoveis.situacao, f.situacao));
  if (f.utilizacao) c.push(sql`lower(${imoveis.utilizacao}) = lower(${f.utilizacao})`);
  if (f.bairro)
    c.push(sql`immutable_unaccent(lower(${imoveis.bairro})) like immutable_unaccent(lower(${like(f.bairro)}))`);
  if (f.sectorId) c.push(eq(imoveis.sectorId, f.sectorId));
  return and(...c)!;
}

/** Count and sums (acquisition value, built and land areas) of the matching properties. */
export async function imovelReportTotals(tx: Db, where: SQL) {
  const [t] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      valorTotal: sql<string>`coalesce(sum(${imoveis.valorAquisicao}), 0)::text`,
      areaConstruida: sql<string>`coalesce(sum(${imoveis.areaConstruida}), 0)::text`,
      areaTerreno: sql<string>`coalesce(sum(${imoveis.areaTerreno}), 0)::text`,
    })
    .from(imoveis)
    .where(where);
  return t;
}

const SELECT = {
  id: imoveis.id,
  numero_patrimonio: imoveis.numeroPatrimonio,
  denominacao: imoveis.denominacao,
  endereco: imoveis.endereco,
  bairro: imoveis.bairro,
  cidade: imoveis.cidade,
  uf: imoveis.uf,
  cep: imoveis.cep,
  area_construida: imoveis.areaConstruida,
  area_terreno: imoveis.areaTerreno,
  situacao: imoveis.situacao,
  utilizacao: imoveis.utilizacao,
  setor_responsavel: imoveis.setorNome,
  forma_aquisicao: imoveis.formaNome,
  data_aquisicao: imoveis.dataAquisicao,
  valor_aquisicao: imoveis.valorAquisicao,
  latitude: imoveis.latitude,
  longitude: imoveis.longitude,
  observacoes: imoveis.observacoes,
  customFields: imoveis.customFields,
};
export type ImovelRawRow = Awaited<ReturnType<typeof readImovelChunk>>[number];
/** Where a chunk ends: the (numero, id) of its last row. */
export type ImovelKey = { numero: string; id: number };

/** A chunk of the matching properties in number order after the (numero, id) key. */
export function readImovelChunk(tx: Db, where: SQL, limit: number, after?: ImovelKey) {
  const key = after
    ? or(
        gt(imoveis.numeroPatrimonio, after.numero),
        and(eq(imoveis.numeroPatrimonio, after.numero), gt(imoveis.id, after.id)),
      )
    : undefined;
  return tx
    .select(SELECT)
    .from(imoveis)
    .where(and(where, key))
    .orderBy(asc(imoveis.numeroPatrimonio), asc(imoveis.id))
    .limit(limit);
}

/**
 * The matching properties in number order, at most `limit`, in keyset chunks; `read` runs each chunk
 * in a transaction of its own (PGlite has one connection: nothing else may wait on a long one).
 */
export async function* imovelReportChunks(
  read: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>,
  where: SQL,
  limit: number,
  chunk = 2500,
) {
  let after: ImovelKey | undefined;
  let left = limit;
  while (left > 0) {
    const want = Math.min(chunk, left);
    const rows = await read((tx) => readImovelChunk(tx, where, want, after));
    if (rows.length) yield rows;
    if (rows.length < want) return;
    left -= rows.length;
    const last = rows[rows.length - 1];
    after = { numero: last.numero_patrimonio, id: last.id };
  }
}

/** A row's raw value of a column (custom fields from `custom_fields`). */
export function rawValue(r: ImovelRawRow, key: string): unknown {
  if (key.startsWith(IMOVEL_CUSTOM_PREFIX)) return r.customFields?.[key.slice(IMOVEL_CUSTOM_PREFIX.length)] ?? null;
  if (key === 'situacao') return SITUACAO_IMOVEL_LABELS[r.situacao as SituacaoImovel] ?? r.situacao;
  return (r as unknown as Record<string, unknown>)[key] ?? null;
}

/** A value as the PDF shows it (pt-BR numbers, m², money and dates). */
export function displayValue(col: ImovelColumn, v: unknown): string {
  if (v == null || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (col.kind === 'area') return formatDecimal(String(v), 2);
  if (col.kind === 'money') return formatMoney(String(v));
  if (col.kind === 'number') return Number.isFinite(Number(v)) ? formatNumber(Number(v)) : String(v);
  if (col.kind === 'date') return /^\d{4}-\d{2}-\d{2}/.test(String(v)) ? formatDate(String(v).slice(0, 10)) : String(v);
  return String(v);
}

/** A value as an XLSX cell takes it: numbers as numbers, dates as dates. */
export function sheetValue(col: ImovelColumn, v: unknown): unknown {
  if (v == null || v === '') return null;
  if (col.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(String(v))) return new Date(`${String(v)}T00:00:00Z`);
  return v;
}

/** The filters in words for the report's header ('Situação: Próprio · Bairro: Centro'). */
export async function describeImovelFiltros(tx: Db, scope: TenantScope, f: ImovelReportFiltros): Promise<string> {
  const parts: string[] = [];
  if (f.sectorId) {
    const [s] = await tx
      .select({ name: sectors.name })
      .from(sectors)
      .where(and(eq(sectors.id, f.sectorId), ofTenant(sectors, scope)));
    parts.push(`Setor: ${s?.name ?? `#${f.sectorId}`}`);
  }
  if (f.situacao?.length) parts.push(`Situação: ${f.situacao.map((x) => SITUACAO_IMOVEL_LABELS[x]).join(', ')}`);
  if (f.utilizacao) parts.push(`Utilização: ${f.utilizacao}`);
  if (f.bairro) parts.push(`Bairro: ${f.bairro}`);
  if (f.q) parts.push(`Busca: ${f.q}`);
  return parts.join(' · ');
}
