/**
 * Limits and failures of the spreadsheet reader, shared by every import. The messages are pt-BR and
 * are what the user reads (the reader is used by several areas, so they live with it, not in an area).
 */

const n = (v: number) => v.toLocaleString('pt-BR');
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Bounds on one read: data rows, bytes inflated out of an XLSX (zip bomb), bytes of one CSV record. */
export const SPREADSHEET_LIMITS = {
  /** Sum of the bytes inflated from the zip entries an XLSX read uses (declared and counted). */
  maxUncompressedBytes: 100 * 1024 * 1024,
  /** Zip entries in an XLSX's central directory. */
  maxZipEntries: 5_000,
  /** Bytes of one CSV record (a field with line breaks stays one record). */
  maxRecordBytes: 1024 * 1024,
} as const;

/** What the reader's failures say (pt-BR). */
export const SPREADSHEET_MSG = {
  badFile: 'Não foi possível ler a planilha. Envie um arquivo XLSX ou CSV.',
  legacyXls: 'Planilhas .xls (Excel 97-2003) não são aceitas. Abra-a e salve-a como XLSX ou CSV.',
  badCsvAt: (line: number) =>
    `Não foi possível ler a planilha: o CSV tem um erro de formato perto da linha ${n(line)} (aspas não fechadas?).`,
  recordTooLarge: (line: number) =>
    `A linha ${n(line)} da planilha é grande demais (máximo ${mb(SPREADSHEET_LIMITS.maxRecordBytes)} por linha).`,
  tooManyRows: (max: number) => `A planilha tem mais de ${n(max)} linhas de dados (máximo ${n(max)} por importação).`,
  uncompressedTooLarge: () =>
    `A planilha descompactada passa de ${mb(SPREADSHEET_LIMITS.maxUncompressedBytes)}. ` +
    'Envie um arquivo menor ou divida-o em partes.',
  noSheet: 'A planilha não tem nenhuma aba com dados.',
} as const;

export type SpreadsheetErrorKind = 'bad-file' | 'too-large' | 'too-many-rows';

/** A spreadsheet that cannot be read within the limits; `status` is the HTTP answer it deserves (413/422). */
export class SpreadsheetError extends Error {
  readonly status: number;
  constructor(
    readonly kind: SpreadsheetErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
    this.status = kind === 'too-large' ? 413 : 422;
  }
}

/** The generic "cannot read it" failure. */
export const badFile = (message: string = SPREADSHEET_MSG.badFile) => new SpreadsheetError('bad-file', message);
