import type { ReportBlock, ReportFieldKey } from './schemas';

/** A default template as seeded per municipality (the SQL function of the reports migration). */
export interface DefaultReportTemplate {
  name: string;
  fields: ReportFieldKey[];
  layout: ReportBlock[];
}

/**
 * The two default report templates of spec §9. The migration's `seed_report_templates(m)` inserts
 * the same JSON (a test compares a new municipality's rows to this list).
 */
export const DEFAULT_REPORT_TEMPLATES: DefaultReportTemplate[] = [
  {
    name: 'Relatório Tabular Padrão',
    fields: ['numero_patrimonio', 'descricao_bem', 'setor_responsavel', 'status', 'valor_aquisicao'],
    layout: [
      { id: 'header', type: 'HEADER', x: 0, y: 0, w: 12, h: 1, styles: {}, props: {} },
      { id: 'table', type: 'TABLE', x: 0, y: 1, w: 12, h: 10, styles: { fontSize: 10 }, props: {} },
      { id: 'footer', type: 'FOOTER', x: 0, y: 11, w: 12, h: 1, styles: { fontSize: 8, align: 'center' }, props: {} },
    ],
  },
  {
    name: 'Relatório Resumido com Gráfico',
    fields: ['numero_patrimonio', 'descricao_bem', 'tipo', 'status', 'valor_aquisicao'],
    layout: [
      { id: 'header', type: 'HEADER', x: 0, y: 0, w: 12, h: 1, styles: {}, props: {} },
      {
        id: 'text',
        type: 'TEXT',
        x: 0,
        y: 1,
        w: 6,
        h: 4,
        styles: { fontSize: 11 },
        props: { content: 'Resumo do patrimônio: {{total_bens}} bens, no valor total de {{valor_total}}.' },
      },
      {
        id: 'chart',
        type: 'CHART',
        x: 6,
        y: 1,
        w: 6,
        h: 4,
        styles: {},
        props: { chartKind: 'bar', groupBy: 'tipo', measure: 'quantidade' },
      },
      { id: 'table', type: 'TABLE', x: 0, y: 5, w: 12, h: 10, styles: { fontSize: 9 }, props: {} },
      { id: 'footer', type: 'FOOTER', x: 0, y: 15, w: 12, h: 1, styles: { fontSize: 8, align: 'center' }, props: {} },
    ],
  },
];
