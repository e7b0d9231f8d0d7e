import { writeFile } from 'node:fs/promises';
import { ETIQUETA_MSG, LABELS_MAX, sheetGeometry, LayoutError, type PatrimonioFilters } from '@tombo/shared';
import { read } from '../../../db/tx';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { PDF_MIME } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { loadBranding } from '../../customization';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { labelSourceWhere, loadLabelAssets, type LabelSource } from '../queries';
import type { GenerateLabelsPayload } from './generate-labels';
import { sheetsHtml, thermalHtml } from './label-html';
import { labelData } from './label-values';
import { eplLabel, zplLabel } from './printer-languages';

const sourceOf = (p: GenerateLabelsPayload): LabelSource =>
  p.patrimonioIds
    ? { patrimonioIds: p.patrimonioIds }
    : p.faixa
      ? { faixa: p.faixa }
      : { filtros: (p.filtros ?? {}) as PatrimonioFilters };

/**
 * `labels.generate`: loads the assets under the requester's scope and writes the labels: a vector
 * PDF (all sheets, or all thermal labels, in one Chromium render) or ZPL / EPL text.
 */
export const run: UserJobHandler<GenerateLabelsPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A geração de etiquetas exige um município.', false);
  const { template, layout, sectorIds } = job.payload;
  const scope = scopeOfMunicipality(job.municipalityId, sectorIds);
  const { rows, brand } = await read(ctx, scope, async (tx) => {
    const where = await labelSourceWhere(tx, scope, sourceOf(job.payload));
    const branding = await loadBranding(tx, scope, ctx.config);
    return {
      rows: await loadLabelAssets(tx, where, LABELS_MAX),
      brand: { logo: branding.logo, name: branding.prefeitura, municipio: branding.municipio },
    };
  });
  if (!rows.length) throw new JobFailure(ETIQUETA_MSG.noAssets, false);
  await job.progress(10);
  const labels = rows.map((r) => labelData(r, brand.municipio, ctx.config.appUrl));
  const offset = { x: layout.ajuste?.x ?? 0, y: layout.ajuste?.y ?? 0 };
  const stamp = isoDay(new Date());
  // Building the document is ~30 % of the work, rendering ~60 %.
  let reported = 10;
  const onLabel = (done: number) => {
    const p = 10 + Math.floor((25 * done) / labels.length);
    if (p >= reported + 5) {
      reported = p;
      void job.progress(p);
    }
  };

  if (layout.tipo === 'zpl' || layout.tipo === 'epl') {
    const opts = { dpi: layout.dpi ?? 203, offset };
    const text = labels
      .map((d) => (layout.tipo === 'zpl' ? zplLabel(template, d, brand, opts) : eplLabel(template, d, brand, opts)))
      .join('\n');
    const file = job.tempPath(layout.tipo);
    await writeFile(file, `${text}\n`, 'utf8');
    await job.progress(95);
    return {
      tempPath: file,
      ext: layout.tipo,
      fileName: `etiquetas-${stamp}.${layout.tipo}`,
      mimeType: 'text/plain; charset=utf-8',
    };
  }

  let doc: { html: string; width: number; height: number };
  if (layout.tipo === 'termica') {
    doc = {
      html: await thermalHtml(template, labels, brand, offset, onLabel),
      width: template.width,
      height: template.height,
    };
  } else {
    let g;
    try {
      g = sheetGeometry(layout, template);
    } catch (err) {
      if (err instanceof LayoutError) throw new JobFailure(err.message, false);
      throw err;
    }
    const sheets = await sheetsHtml(template, g, labels, brand, onLabel);
    doc = { html: sheets.html, width: g.pageWidth, height: g.pageHeight };
  }
  await job.progress(35);
  const pdf = await ctx
    .renderPdf(doc.html, { width: `${doc.width}mm`, height: `${doc.height}mm`, timeoutMs: 300_000 })
    .catch((err: unknown) => {
      throw new JobFailure('Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).', true, err);
    });
  await job.progress(95);
  const file = job.tempPath('pdf');
  await writeFile(file, pdf);
  return { tempPath: file, ext: 'pdf', fileName: `etiquetas-${stamp}.pdf`, mimeType: PDF_MIME };
};
