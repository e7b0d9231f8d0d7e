import type {
  ReportAgendamento,
  ReportBlock,
  ReportBlockType,
  ReportFieldKey,
  ReportFiltros,
  ReportGroupBy,
  ReportMeasure,
} from './schemas';

/** A report template of a municipality (spec §3 Report template). */
export interface ReportTemplate {
  id: number;
  municipalityId: number;
  name: string;
  fields: ReportFieldKey[];
  /** Default filters, overridden field by field by those of a request. */
  filters: ReportFiltros;
  layout: ReportBlock[];
  /** One of the seeded defaults of spec §9. */
  isDefault: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
export interface ReportTemplateList {
  templates: ReportTemplate[];
  total: number;
}

/** A saved filter set of one user (spec §3 User report config), optionally scheduled. */
export interface ReportConfig {
  id: number;
  name: string;
  templateId: number;
  templateName: string;
  filtros: ReportFiltros;
  agendamento: ReportAgendamento | null;
  /** ISO instant of the next scheduled run (null when not scheduled). */
  proximaExecucao: string | null;
  ultimaExecucao: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}
export interface ReportConfigList {
  configs: ReportConfig[];
  total: number;
}

/** One series point of a chart: the group's label and its count or sum. */
export interface ReportSeriesPoint {
  label: string;
  value: number;
}
export interface ReportChartData {
  blockId: string;
  kind: 'bar' | 'pie';
  groupBy: ReportGroupBy;
  measure: ReportMeasure;
  series: ReportSeriesPoint[];
}

/** GET /api/relatorios/preview: what the PDF will show, with the first rows only. */
export interface ReportPreview {
  template: ReportTemplate;
  columns: Array<{ key: ReportFieldKey; label: string; numeric: boolean }>;
  /** Display strings (pt-BR money/dates), keyed by field. */
  rows: Array<{ id: number } & Partial<Record<ReportFieldKey, string>>>;
  total: number;
  /** Sum of valor_aquisicao (decimal string, e.g. "1234.50"). */
  valorTotal: string;
  charts: ReportChartData[];
}
export type { ReportBlockType };
