import { writeFile } from 'node:fs/promises';
import { RELATORIO_LIMITS, RELATORIO_MSG } from '@tombo/shared';
import { read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { PDF_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { logger } from '../../../logger';
import { loadBranding } from '../../customization';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { slug } from '../file-name';
import { loadReport } from '../report';
import { reportFooter, reportHtml } from '../report-html';
import type { ReportGeneratePayload } from './report-generate';

/**
 * `report.generate`: loads the template and the matching assets under the requester's scope (one
 * transaction: totals, chart series and rows by SQL), builds the HTML and renders it once in Chromium.
 */
export const run: UserJobHandler<ReportGeneratePayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure(RELATORIO_MSG.noMunicipality, false);
  const { templateId, filtros, sectorIds } = job.payload;
  const scope = scopeOfMunicipality(job.municipalityId, sectorIds);
  const t0 = performance.now();
  const data = await read(ctx, scope, async (tx) => ({
    report: await loadReport(tx, scope, templateId, filtros, RELATORIO_LIMITS.maxRows + 1),
    branding: await loadBranding(tx, scope, ctx.config),
  })).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) throw new JobFailure(RELATORIO_MSG.templateNotFound, false);
    if (err instanceof HttpError) throw new JobFailure(err.message, false);
    throw err;
  });
  const { report, branding } = data;
  if (report.rows.length > RELATORIO_LIMITS.maxRows)
    throw new JobFailure(
      RELATORIO_MSG.tooManyRows(new Intl.NumberFormat('pt-BR').format(RELATORIO_LIMITS.maxRows)),
      false,
    );
  const tData = performance.now();
  await job.progress(40);
  const generatedAt = new Date();
  const doc = { ...report, branding, generatedAt };
  const html = reportHtml(doc);
  await job.progress(50);
  const tHtml = performance.now();
  const pdf = await ctx
    .renderPdf(html, {
      footerTemplate: reportFooter({ ...doc, municipio: branding.municipio }),
      timeoutMs: 120_000,
    })
    .catch((err: unknown) => {
      throw new JobFailure(RELATORIO_MSG.renderFailed, true, err);
    });
  await job.progress(90);
  logger.debug(
    {
      jobId: job.id,
      rows: report.rows.length,
      dataMs: Math.round(tData - t0),
      renderMs: Math.round(performance.now() - tHtml),
    },
    'relatório gerado',
  );
  const file = job.tempPath('pdf');
  await writeFile(file, pdf);
  return {
    tempPath: file,
    ext: 'pdf',
    fileName: `${slug(report.template.name)}-${isoDay(generatedAt)}.pdf`,
    mimeType: PDF_MIME,
  };
};
