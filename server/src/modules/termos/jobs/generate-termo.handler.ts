import { copyFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { TERMO_MSG } from '@tombo/shared';
import { termoVersions } from '../../../db/schema';
import { read } from '../../../db/tx';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { PDF_MIME } from '../../../jobs/files';
import { ofTenant, scopeOfMunicipality } from '../../../tenancy/scope';
import { renderTermo } from '../render';
import type { GenerateTermoPayload } from './generate-termo';

/** `termo.generate`: renders the version recorded with this job; its file stays with the version too. */
export const run: UserJobHandler<GenerateTermoPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('O termo exige um município.', false);
  const scope = scopeOfMunicipality(job.municipalityId);
  const [row] = await read(ctx, scope, (tx) =>
    tx
      .select()
      .from(termoVersions)
      .where(and(eq(termoVersions.jobId, job.id), ofTenant(termoVersions, scope))),
  );
  if (!row) throw new JobFailure(TERMO_MSG.notFound, false);
  await job.progress(30);
  const abs = await renderTermo(ctx, row).catch((err: unknown) => {
    throw new JobFailure('Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).', true, err);
  });
  await job.progress(90);
  const file = job.tempPath('pdf');
  await copyFile(abs, file);
  const safe = row.number.replace(/[^A-Za-z0-9-]+/g, '-');
  return { tempPath: file, ext: 'pdf', fileName: `termo-${safe}-v${row.versionNumber}.pdf`, mimeType: PDF_MIME };
};
