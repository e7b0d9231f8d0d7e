/**
 * The one writer of spreadsheet files (XLSX and CSV), for every area's exports and reports: rows
 * streamed a chunk at a time, typed cells, formula-like text neutralised. docs/decisions/spreadsheets.md.
 */
export { writeXlsx, type SheetSpec } from './xlsx';
export { csvField, openCsv, writeCsv, type CsvFile } from './csv';
export { neutralise, type CellKind, type FileColumn, type FileRows, type Progress } from './cells';
