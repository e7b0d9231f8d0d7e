import type { PatrimonioFilters } from '@tombo/shared';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { isoDay } from '../../../jobs/format';
import { XLSX_MIME } from '../../../jobs/files';
import { writePatrimoniosXlsx } from '../sheet';
import type { ExportPatrimoniosPayload } from './export-patrimonios';

/**
 * `export.patrimonios`: the assets matching the list filters as XLSX (streamed, keyset chunks).
 * The sector restriction (`usuario`) comes from the payload, which the API filled from the
 * requester's principal — never from the client.
 */
export const run: UserJobHandler<ExportPatrimoniosPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A exportação de bens exige um município.', false);
  const { format: _format, sectorIds, ...filters } = job.payload;
  const file = job.tempPath('xlsx');
  await job.progress(5);
  await writePatrimoniosXlsx(
    ctx,
    job.municipalityId,
    filters as PatrimonioFilters,
    (p) => job.progress(5 + 0.9 * p),
    file,
    sectorIds,
  );
  await job.progress(97);
  return { tempPath: file, ext: 'xlsx', fileName: `bens-${isoDay(new Date())}.xlsx`, mimeType: XLSX_MIME };
};
