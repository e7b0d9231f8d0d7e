/** One cell as read: text (CSV, strings), a number, a boolean, a date (XLSX date formats) or empty. */
export type Cell = string | number | boolean | Date | null;

/** One row as read; `line` is the row number a spreadsheet program shows for it (the header is 1). */
export interface RawRow {
  line: number;
  cells: Cell[];
}
