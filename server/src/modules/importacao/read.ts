import {
  IMPORTACAO_FIELDS,
  IMPORTACAO_FIELD_LABELS,
  IMPORTACAO_LIMITS,
  IMPORTACAO_MSG,
  type ImportacaoMapping,
} from '@tombo/shared';
import { InflateBudget, SpreadsheetError } from '../../spreadsheet';
import { refusal, type ColumnMap, type ImportRow, type ImportSpec } from '../../spreadsheet/import';
import type { MappedCustom } from './custom';
import { parseRow, type ParsedRow } from './rows';

/** Bytes an uploaded XLSX register may inflate (a 100,000-row sheet is ~60 MB of XML). */
export const XLSX_BUDGET = 1024 * 1024 * 1024;

/** The reader's refusals as HTTP answers (pt-BR); anything else goes through. */
export function readFailure(err: unknown): unknown {
  return err instanceof SpreadsheetError ? refusal(IMPORTACAO_MSG.badFile)(err) : err;
}

/** The columns the admin chose for each field (and custom field, `cf:<key>`). */
export function mappedColumns(mapping: ImportacaoMapping): ColumnMap {
  const map: ColumnMap = {};
  for (const f of IMPORTACAO_FIELDS) if (mapping[f] != null) map[f] = mapping[f];
  for (const [key, col] of Object.entries(mapping.custom ?? {})) map[`cf:${key}`] = col;
  return map;
}

/** How a stored register is read: the analysis and the commit check each row the same way. */
export interface RegisterRead {
  mapping: ImportacaoMapping;
  hasHeader: boolean;
  custom?: MappedCustom;
  /** The file has no numbers: none is read, none may repeat (the commit issues them). */
  generateNumbers?: boolean;
}

/**
 * The register import's configuration of the engine (spreadsheet/import): its limits and answers,
 * the admin's mapping, each row read with `parseRow` and then by `then` (the analysis counts its
 * values, the commit resolves them), no number twice in the file (when the file has them).
 */
export function registerImport<T extends { numero: string }>(
  input: RegisterRead,
  then: (row: ParsedRow, at: ImportRow) => T | null,
): ImportSpec<T> {
  return {
    read: { maxRows: IMPORTACAO_LIMITS.maxRows, header: input.hasHeader, budget: new InflateBudget(XLSX_BUDGET) },
    failure: refusal(IMPORTACAO_MSG.badFile),
    columns: () => mappedColumns(input.mapping),
    row(at) {
      const parsed = parseRow(at, input.custom, input.generateNumbers);
      return parsed && then(parsed, at);
    },
    unique: input.generateNumbers
      ? undefined
      : { field: IMPORTACAO_FIELD_LABELS.numero, of: (v) => v.numero, repeated: IMPORTACAO_MSG.duplicateInFile },
  };
}
