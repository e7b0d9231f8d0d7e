import { formatMoney, REPORT_GROUP_BY_LABELS, REPORT_MEASURE_LABELS, type ReportChartData } from '@tombo/shared';
import { esc } from '../../render/html';

/** A colour-blind-friendly palette (Okabe–Ito, then darker shades). */
const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#F0E442',
  '#000000',
  '#8C564B',
  '#7F7F7F',
  '#1F4E79',
];
const n2 = (n: number) => n.toFixed(2).replace(/\.?0+$/, '');
const valueText = (c: ReportChartData, v: number) =>
  c.measure === 'valor' ? formatMoney(v) : new Intl.NumberFormat('pt-BR').format(v);
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, Math.max(1, max - 1))}…` : s);
/** How many 9-px characters fit in `px` (DejaVu Sans averages ~5.6 px a character at 9 px). */
const fitChars = (px: number) => Math.max(4, Math.floor(px / 5.6));

/** Horizontal bars: label, bar scaled to the largest value, value at its end. */
function bars(c: ReportChartData, width: number, height: number): string {
  const top = 22;
  const labelW = width * 0.32;
  const valueW = width * 0.2;
  const n = Math.max(c.series.length, 1);
  const row = Math.min((height - top - 4) / n, 26);
  const max = Math.max(...c.series.map((p) => p.value), 0) || 1;
  const span = width - labelW - valueW - 8;
  return c.series
    .map((p, i) => {
      const y = top + i * row;
      const w = Math.max((p.value / max) * span, p.value > 0 ? 1 : 0);
      return `<text x="${n2(labelW - 4)}" y="${n2(y + row * 0.62)}" text-anchor="end" font-size="9">${esc(clip(p.label, fitChars(labelW - 6)))}</text>
<path d="M${n2(labelW)} ${n2(y + row * 0.15)}h${n2(w)}v${n2(row * 0.7)}h${n2(-w)}z" fill="${PALETTE[i % PALETTE.length]}"/>
<text x="${n2(labelW + w + 4)}" y="${n2(y + row * 0.62)}" font-size="9">${esc(valueText(c, p.value))}</text>`;
    })
    .join('\n');
}

/** Pie with a legend on the right (label, value and share). */
function pie(c: ReportChartData, width: number, height: number): string {
  const top = 22;
  const r = Math.min(width * 0.22, (height - top - 6) / 2);
  const cx = r + 6;
  const cy = top + r + 2;
  const total = c.series.reduce((s, p) => s + p.value, 0) || 1;
  let a = -Math.PI / 2;
  const parts: string[] = [];
  c.series.forEach((p, i) => {
    const share = p.value / total;
    const fill = PALETTE[i % PALETTE.length];
    if (share >= 0.9999) parts.push(`<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(r)}" fill="${fill}"/>`);
    else if (share > 0) {
      const b = a + share * 2 * Math.PI;
      const [x1, y1, x2, y2] = [cx + r * Math.cos(a), cy + r * Math.sin(a), cx + r * Math.cos(b), cy + r * Math.sin(b)];
      parts.push(
        `<path d="M${n2(cx)} ${n2(cy)}L${n2(x1)} ${n2(y1)}A${n2(r)} ${n2(r)} 0 ${share > 0.5 ? 1 : 0} 1 ${n2(x2)} ${n2(y2)}z" fill="${fill}" stroke="#fff" stroke-width="0.8"/>`,
      );
      a = b;
    }
    const ly = top + 4 + i * 14;
    const tail = `: ${valueText(c, p.value)} (${Math.round(share * 100)}%)`;
    const room = fitChars(width - (2 * r + 30)) - tail.length;
    parts.push(
      `<path d="M${n2(2 * r + 18)} ${ly}h8v8h-8z" fill="${fill}"/><text x="${n2(2 * r + 30)}" y="${ly + 7.5}" font-size="9">${esc(clip(p.label, room))}${esc(tail)}</text>`,
    );
  });
  return parts.join('\n');
}

/**
 * A chart as an inline SVG (vector paths and real text, so the PDF stays sharp and searchable). Size in
 * CSS px of the block; the title names the measure and the grouping.
 */
export function chartSvg(c: ReportChartData, width: number, height: number): string {
  const title = `${REPORT_MEASURE_LABELS[c.measure]} por ${REPORT_GROUP_BY_LABELS[c.groupBy].toLowerCase()}`;
  const body = c.series.length
    ? c.kind === 'pie'
      ? pie(c, width, height)
      : bars(c, width, height)
    : `<text x="${width / 2}" y="${height / 2}" text-anchor="middle" font-size="10" fill="#555">Nenhum bem para exibir.</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" aria-label="${esc(title)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif">
<text x="0" y="12" font-size="10.5" font-weight="bold" fill="#1f4e79">${esc(title)}</text>
${body}
</svg>`;
}
