import {
  EXPORT_COLUMNS,
  CUSTOM_COLUMN_PREFIX,
  PATRIMONIO_SHEET_COLUMNS,
  standardSheetColumns,
  type PatrimonioFilters,
} from '@tombo/shared';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { isoDay } from '../../../jobs/format';
import { XLSX_MIME } from '../../../jobs/files';
import { patrimonioSheetRows } from '../../patrimonios';
import { writeCsv, writeXlsx, type FileColumn } from '../../../spreadsheet';
import type { ExportDadosPayload } from './export-dados';

/**
 * Rows per read for XLSX. Rows of a larger read live long enough to reach V8's old space, where they
 * pile up as garbage until a full GC (bench, 100,000 rows, sheet written straight into the zip:
 * 2,500 rows peaked at ~225 MB RSS, 500 at ~205 MB for ~10 % more CPU).
 */
const XLSX_CHUNK = 500;

/**
 * `export.dados`: the assets matching the list filters as XLSX or CSV, in keyset chunks, with the
 * columns of the payload (a template's, or every built-in and custom column). The sector restriction
 * (`usuario`) comes from the payload, which the API filled from the requester's principal.
 */
export const run: UserJobHandler<ExportDadosPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A exportação de dados exige um município.', false);
  const { formato, filtros, columns, sectorIds } = job.payload;
  const { status, ...rest } = filtros ?? {};
  const filters = { ...rest, status } as PatrimonioFilters;
  const source = await patrimonioSheetRows(ctx, job.municipalityId, filters, sectorIds);
  const custom = new Map(source.custom.map((f) => [`${CUSTOM_COLUMN_PREFIX}${f.key}`, f]));
  const builtIn = new Map(EXPORT_COLUMNS.map((c) => [c.key, c]));
  // Every column: the register's, the standard fields (a header a custom field already uses gets a suffix), custom.
  const all = [
    ...PATRIMONIO_SHEET_COLUMNS.map((c) => ({ key: c.key, header: c.header })),
    ...standardSheetColumns(source.custom.map((f) => f.label)).map((c) => ({ key: c.key, header: c.header })),
    ...source.custom.map((f) => ({ key: `${CUSTOM_COLUMN_PREFIX}${f.key}`, header: f.label })),
  ];
  const fileColumns: FileColumn[] = (columns ?? all).map((c) => {
    const b = builtIn.get(c.key);
    if (b) return { key: c.key, header: c.header, kind: b.kind, width: b.width };
    const f = custom.get(c.key);
    // A custom field removed since the template was saved: nothing can make this export succeed.
    if (!f) throw new JobFailure(`Coluna desconhecida: "${c.key}".`, false);
    return {
      key: c.key,
      header: c.header,
      kind: f.type === 'DATE' ? 'date' : f.type === 'NUMBER' ? 'number' : 'text',
      width: 20,
    };
  });
  const file = job.tempPath(formato);
  const progress = (done: number) => job.progress(source.total ? 2 + (96 * done) / source.total : 98);
  await job.progress(2);
  if (formato === 'csv') await writeCsv(file, fileColumns, source.chunks(), progress);
  else await writeXlsx(file, { name: 'Bens', columns: fileColumns, rows: source.chunks(XLSX_CHUNK) }, progress);
  return {
    tempPath: file,
    ext: formato,
    fileName: `exportacao-bens-${isoDay(new Date())}.${formato}`,
    mimeType: formato === 'csv' ? 'text/csv; charset=utf-8' : XLSX_MIME,
  };
};
