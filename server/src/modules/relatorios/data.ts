import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import {
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_SHEET_COLUMNS,
  PATRIMONIO_STATUS_LABELS,
  REPORT_GROUP_BY_LABELS,
  formatDate,
  formatMoney,
  type PatrimonioFilters,
  type ReportChartData,
  type ReportFieldKey,
  type ReportFiltros,
  type ReportGroupBy,
  type ReportTemplate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { patrimonios } from '../../db/schema';
import type { TenantScope } from '../../tenancy/scope';
import { filterWhere } from '../patrimonios';

/** The filters a report runs with: the template's defaults, overridden by the request's, field by field. */
export function effectiveFiltros(template: Pick<ReportTemplate, 'filters'>, filtros?: ReportFiltros): ReportFiltros {
  const out: Record<string, unknown> = { ...template.filters };
  for (const [k, v] of Object.entries(filtros ?? {})) if (v !== undefined && v !== '') out[k] = v;
  return out as ReportFiltros;
}

/** Columns of a template's table: label and whether it is right-aligned. */
export const reportColumns = (fields: readonly ReportFieldKey[]) =>
  fields.map((key) => ({
    key,
    label: PATRIMONIO_SHEET_COLUMNS.find((c) => c.key === key)?.header ?? key,
    numeric: key === 'valor_aquisicao' || key === 'quantidade',
  }));

const SELECT = {
  id: patrimonios.id,
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
  observacoes: patrimonios.observacoes,
};
type RawRow = { [K in keyof typeof SELECT]: (typeof SELECT)[K]['_']['data'] | null } & { id: number };

/** One asset as display strings (pt-BR money and dates, status labels). */
export function formatRow(r: RawRow): { id: number } & Record<ReportFieldKey, string> {
  return {
    id: r.id,
    numero_patrimonio: r.numero_patrimonio ?? '',
    descricao_bem: r.descricao_bem ?? '',
    tipo: r.tipo ?? '—',
    setor_responsavel: r.setor_responsavel ?? '',
    local_objeto: r.local_objeto ?? '—',
    status: PATRIMONIO_STATUS_LABELS[r.status as keyof typeof PATRIMONIO_STATUS_LABELS] ?? r.status ?? '',
    valor_aquisicao: formatMoney(r.valor_aquisicao),
    quantidade: String(r.quantidade ?? ''),
    data_aquisicao: r.data_aquisicao ? formatDate(r.data_aquisicao) : '—',
    forma_aquisicao: r.forma_aquisicao ?? '—',
    estado_conservacao: r.estado_conservacao
      ? (ESTADO_CONSERVACAO_LABELS[r.estado_conservacao as keyof typeof ESTADO_CONSERVACAO_LABELS] ??
        r.estado_conservacao)
      : '—',
    observacoes: r.observacoes ?? '',
  };
}

/** WHERE of a report: the municipality, the requester's sectors (usuario) and the filters. */
export const reportWhere = (tx: Db, scope: TenantScope, filtros: ReportFiltros): Promise<SQL> =>
  filterWhere(tx, scope, filtros as PatrimonioFilters);

/** Count and sum of acquisition values of the matching assets. */
export async function reportTotals(tx: Db, where: SQL): Promise<{ total: number; valorTotal: string }> {
  const [t] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      valorTotal: sql<string>`coalesce(sum(${patrimonios.valorAquisicao}), 0)::text`,
    })
    .from(patrimonios)
    .where(where);
  return t;
}

const GROUP_COLUMN = {
  setor: patrimonios.setorNome,
  tipo: patrimonios.tipoNome,
  status: patrimonios.status,
  local: patrimonios.localNome,
  forma: patrimonios.formaNome,
} as const;
/** Groups shown one by one in a chart; the rest are summed as 'Outros'. */
const MAX_GROUPS = 10;

