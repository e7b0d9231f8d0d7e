import type { ReportFiltros, ReportPreview } from '@tombo/shared';
import { RELATORIO_LIMITS } from '@tombo/shared';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import {
  describeFiltros,
  effectiveFiltros,
  reportCharts,
  reportColumns,
  reportRows,
  reportTotals,
  reportWhere,
} from './data';
import { getReportTemplate } from './queries';

/**
 * A report's data under the scope (a `usuario` sees only its sectors): the template, the effective
 * filters in words, totals, chart series and at most `limit` rows, all by SQL in one transaction.
 */
export async function loadReport(
  tx: Db,
  scope: TenantScope,
  templateId: number,
  filtros: ReportFiltros | undefined,
  limit: number,
) {
  const template = await getReportTemplate(tx, scope, templateId);
  const f = effectiveFiltros(template, filtros);
  const where = await reportWhere(tx, scope, f);
  const { total, valorTotal } = await reportTotals(tx, where);
  const charts = await reportCharts(tx, where, template);
  const rows = await reportRows(tx, where, limit);
  return { template, filtros: f, filtrosText: await describeFiltros(tx, f), total, valorTotal, charts, rows };
}

/** GET /api/relatorios/preview: the first rows, totals and chart series, as the PDF would show them. */
export async function previewReport(
  tx: Db,
  scope: TenantScope,
  templateId: number,
  filtros: ReportFiltros,
): Promise<ReportPreview> {
  const r = await loadReport(tx, scope, templateId, filtros, RELATORIO_LIMITS.previewRows);
  return {
    template: r.template,
    columns: reportColumns(r.template.fields),
    rows: r.rows,
    total: r.total,
    valorTotal: r.valorTotal,
    charts: r.charts,
  };
}
