import fsp from 'node:fs/promises';
import path from 'node:path';
import { HttpError } from '@tombo/server/http/errors';
import { uploadTmpDir } from '@tombo/server/modules/patrimonios/files';
import { importPatrimonios as runImport } from '@tombo/server/modules/patrimonios/sheet';
import { logger } from '@tombo/server/logger';
import { isoDay } from './format';
import { JobFailure, type JobContext, type Processor } from './types';

export const JSON_MIME = 'application/json';

/** Absolute path of a payload's `uploadPath`, or null when it would leave DATA_DIR/tmp/uploads. */
export function resolveUpload(ctx: Pick<JobContext, 'config'>, uploadPath: unknown): string | null {
  if (typeof uploadPath !== 'string' || !uploadPath) return null;
  const base = path.resolve(uploadTmpDir(ctx.config));
  const abs = path.resolve(ctx.config.dataDir, uploadPath);
  return abs.startsWith(base + path.sep) ? abs : null;
}

/** Removes the uploaded spreadsheet of an import job (once it completed or finally failed). */
export async function removeImportUpload(ctx: Pick<JobContext, 'config'>, payload: unknown): Promise<void> {
  const abs = resolveUpload(ctx, (payload as { uploadPath?: unknown } | null)?.uploadPath);
  if (abs) await fsp.rm(abs, { force: true }).catch((err: unknown) => logger.warn({ err, abs }, 'could not remove import upload'));
}

/**
 * `import.patrimonios` (commit): creates every good row of the uploaded sheet in ONE transaction
 * (`importPatrimonios`) and writes the ImportReport as the job's result file (JSON). Not retried:
 * a failure leaves nothing written and the user sends the sheet again. The upload is removed right
 * after the commit, so a duplicate delivery can never import the same sheet twice.
 */
export const importPatrimonios: Processor<'import.patrimonios'> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A importação de bens exige um município.', false);
  const municipalityId = job.municipalityId;
  const file = resolveUpload(ctx, job.payload.uploadPath);
  if (!file) throw new JobFailure('Arquivo enviado inválido.', false);
  try {
    await fsp.access(file);
  } catch {
    throw new JobFailure('A planilha enviada não está mais disponível; envie-a novamente.', false);
  }
  const actor = { id: job.ownerId, name: job.payload.actorName, municipalityId };
  const scope = { municipalityId, sectorIds: job.payload.sectorIds };
  let report;
  try {
    // Not awaited: most steps report from inside the import's transaction, and a single-connection
    // database (PGlite) would wait for it to end; a late update is a no-op once the job is over.
    const progress = (p: number) => { job.progress(p * 0.97).catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'progress update failed')); };
    report = await runImport(ctx, actor, scope, file, 'commit', progress);
  } catch (err) {
    if (err instanceof HttpError) throw new JobFailure(err.message, false);
    throw new JobFailure('Erro ao gravar os bens; nenhum bem foi gravado. Tente novamente.', false, err);
  }
  await removeImportUpload(ctx, job.payload);
  const out = job.tempPath('json');
  await fsp.writeFile(out, JSON.stringify(report));
  return { tempPath: out, ext: 'json', fileName: `importacao-${isoDay(new Date())}.json`, mimeType: JSON_MIME };
};
