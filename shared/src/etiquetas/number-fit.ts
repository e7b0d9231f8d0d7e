import type { LabelElement } from './schemas';

/** Advance widths (em) of DejaVu Sans Bold, by kind of character, rounded up; regular is ~8 % narrower. */
const emOf = (c: string) => (/[0-9]/.test(c) ? 0.7 : /[A-Z]/.test(c) ? 0.82 : /[a-z]/.test(c) ? 0.7 : 0.5);

/** The element that prints the asset's number: it is kept on one line (labels and the editor's preview). */
export const isNumberElement = (e: Pick<LabelElement, 'type' | 'content'>) =>
  e.type === 'PATRIMONIO_FIELD' && e.content === 'numero_patrimonio';

/**
 * A font size (pt, at most the element's) at which the asset's number fits its box on one line: a number
 * must never break across lines (the default 60×40 mm label split 'T-93b0d64' at its hyphen).
 */
export function numberFontPt(text: string, e: Pick<LabelElement, 'width' | 'height' | 'fontSize' | 'fontWeight'>) {
  const PT = 25.4 / 72;
  const ems = [...text].reduce((sum, c) => sum + emOf(c), 0) * (e.fontWeight === 'bold' ? 1 : 0.92);
  const byWidth = e.width / Math.max(1, ems);
  return Number(Math.max(3, Math.min(e.fontSize, Math.min(e.height / 1.15, byWidth) / PT)).toFixed(3));
}
