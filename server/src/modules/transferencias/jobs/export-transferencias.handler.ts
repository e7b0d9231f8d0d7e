import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { XLSX_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { writeTransferXlsx } from '../sheet';
import type { ExportTransferenciasPayload } from './export-transferencias';

/** `export.transferencias`: the report's requests and totals as XLSX, limited to what the requester may read. */
export const run: UserJobHandler<ExportTransferenciasPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A exportação de transferências exige um município.', false);
  const file = job.tempPath('xlsx');
  await job.progress(5);
  await writeTransferXlsx(ctx, job.municipalityId, job.payload, (p) => job.progress(5 + 0.9 * p), file);
  await job.progress(97);
  return { tempPath: file, ext: 'xlsx', fileName: `transferencias-${isoDay(new Date())}.xlsx`, mimeType: XLSX_MIME };
};
