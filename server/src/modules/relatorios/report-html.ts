import {
  fillReportText,
  formatDateTime,
  reportBands,
  formatCount,
  formatMoney,
  type ReportBlock,
  type ReportChartData,
  type ReportFieldKey,
  type ReportTemplate,
} from '@tombo/shared';
import { BRANDING_CSS, brandingHeader, type Branding } from '../../render/branding';
import { html, raw, REPORT_CSS, type Safe } from '../../render/html';
import { chartSvg } from './chart-svg';
import { reportColumns } from './data';

/** A column of the report's table: its key in the rows, header and whether it is right-aligned. */
export interface ReportColumn {
  key: string;
  label: string;
  numeric: boolean;
}

/** Everything one report PDF shows. */
export interface ReportDoc {
  template: Pick<ReportTemplate, 'name' | 'layout'> & { fields: readonly string[] };
  branding: Branding;
  /** The filters in words ('Setor: Educação · Status: Ativo'), or '' for none. */
  filtrosText: string;
  /** Display strings keyed by column. */
  rows: Array<Record<string, string | number>>;
  /** Another row source's columns (the property reports); default: the asset fields of the template. */
  columns?: ReportColumn[];
  /** What the rows are, singular and plural ('imóvel', 'imóveis'); default 'bem', 'bens'. */
  noun?: { one: string; many: string };
  total: number;
  valorTotal: string;
  charts: ReportChartData[];
  generatedAt: Date;
  /** A4 landscape, for a table whose columns do not fit the portrait page (charts stay sized for portrait). */
  landscape?: boolean;
}

/** Printable width of the A4 page (210 mm − 2 × 12 mm margins) in CSS px, and the height of one grid row. */
const PAGE_PX = (186 / 25.4) * 96;
const ROW_PX = 38;
const GAP_PX = 12;

const CSS = `
  .band { display: grid; grid-template-columns: repeat(12, 1fr); column-gap: ${GAP_PX}px; margin-bottom: 10px; }
  .band > .block { min-width: 0; }
  .text p { margin: 0 0 4px; white-space: pre-wrap; }
  .chart-block svg { display: block; }
  table.dados { font-size: 9pt; }
  table.dados td.num, table.dados th.num { text-align: right; white-space: nowrap; width: auto; }
  table.dados tfoot { display: table-row-group; }
  table.dados tfoot td { font-weight: bold; background: #e8eef5; }
  p.totais { font-weight: bold; margin: 6px 0 0; }
`;

const LANDSCAPE_CSS = `@page { size: A4 landscape; } table.dados { font-size: 8pt; }`;

const num = new Intl.NumberFormat('pt-BR');

/** Block styles as inline CSS. */
function styleOf(b: ReportBlock): string {
  const s = b.styles;
  return [
    s.fontSize ? `font-size:${s.fontSize}pt` : '',
    s.align ? `text-align:${s.align}` : '',
    s.bold ? 'font-weight:bold' : '',
    s.italic ? 'font-style:italic' : '',
    s.color ? `color:${s.color}` : '',
    s.background ? `background:${s.background};padding:4px 6px` : '',
  ]
    .filter(Boolean)
    .join(';');
}

/** A block's text with its placeholders filled (see `fillReportText`). */
export function fillPlaceholders(
  text: string,
  d: Pick<ReportDoc, 'total' | 'valorTotal' | 'generatedAt'> & { municipio: string },
): string {
  return fillReportText(text, {
    totalBens: num.format(d.total),
    valorTotal: formatMoney(d.valorTotal),
    data: formatDateTime(d.generatedAt),
    municipio: d.municipio,
  });
}

