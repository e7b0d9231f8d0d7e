import { read } from '../../../db/tx';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { XLSX_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { readImovelSheet, writeImovelXlsx } from '../sheet';
import type { ExportImoveisPayload } from './export-imoveis';

/**
 * `export.imoveis`: the same sheet as GET /imoveis/exportar.xlsx (the columns the import reads back),
 * written by the job runner instead of the request.
 */
export const run: UserJobHandler<ExportImoveisPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A exportação de imóveis exige um município.', false);
  const scope = scopeOfMunicipality(job.municipalityId);
  await job.progress(5);
  const sheet = await read(ctx, scope, (tx) => readImovelSheet(tx, scope, job.payload));
  await job.progress(30);
  const file = job.tempPath('xlsx');
  const total = Math.max(1, sheet.rows.length);
  await writeImovelXlsx(file, sheet, (done) => job.progress(30 + (65 * done) / total));
  return { tempPath: file, ext: 'xlsx', fileName: `imoveis-${isoDay(new Date())}.xlsx`, mimeType: XLSX_MIME };
};
