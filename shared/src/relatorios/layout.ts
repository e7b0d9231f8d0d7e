import type { ReportBlock } from './schemas';

/**
 * The layout in bands, top to bottom: blocks whose rows overlap share a band (side by side on the
 * grid); bands stack. FOOTER blocks are left out (the page footer prints them). PDF and preview alike.
 */
export function reportBands(layout: readonly ReportBlock[]): ReportBlock[][] {
  const blocks = layout.filter((b) => b.type !== 'FOOTER').sort((a, b) => a.y - b.y || a.x - b.x);
  const bands: Array<{ end: number; blocks: ReportBlock[] }> = [];
  for (const b of blocks) {
    const last = bands[bands.length - 1];
    if (last && b.y < last.end) {
      last.blocks.push(b);
      last.end = Math.max(last.end, b.y + b.h);
    } else bands.push({ end: b.y + b.h, blocks: [b] });
  }
  return bands.map((x) => x.blocks);
}

/** `{{total_bens}}`, `{{valor_total}}`, `{{data}}`, `{{municipio}}` of a block's text, already formatted. */
export function fillReportText(
  text: string,
  v: { totalBens: string; valorTotal: string; data: string; municipio: string },
): string {
  return text
    .replace(/\{\{\s*total_bens\s*\}\}/g, v.totalBens)
    .replace(/\{\{\s*valor_total\s*\}\}/g, v.valorTotal)
    .replace(/\{\{\s*data\s*\}\}/g, v.data)
    .replace(/\{\{\s*municipio\s*\}\}/g, v.municipio);
}
