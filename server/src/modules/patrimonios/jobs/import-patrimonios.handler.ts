import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { ImportReport } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { jobs } from '../../../db/schema';
import { read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import {
  FailureAfterCommit,
  JobFailure,
  type JobContext,
  type JobResult,
  type RunningJob,
  type UserJobHandler,
} from '../../../jobs/define';
import { JSON_MIME, relativeJobFile, resolveJobFile } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { logger } from '../../../logger';
import { scopeOfMunicipality, type TenantScope } from '../../../tenancy/scope';
import { uploadTmpDir } from '../files';
import { importPatrimonios as runImport } from '../import';
import type { ImportPatrimoniosPayload } from './import-patrimonios';

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
  if (abs)
    await fsp
      .rm(abs, { force: true })
      .catch((err: unknown) => logger.warn({ err, abs }, 'could not remove import upload'));
}

/** Run by the runner once the job is over (completed, or failed with no retry to follow). */
export const cleanup = removeImportUpload;

/** Thrown inside the import transaction when another delivery of the same job committed it first. */
class AlreadyCommitted extends Error {}

/**
 * Runs last inside the import's transaction: claims the job row (`file_path` still null, so a
 * second delivery cannot claim it too) and writes the report at the job's final result path. Both
 * stand or fall with the import: once it committed, the row says so and its report is on disk.
 */
async function recordCommit(
  ctx: Pick<JobContext, 'config'>,
  tx: Db,
  jobId: string,
  report: ImportReport,
): Promise<void> {
  const rel = relativeJobFile(jobId, 'json');
  const [claimed] = await tx
    .update(jobs)
    .set({ filePath: rel, fileName: `importacao-${isoDay(new Date())}.json`, mimeType: JSON_MIME })
    .where(and(eq(jobs.id, jobId), isNull(jobs.filePath)))
    .returning({ id: jobs.id });
  if (!claimed) throw new AlreadyCommitted();
  const abs = path.join(ctx.config.dataDir, rel);
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  const tmp = `${abs}.${process.pid}.tmp`;
  await fsp.writeFile(tmp, JSON.stringify(report));
  await fsp.rename(tmp, abs);
}

/** The result a delivery of this job already committed (path of its report and its name), or null. */
async function committedResult(
  ctx: JobContext,
  scope: TenantScope,
  jobId: string,
): Promise<{ abs: string; fileName: string } | null> {
  const [row] = await read(ctx, scope, (tx) =>
    tx.select({ filePath: jobs.filePath, fileName: jobs.fileName }).from(jobs).where(eq(jobs.id, jobId)),
  );
  const abs = row?.filePath ? resolveJobFile(ctx.config, row.filePath) : null;
  return abs ? { abs, fileName: row.fileName ?? `${jobId}.json` } : null;
}

/** Hands the committed report to the runner (a copy at the job's scratch path, which it moves into place). */
async function resultOf(
  job: RunningJob<ImportPatrimoniosPayload>,
  committed: { abs: string; fileName: string },
): Promise<JobResult> {
  const out = job.tempPath('json');
  try {
    await fsp.copyFile(committed.abs, out);
  } catch (err) {
    throw new FailureAfterCommit(
      'Os bens desta importação foram gravados, mas o relatório dela não está mais disponível.',
      err,
    );
  }
  return { tempPath: out, ext: 'json', fileName: committed.fileName, mimeType: JSON_MIME };
}

/**
 * `import.patrimonios` (commit): creates every good row of the uploaded sheet in ONE transaction
 * (`importPatrimonios`) and makes the ImportReport the job's result file (JSON). Not retried: a
 * failure leaves nothing written and the user sends the sheet again.
 *
 * Idempotent per job id: the same transaction records that this job committed (`recordCommit`), so
 * a redelivery — BullMQ after a crash between the commit and "completed", or the inline queue
 * resuming at start — completes with the same report instead of importing twice or failing on the
 * upload that is gone. The upload is removed only once the commit is recorded.
 */
export const run: UserJobHandler<ImportPatrimoniosPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A importação de bens exige um município.', false);
  const municipalityId = job.municipalityId;
  const jobScope = scopeOfMunicipality(municipalityId);
  const before = await committedResult(ctx, jobScope, job.id);
  if (before) {
    logger.info({ jobId: job.id }, 'import already committed: completing with its report');
    await removeImportUpload(ctx, job.payload);
    return resultOf(job, before);
  }
  const file = resolveUpload(ctx, job.payload.uploadPath);
  if (!file) throw new JobFailure('Arquivo enviado inválido.', false);
  try {
    await fsp.access(file);
  } catch {
    throw new JobFailure('A planilha enviada não está mais disponível; envie-a novamente.', false);
  }
  const actor = { id: job.ownerId, name: job.payload.actorName, municipalityId };
  const scope = scopeOfMunicipality(municipalityId, job.payload.sectorIds);
  try {
    // Not awaited: most steps report from inside the import's transaction, and a single-connection
    // database (PGlite) would wait for it to end; a late update is a no-op once the job is over.
    const progress = (p: number) => {
      job.progress(p * 0.97).catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'progress update failed'));
    };
    await runImport(ctx, actor, scope, file, 'commit', progress, (tx, report) => recordCommit(ctx, tx, job.id, report));
  } catch (err) {
    // Another delivery of this job committed while this one ran (this one rolled back, or found the
    // upload already gone): complete with that delivery's result.
    const other = await committedResult(ctx, jobScope, job.id);
    if (other) {
      await removeImportUpload(ctx, job.payload);
      return resultOf(job, other);
    }
    if (err instanceof HttpError) throw new JobFailure(err.message, false);
    throw new JobFailure('Erro ao gravar os bens; nenhum bem foi gravado. Tente novamente.', false, err);
  }
  const committed = await committedResult(ctx, jobScope, job.id);
  if (!committed) throw new JobFailure('Erro ao gravar os bens; nenhum bem foi gravado. Tente novamente.', false);
  await removeImportUpload(ctx, job.payload);
  return resultOf(job, committed);
};
