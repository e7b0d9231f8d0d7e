import { writeFile } from 'node:fs/promises';
import { INVENTARIO_MSG } from '@tombo/shared';
import { read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { PDF_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { loadBranding } from '../../customization';
import { loadInventarioReport } from '../report';
import { inventarioFooter, inventarioReportHtml } from './inventario-report';
import type { PrintInventarioPayload } from './print-inventario';

/** `print.inventario`: loads the report under the requester's scope and renders it to PDF (A4). */
export const run: UserJobHandler<PrintInventarioPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A impressão de inventário exige um município.', false);
  const { inventarioId, viewerId, sectorIds } = job.payload;
  const scope = scopeOfMunicipality(job.municipalityId, sectorIds);
  const { report, branding } = await read(ctx, scope, async (tx) => ({
    report: await loadInventarioReport(tx, scope, inventarioId, viewerId),
    branding: await loadBranding(tx, scope, ctx.config),
  })).catch((err: unknown) => {
    // Deleted, or no longer visible to the requester, since the job was asked for.
    if (err instanceof HttpError && err.status === 404) throw new JobFailure(INVENTARIO_MSG.notFound, false);
    throw err;
  });
  await job.progress(30);
  const now = new Date();
  const html = inventarioReportHtml(report, now, branding);
  await job.progress(40);
  const pdf = await ctx
    .renderPdf(html, { footerTemplate: inventarioFooter(report.inventario.title, now), timeoutMs: 120_000 })
    .catch((err: unknown) => {
      throw new JobFailure('Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).', true, err);
    });
  await job.progress(90);
  const file = job.tempPath('pdf');
  await writeFile(file, pdf);
  return {
    tempPath: file,
    ext: 'pdf',
    fileName: `inventario-${inventarioId}-${isoDay(now)}.pdf`,
    mimeType: PDF_MIME,
  };
};