/** The series of each CHART block (grouped and measured in SQL). */
export async function reportCharts(
  tx: Db,
  where: SQL,
  template: Pick<ReportTemplate, 'layout'>,
): Promise<ReportChartData[]> {
  const out: ReportChartData[] = [];
  for (const b of template.layout) {
    if (b.type !== 'CHART') continue;
    const groupBy: ReportGroupBy = b.props.groupBy ?? 'status';
    const measure = b.props.measure ?? 'quantidade';
    const col = GROUP_COLUMN[groupBy];
    // Ordered by the number; read back as text (exact numeric sums).
    const measured = measure === 'valor' ? sql`coalesce(sum(${patrimonios.valorAquisicao}), 0)` : sql`count(*)`;
    const value = sql<string>`${measured}::text`;
    const rows = await tx
      .select({ key: col, value })
      .from(patrimonios)
      .where(where)
      .groupBy(col)
      .orderBy(desc(measured), asc(col));
    const label = (k: string | null) =>
      k == null
        ? `Sem ${REPORT_GROUP_BY_LABELS[groupBy].toLowerCase()}`
        : groupBy === 'status'
          ? (PATRIMONIO_STATUS_LABELS[k as keyof typeof PATRIMONIO_STATUS_LABELS] ?? k)
          : k;
    const series = rows.slice(0, MAX_GROUPS).map((r) => ({ label: label(r.key), value: Number(r.value) }));
    const rest = rows.slice(MAX_GROUPS).reduce((s, r) => s + Number(r.value), 0);
    if (rows.length > MAX_GROUPS) series.push({ label: 'Outros', value: Math.round(rest * 100) / 100 });
    out.push({ blockId: b.id, kind: b.props.chartKind ?? 'bar', groupBy, measure, series });
  }
  return out;
}

/** The matching assets in number order, at most `limit`, as display strings. */
export async function reportRows(tx: Db, where: SQL, limit: number) {
  const rows = await tx
    .select(SELECT)
    .from(patrimonios)
    .where(and(where))
    .orderBy(asc(patrimonios.numeroPatrimonio), asc(patrimonios.id))
    .limit(limit);
  return rows.map((r) => formatRow(r as RawRow));
}

const nameOf = async (tx: Db, table: 'sectors' | 'locais' | 'tipos_bens' | 'formas_aquisicao', id?: number) => {
  if (!id) return null;
  const res = await tx.execute(sql`select name from ${sql.identifier(table)} where id = ${id}`);
  return (res as unknown as { rows: Array<{ name: string }> }).rows[0]?.name ?? `#${id}`;
};

/** The filters in words for the report's header ('Setor: Educação · Status: Ativo, Em uso · …'). */
export async function describeFiltros(tx: Db, f: ReportFiltros): Promise<string> {
  const parts: string[] = [];
  const add = (label: string, v: string | null | undefined) => v && parts.push(`${label}: ${v}`);
  add('Setor', await nameOf(tx, 'sectors', f.sectorId));
  add('Local', await nameOf(tx, 'locais', f.localId));
  add('Tipo', await nameOf(tx, 'tipos_bens', f.tipoId));
  add('Forma de aquisição', await nameOf(tx, 'formas_aquisicao', f.formaId));
  add('Status', f.status?.map((s) => PATRIMONIO_STATUS_LABELS[s]).join(', '));
  add('Estado', f.estado ? ESTADO_CONSERVACAO_LABELS[f.estado] : null);
  add('Busca', f.q);
  if (f.dataDe || f.dataAte)
    add(
      'Período de aquisição',
      f.dataDe && f.dataAte
        ? `${formatDate(f.dataDe)} a ${formatDate(f.dataAte)}`
        : f.dataDe
          ? `a partir de ${formatDate(f.dataDe)}`
          : `até ${formatDate(f.dataAte)}`,
    );
  if (f.valorMin || f.valorMax)
    add('Valor', `${f.valorMin ? formatMoney(f.valorMin) : '—'} a ${f.valorMax ? formatMoney(f.valorMax) : '—'}`);
  return parts.join(' · ');
}
