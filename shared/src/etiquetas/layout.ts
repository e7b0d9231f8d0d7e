import { ETIQUETA_MSG } from './messages';
import { LABEL_PAGES, SHEET_PRESETS, type LabelLayout } from './schemas';

/** Where every label of a sheet goes (mm, from the page's top-left corner, before the calibration offset). */
export interface SheetGeometry {
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  columns: number;
  rows: number;
  marginTop: number;
  marginLeft: number;
  gapX: number;
  gapY: number;
  perPage: number;
  /** First used position (0-based) on the first sheet. */
  start: number;
  offsetX: number;
  offsetY: number;
}

/** A layout that cannot be printed: the field (path in the body) and the pt-BR reason. */
export class LayoutError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const fmt = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * The sheet geometry of a `folha` layout for a label of `label` size (the template's): a preset's,
 * with any value the layout sets over it, or a custom grid. Throws LayoutError when the labels do not
 * fit the page (naming the overflow in mm) or the starting position is outside the sheet.
 */
export function sheetGeometry(layout: LabelLayout, label: { width: number; height: number }): SheetGeometry {
  const p = layout.preset ? SHEET_PRESETS[layout.preset] : undefined;
  const page = LABEL_PAGES[layout.pagina ?? p?.page ?? 'A4'];
  const g: SheetGeometry = {
    pageWidth: page.width,
    pageHeight: page.height,
    labelWidth: p?.labelWidth ?? label.width,
    labelHeight: p?.labelHeight ?? label.height,
    columns: layout.colunas ?? p?.columns ?? 1,
    rows: layout.linhas ?? p?.rows ?? 1,
    marginTop: layout.margens?.superior ?? p?.marginTop ?? 10,
    marginLeft: layout.margens?.esquerda ?? p?.marginLeft ?? 10,
    gapX: layout.espacamento?.horizontal ?? p?.gapX ?? 0,
    gapY: layout.espacamento?.vertical ?? p?.gapY ?? 0,
    perPage: 0,
    start: 0,
    offsetX: layout.ajuste?.x ?? 0,
    offsetY: layout.ajuste?.y ?? 0,
  };
  g.perPage = g.rows * g.columns;
  const right = g.marginLeft + g.columns * g.labelWidth + (g.columns - 1) * g.gapX - g.pageWidth;
  if (right > 0.05) throw new LayoutError('layout.colunas', ETIQUETA_MSG.widthOverflow(fmt(right)));
  const bottom = g.marginTop + g.rows * g.labelHeight + (g.rows - 1) * g.gapY - g.pageHeight;
  if (bottom > 0.05) throw new LayoutError('layout.linhas', ETIQUETA_MSG.heightOverflow(fmt(bottom)));
  const start = layout.posicaoInicial ?? 1;
  if (start > g.perPage) throw new LayoutError('layout.posicaoInicial', ETIQUETA_MSG.startOutside(g.perPage));
  g.start = start - 1;
  return g;
}

/** Top-left corner (mm) of the label in position `pos` (0-based, row by row) of a sheet, offset included. */
export function cellOrigin(g: SheetGeometry, pos: number): { x: number; y: number } {
  const row = Math.floor(pos / g.columns);
  const col = pos % g.columns;
  return {
    x: g.marginLeft + col * (g.labelWidth + g.gapX) + g.offsetX,
    y: g.marginTop + row * (g.labelHeight + g.gapY) + g.offsetY,
  };
}

/** How many sheets `count` labels take from position `start` on. */
export const sheetsFor = (g: SheetGeometry, count: number): number => Math.ceil((g.start + count) / g.perPage);

/** Scale that fits a template of `label` size into a sheet cell (never enlarged). */
export const fitScale = (g: SheetGeometry, label: { width: number; height: number }): number =>
  Math.min(1, g.labelWidth / label.width, g.labelHeight / label.height);
