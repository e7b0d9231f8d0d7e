import {
  cellOrigin,
  fitScale,
  isNumberElement,
  numberFontPt,
  sheetsFor,
  type LabelElement,
  type SheetGeometry,
} from '@tombo/shared';
import { qrSvg } from '../../../render/codes';
import { isImageDataUrl } from '../../../render/branding';
import { html, raw, type Safe } from '../../../render/html';
import { fastCode128Svg } from './code128';
import type { LabelData } from './label-values';

/** A template as the renderer needs it (mm). */
export interface LabelTemplateShape {
  width: number;
  height: number;
  elements: LabelElement[];
}

/** Who the labels belong to: the logo (data: URL or null) and the name printed where there is none. */
export interface LabelBrand {
  logo: string | null;
  name: string;
}

const n = (v: number) => Number(v.toFixed(3));
const mm = (v: number) => `${n(v)}mm`;

const LABEL_CSS = `
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #000; }
  .page { position: relative; overflow: hidden; break-after: page; }
  .page:last-child { break-after: auto; }
  .lbl { position: absolute; overflow: hidden; }
  .tpl { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
  .el { position: absolute; overflow: hidden; display: flex; align-items: safe center; }
  .el > span { display: block; width: 100%; line-height: 1.1; overflow-wrap: anywhere; }
  .el svg { display: block; }
  .el img { width: 100%; height: 100%; object-fit: contain; object-position: left center; }
`;

/**
 * A font size (pt, at most the element's) at which `text` fits the box in 1–3 lines: where there is no
 * logo image the municipality's name stands in, and must not be clipped to nonsense.
 */
function fitPt(text: string, e: LabelElement): number {
  const PT = 25.4 / 72;
  let best = 0;
  for (let lines = 1; lines <= 3; lines++) {
    const byHeight = e.height / (lines * 1.15);
    const byWidth = (e.width * lines) / (Math.max(1, text.length) * 0.62);
    best = Math.max(best, Math.min(byHeight, byWidth));
  }
  return n(Math.max(3, Math.min(e.fontSize, best / PT)));
}

/** One element of one label (absolute, in mm inside the template). */
async function elementHtml(e: LabelElement, d: LabelData, brand: LabelBrand): Promise<Safe> {
  const box = `left:${mm(e.x)};top:${mm(e.y)};width:${mm(e.width)};height:${mm(e.height)}`;
  const textAt = (pt: number) =>
    `font-size:${pt}pt;font-weight:${e.fontWeight === 'bold' ? 700 : 400};text-align:${e.textAlign}`;
  const text = textAt(e.fontSize);
  switch (e.type) {
    case 'QRCODE': {
      const side = mm(Math.min(e.width, e.height));
      return html`<div class="el" style="${box}">${raw(await qrSvg(d.url, { width: side, height: side }))}</div>`;
    }
    case 'BARCODE':
      return html`<div class="el" style="${box}">${raw(fastCode128Svg(d.numero, { width: mm(e.width), height: mm(e.height) }))}</div>`;
    case 'LOGO':
      return brand.logo
        ? html`<div class="el logo" style="${box}"></div>`
        : html`<div class="el" style="${box};font-size:${fitPt(brand.name, e)}pt;font-weight:700;text-align:${e.textAlign}"><span>${brand.name}</span></div>`;
    case 'PATRIMONIO_FIELD': {
      const value = d.value(e.content);
      if (!isNumberElement(e)) return html`<div class="el" style="${box};${text}"><span>${value}</span></div>`;
      const oneLine = `${textAt(numberFontPt(String(value), e))};white-space:nowrap`;
      return html`<div class="el" style="${box};${oneLine}"><span>${value}</span></div>`;
    }
    default:
      return html`<div class="el" style="${box};${text}"><span>${e.content}</span></div>`;
  }
}

/** One label: the template's elements for an asset, scaled to fit `w`×`h` and centred in it. */
async function labelHtml(
  t: LabelTemplateShape,
  d: LabelData,
  brand: LabelBrand,
  at: { x: number; y: number; w: number; h: number; scale: number },
): Promise<Safe> {
  const dx = (at.w - t.width * at.scale) / 2;
  const dy = (at.h - t.height * at.scale) / 2;
  const inner = await Promise.all(t.elements.map((e) => elementHtml(e, d, brand)));
  const transform = at.scale === 1 ? '' : `transform:scale(${n(at.scale)});`;
  return html`<div class="lbl" style="left:${mm(at.x)};top:${mm(at.y)};width:${mm(at.w)};height:${mm(at.h)}"><div class="tpl" style="left:${mm(dx)};top:${mm(dy)};width:${mm(t.width)};height:${mm(t.height)};${transform}">${inner}</div></div>`;
}

/** The logo once for the whole document (a data: URL per label would repeat it thousands of times). */
const logoCss = (logo: string | null) =>
  logo && isImageDataUrl(logo) ? `.logo { background: url("${logo}") left center / contain no-repeat; }` : '';

const doc = (w: number, h: number, pages: Safe[], brand: LabelBrand) =>
  html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><style>${raw(LABEL_CSS)} ${raw(logoCss(brand.logo))} @page { size: ${mm(w)} ${mm(h)}; margin: 0; } .page { width: ${mm(w)}; height: ${mm(h)}; }</style></head><body>${pages}</body></html>`
    .html;

/**
 * Every sheet in ONE document (one Chromium render for the whole run): labels at the sheet's cells from
 * the starting position on, moved by the calibration offset. `onLabel` reports how many are done.
 */
export async function sheetsHtml(
  t: LabelTemplateShape,
  g: SheetGeometry,
  labels: LabelData[],
  brand: LabelBrand,
  onLabel?: (done: number) => void,
): Promise<{ html: string; pages: number }> {
  const scale = fitScale(g, t);
  const count = sheetsFor(g, labels.length);
  const pages: Safe[] = [];
  let i = 0;
  for (let p = 0; p < count; p++) {
    const cells: Safe[] = [];
    for (let pos = p === 0 ? g.start : 0; pos < g.perPage && i < labels.length; pos++, i++) {
      const o = cellOrigin(g, pos);
      cells.push(await labelHtml(t, labels[i], brand, { x: o.x, y: o.y, w: g.labelWidth, h: g.labelHeight, scale }));
      onLabel?.(i + 1);
    }
    pages.push(html`<div class="page">${cells}</div>`);
  }
  return { html: doc(g.pageWidth, g.pageHeight, pages, brand), pages: count };
}

/** Thermal printers: one label per page, the page the label's size, moved by the calibration offset. */
export async function thermalHtml(
  t: LabelTemplateShape,
  labels: LabelData[],
  brand: LabelBrand,
  offset: { x: number; y: number },
  onLabel?: (done: number) => void,
): Promise<string> {
  const pages: Safe[] = [];
  for (const [i, d] of labels.entries()) {
    const at = { x: offset.x, y: offset.y, w: t.width, h: t.height, scale: 1 };
    pages.push(html`<div class="page">${await labelHtml(t, d, brand, at)}</div>`);
    onLabel?.(i + 1);
  }
  return doc(t.width, t.height, pages, brand);
}