function table(d: ReportDoc, b: ReportBlock): Safe {
  const cols = d.columns ?? reportColumns(d.template.fields as ReportFieldKey[]);
  const noun = d.noun ?? { one: 'bem', many: 'bens' };
  const valorIdx = cols.findIndex((c) => c.key === 'valor_aquisicao');
  const totalRow =
    valorIdx > 0
      ? html`<tr><td colspan="${valorIdx}">Total: ${formatCount(d.total, noun.one, noun.many)}</td><td class="num">${formatMoney(d.valorTotal)}</td>${raw(
          cols.length - valorIdx - 1 > 0 ? `<td colspan="${cols.length - valorIdx - 1}"></td>` : '',
        )}</tr>`
      : html`<tr><td colspan="${cols.length}">Total: ${formatCount(d.total, noun.one, noun.many)}</td></tr>`;
  return html`<div class="block table" style="${styleOf(b)}">
  <table class="dados" style="${b.styles.fontSize ? `font-size:${b.styles.fontSize}pt` : ''}">
    <thead><tr>${cols.map((c) => html`<th class="${c.numeric ? 'num' : ''}">${c.label}</th>`)}</tr></thead>
    <tbody>${d.rows.map((r) => html`<tr>${cols.map((c) => html`<td class="${c.numeric ? 'num' : ''}">${r[c.key]}</td>`)}</tr>`)}</tbody>
    <tfoot>${totalRow}</tfoot>
  </table>
  ${d.rows.length ? raw('') : html`<p class="empty">Nenhum ${noun.one} atende aos filtros.</p>`}
  <p class="totais">Total de ${noun.many}: ${num.format(d.total)} · Valor total: ${formatMoney(d.valorTotal)}</p>
</div>`;
}

function block(d: ReportDoc, b: ReportBlock): Safe {
  const fill = (t: string) => fillPlaceholders(t, { ...d, municipio: d.branding.municipio });
  switch (b.type) {
    case 'HEADER': {
      const meta = [`Gerado em ${formatDateTime(d.generatedAt)}`, d.filtrosText].filter(Boolean).join(' · ');
      return html`<div class="block" style="${styleOf(b)}">${brandingHeader(d.branding, fill(b.props.content || d.template.name), meta)}</div>`;
    }
    case 'TABLE':
      return table(d, b);
    case 'TEXT':
      return html`<div class="block text" style="${styleOf(b)}">${fill(b.props.content ?? '')
        .split(/\n{2,}/)
        .map((p) => html`<p>${p}</p>`)}</div>`;
    case 'CHART': {
      const chart = d.charts.find((c) => c.blockId === b.id);
      const width = Math.round((PAGE_PX * b.w) / 12 - GAP_PX);
      return html`<div class="block chart-block" style="${styleOf(b)}">${chart ? raw(chartSvg(chart, width, b.h * ROW_PX)) : raw('')}</div>`;
    }
    default:
      return raw('');
  }
}

/** The report's HTML: every band of the layout in order; a lone full-width block flows (a table breaks across pages). */
export function reportHtml(d: ReportDoc): string {
  const bands = reportBands(d.template.layout).map((band) =>
    band.length === 1 && band[0].w === 12
      ? html`<section class="flow">${block(d, band[0])}</section>`
      : html`<section class="band">${band.map(
          (b) => html`<div style="grid-column: ${b.x + 1} / span ${b.w}">${block(d, b)}</div>`,
        )}</section>`,
  );
  return html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${d.template.name}</title>
<style>${raw(REPORT_CSS)}${raw(BRANDING_CSS)}${raw(CSS)}${raw(d.landscape ? LANDSCAPE_CSS : '')}</style></head>
<body>${bands}</body></html>`.html;
}

/** Chromium footer: the FOOTER block's text and style, the generation date and 'Página X de Y'. */
export function reportFooter(
  d: Pick<ReportDoc, 'template' | 'generatedAt' | 'total' | 'valorTotal'> & { municipio: string },
): string {
  const f = d.template.layout.find((b) => b.type === 'FOOTER');
  const size = f?.styles.fontSize ? Math.max(6, f.styles.fontSize) * 1.1 : 8;
  const align = f?.styles.align ?? 'center';
  const extra = f?.props.content ? `${fillPlaceholders(f.props.content, d)} · ` : '';
  return html`<div style="font-family: Arial, sans-serif; font-size: ${size}px; color: ${f?.styles.color ?? '#555'}; ${f?.styles.bold ? 'font-weight: bold;' : ''} width: 100%; padding: 0 12mm; text-align: ${align};">
  <span>${extra}${d.template.name} · Gerado em ${formatDateTime(d.generatedAt)} · Página <span class="pageNumber"></span> de <span class="totalPages"></span></span>
</div>`.html;
}
