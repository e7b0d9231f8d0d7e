import { writeFile } from 'node:fs/promises';
import { publicAssetPath } from '@tombo/shared';
import { read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { PDF_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { loadBranding } from '../../customization';
import { qrSvg } from '../../../render/codes';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import type { GenerateFichaPayload } from './generate-ficha';
import { loadFichaData } from './ficha-data';
import { fichaHtml, type FichaPageInput } from './ficha-html';

/** `ficha.generate`: loads the assets under the requester's scope and renders one A4 page each. */
export const run: UserJobHandler<GenerateFichaPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A ficha exige um município.', false);
  const { templateId, patrimonioIds, sectorIds } = job.payload;
  const municipalityId = job.municipalityId;
  const scope = scopeOfMunicipality(municipalityId, sectorIds);
  const { data, branding } = await read(ctx, scope, async (tx) => ({
    data: await loadFichaData(tx, scope, ctx.config, templateId, patrimonioIds),
    branding: await loadBranding(tx, scope, ctx.config),
  })).catch((err: unknown) => {
    // Deleted, or no longer visible to the requester, since the job was asked for.
    if (err instanceof HttpError && err.status === 404) throw new JobFailure(err.message, false);
    throw err;
  });
  await job.progress(30);
  const pages: FichaPageInput[] = [];
  for (const p of data.pages) {
    const url = ctx.config.appUrl + publicAssetPath(p.asset.numero_patrimonio, municipalityId);
    pages.push({
      asset: p.asset,
      photo: p.photo,
      qr: data.template.showQr ? await qrSvg(url, { width: '30mm', height: '30mm' }) : null,
      qrUrl: data.template.showQr ? url : null,
    });
  }
  const now = new Date();
  const html = fichaHtml(branding, data.template, pages, data.customLabels, now);
  await job.progress(50);
  const pdf = await ctx.renderPdf(html, { timeoutMs: 120_000 }).catch((err: unknown) => {
    throw new JobFailure('Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).', true, err);
  });
  await job.progress(90);
  const file = job.tempPath('pdf');
  await writeFile(file, pdf);
  const first = data.pages[0].asset.numero_patrimonio;
  const name = patrimonioIds.length === 1 ? `ficha-${first}` : `fichas-${patrimonioIds.length}-bens`;
  return { tempPath: file, ext: 'pdf', fileName: `${name}-${isoDay(now)}.pdf`, mimeType: PDF_MIME };
};
