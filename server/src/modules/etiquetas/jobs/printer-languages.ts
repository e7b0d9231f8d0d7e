import QRCode from 'qrcode';
import type { LabelElement } from '@tombo/shared';
import type { LabelBrand, LabelTemplateShape } from './label-html';
import type { LabelData } from './label-values';

/**
 * Raw printer languages for thermal printers: ZPL II (Zebra, Elgin, Argox in ZPL mode) and EPL2
 * (older Zebra/Eltron, Argox). One label per format, positions in dots at the printer's resolution.
 * LOGO elements print the municipality's name (images need a stored graphic on the printer).
 */
export interface PrinterOptions {
  dpi: number;
  offset: { x: number; y: number };
}

const dots = (mm: number, dpi: number) => Math.max(0, Math.round((mm * dpi) / 25.4));
const fontDots = (pt: number, dpi: number) => Math.max(10, Math.round((pt * dpi) / 72));

/** The text an element prints on a label (null: not a text element). */
function textOf(e: LabelElement, d: LabelData, brand: LabelBrand): string | null {
  if (e.type === 'PATRIMONIO_FIELD') return d.value(e.content);
  if (e.type === 'TEXT') return e.content;
  if (e.type === 'LOGO') return brand.name;
  return null;
}

/** Module count of the QR a URL makes (to pick the magnification that fills the element). */
const qrModules = (text: string) => QRCode.create(text, { errorCorrectionLevel: 'M' }).modules.size;

/** ZPL field data with ^FH: `_`, `^` and `~` written as hex so data never ends a command. */
const zplData = (s: string) => s.replace(/[_^~\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** One ZPL label (^XA … ^XZ) for an asset. */
export function zplLabel(t: LabelTemplateShape, d: LabelData, brand: LabelBrand, o: PrinterOptions): string {
  const X = (v: number) => dots(v + o.offset.x, o.dpi);
  const Y = (v: number) => dots(v + o.offset.y, o.dpi);
  const out = ['^XA', '^CI28', `^PW${dots(t.width, o.dpi)}`, `^LL${dots(t.height, o.dpi)}`, '^LH0,0'];
  for (const e of t.elements) {
    const fo = `^FO${X(e.x)},${Y(e.y)}`;
    const w = dots(e.width, o.dpi);
    const h = dots(e.height, o.dpi);
    if (e.type === 'QRCODE') {
      const mag = Math.min(10, Math.max(1, Math.floor(Math.min(w, h) / qrModules(d.url))));
      out.push(`${fo}^BQN,2,${mag}^FH^FDMA,${zplData(d.url)}^FS`);
    } else if (e.type === 'BARCODE') {
      out.push(`${fo}^BY2^BCN,${h},N,N,N^FH^FD${zplData(d.numero)}^FS`);
    } else {
      const text = textOf(e, d, brand) ?? '';
      const f = fontDots(e.fontSize, o.dpi);
      const lines = Math.max(1, Math.floor(h / f));
      const align = e.textAlign === 'center' ? 'C' : e.textAlign === 'right' ? 'R' : 'L';
      const font = e.fontWeight === 'bold' ? `^A0N,${f},${Math.round(f * 1.1)}` : `^A0N,${f},${f}`;
      out.push(`${fo}${font}^FB${w},${lines},0,${align},0^FH^FD${zplData(text)}^FS`);
    }
  }
  out.push('^PQ1', '^XZ');
  return out.join('\n');
}

/** EPL2 strings: ASCII only (the printer's code page varies), quotes and backslashes escaped. */
const eplText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/["\\]/g, (c) => `\\${c}`);

/** EPL2 font 1–4 heights in dots at 203 dpi (12, 16, 20, 24); picks a font and vertical multiplier. */
function eplFont(pt: number, dpi: number): { font: number; mul: number } {
  const target = fontDots(pt, dpi) * (203 / dpi);
  const heights = [12, 16, 20, 24];
  let best = { font: 1, mul: 1, err: Infinity };
  heights.forEach((fh, i) => {
    for (let mul = 1; mul <= 6; mul++) {
      const err = Math.abs(fh * mul - target);
      if (err < best.err) best = { font: i + 1, mul, err };
    }
  });
  return { font: best.font, mul: best.mul };
}

/** One EPL2 label (N … P1) for an asset. */
export function eplLabel(t: LabelTemplateShape, d: LabelData, brand: LabelBrand, o: PrinterOptions): string {
  const X = (v: number) => dots(v + o.offset.x, o.dpi);
  const Y = (v: number) => dots(v + o.offset.y, o.dpi);
  const out = ['N', `q${dots(t.width, o.dpi)}`, `Q${dots(t.height, o.dpi)},24`];
  for (const e of t.elements) {
    const h = dots(e.height, o.dpi);
    if (e.type === 'QRCODE') {
      const scale = Math.min(99, Math.max(1, Math.floor(Math.min(dots(e.width, o.dpi), h) / qrModules(d.url))));
      out.push(`b${X(e.x)},${Y(e.y)},Q,m2,s${scale},eM,"${eplText(d.url)}"`);
    } else if (e.type === 'BARCODE') {
      out.push(`B${X(e.x)},${Y(e.y)},0,1,2,4,${h},N,"${eplText(d.numero)}"`);
    } else {
      const { font, mul } = eplFont(e.fontSize, o.dpi);
      out.push(`A${X(e.x)},${Y(e.y)},0,${font},${mul},${mul},N,"${eplText(textOf(e, d, brand) ?? '')}"`);
    }
  }
  out.push('P1');
  return out.join('\n');
}
