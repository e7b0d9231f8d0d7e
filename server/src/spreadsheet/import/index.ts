/** The one spreadsheet import engine (docs/decisions/spreadsheets.md): configured per import. */
export {
  checkRows,
  refusal,
  runImport,
  yieldToOthers,
  type CheckedRow,
  type GoodRow,
  type ImportOutcome,
  type ImportRow,
  type ImportRun,
  type ImportSpec,
  type TakenKeys,
} from './engine';
export { foldHeader, matchColumns, missingColumns, type ColumnMap, type ImportField } from './columns';
export { customCells, customCellValue, dateOf, enumOf, moneyOf, str, text } from './cells';
