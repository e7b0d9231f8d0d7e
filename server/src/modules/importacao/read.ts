import { IMPORTACAO_LIMITS, IMPORTACAO_MSG } from '@tombo/shared';
import { HttpError } from '../../http/errors';
import { InflateBudget, openSpreadsheet, SPREADSHEET_MSG, SpreadsheetError, type Spreadsheet } from '../../spreadsheet';

/** Bytes an uploaded XLSX register may inflate (a 100,000-row sheet is ~60 MB of XML). */
const XLSX_BUDGET = 1024 * 1024 * 1024;

/** The reader's failures as HTTP errors (pt-BR); anything else goes through. */
export function readFailure(err: unknown): unknown {
  if (!(err instanceof SpreadsheetError)) return err;
  const message = err.message === SPREADSHEET_MSG.badFile ? IMPORTACAO_MSG.badFile : err.message;
  return new HttpError(err.status, err.status === 413 ? 'TOO_LARGE' : 'UNPROCESSABLE', message, { file: message });
}

/** Opens a stored register for streaming its rows (with or without a header row). */
export async function openRegister(file: string, hasHeader: boolean): Promise<Spreadsheet> {
  try {
    return await openSpreadsheet(file, {
      maxRows: IMPORTACAO_LIMITS.maxRows,
      header: hasHeader,
      budget: new InflateBudget(XLSX_BUDGET),
    });
  } catch (err) {
    throw readFailure(err);
  }
}

/** Gives the event loop to other requests (between batches of rows). */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
