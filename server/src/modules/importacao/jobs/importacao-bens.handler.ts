import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { IMPORTACAO_MSG, type ImportacaoReport } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { importacoes, jobs } from '../../../db/schema';
import { mutate, read } from '../../../db/tx';
import { HttpError } from '../../../http/errors';
import {
  FailureAfterCommit,
  JobFailure,
  type JobContext,
  type JobResult,
  type UserJobHandler,
} from '../../../jobs/define';
import { JSON_MIME, relativeJobFile, resolveJobFile } from '../../../jobs/files';
import { isoDay } from '../../../jobs/format';
import { logger } from '../../../logger';
import { scopeOfMunicipality, type TenantScope } from '../../../tenancy/scope';
import { storedFile } from '../commands';
import { commitRegister } from '../commit';
import { headersFor } from '../presenters';
import type { ImportacaoBensPayload } from './importacao-bens';

class AlreadyCommitted extends Error {}

/**
 * The import's own reason, shown as it is (not after "Falha ao gerar o arquivo."): the runner shows a
 * FailureAfterCommit's message alone and never retries it; here nothing was committed at all.
 */
class ImportFailure extends FailureAfterCommit {}

/**
 * Last step inside the import's transaction: claims the job row (its file path still null) and writes
 * the report at the job's result path, so a second delivery finds the import done instead of redoing it.
 */
async function recordCommit(ctx: Pick<JobContext, 'config'>, tx: Db, jobId: string, report: ImportacaoReport) {
  const rel = relativeJobFile(jobId, 'json');
  const [claimed] = await tx
    .update(jobs)
    .set({ filePath: rel, fileName: `importacao-${isoDay(new Date())}.json`, mimeType: JSON_MIME })
    .where(and(eq(jobs.id, jobId), isNull(jobs.filePath)))
    .returning({ id: jobs.id });
  if (!claimed) throw new AlreadyCommitted();
  const abs = path.join(ctx.config.dataDir, rel);
  await fsp.mkdir(path.dirname(abs), { recursive: true });
  await fsp.writeFile(`${abs}.tmp`, JSON.stringify(report));
  await fsp.rename(`${abs}.tmp`, abs);
}

/** The report a delivery of this job already committed, copied to the scratch path the runner moves. */
async function committed(ctx: JobContext, scope: TenantScope, job: { id: string; tempPath(ext: string): string }) {
  const [row] = await read(ctx, scope, (tx) =>
    tx.select({ filePath: jobs.filePath, fileName: jobs.fileName }).from(jobs).where(eq(jobs.id, job.id)),
  );
  const abs = row?.filePath ? resolveJobFile(ctx.config, row.filePath) : null;
  if (!abs) return null;
  const out = job.tempPath('json');
  await fsp.copyFile(abs, out);
  return { tempPath: out, ext: 'json', fileName: row.fileName ?? `${job.id}.json`, mimeType: JSON_MIME } as JobResult;
}

/** `importacao.bens`: the register's rows in one transaction (commit.ts); its report is the job's JSON file. */
export const run: UserJobHandler<ImportacaoBensPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A importação exige um município.', false);
  const scope = scopeOfMunicipality(job.municipalityId, job.payload.sectorIds);
  const done = await committed(ctx, scope, job);
  if (done) return done;
  const [row] = await read(ctx, scope, (tx) =>
    tx.select().from(importacoes).where(eq(importacoes.id, job.payload.importacaoId)),
  );
  if (!row || row.jobId !== job.id || row.status !== 'importando') throw new JobFailure(IMPORTACAO_MSG.busy, false);
  const file = storedFile(ctx.config, row.filePath);
  if (!file) throw new JobFailure(IMPORTACAO_MSG.badFile, false);
  const actor = { id: job.ownerId, name: job.payload.actorName, municipalityId: job.municipalityId };
  const expected = Number((row.report as { analysedRows?: number } | null)?.analysedRows) || 0;
  let lastStep = -1;
  const progress = (rows: number) => {
    const p = expected ? Math.min(95, Math.floor((95 * rows) / expected)) : 50;
    if (p === lastStep) return;
    lastStep = p;
    // Not awaited: the update waits for a connection while the import's transaction holds one (PGlite has one).
    job.progress(p).catch((err: unknown) => logger.warn({ err, jobId: job.id }, 'progress update failed'));
  };
  try {
    await job.progress(1);
    await mutate(
      ctx,
      actor,
      async (tx, out) => {
        const headers = headersFor(row, job.payload.hasHeader);
        const report = await commitRegister(tx, out, scope, actor, file, job.payload, row.fileName, progress, headers);
        await tx
          .update(importacoes)
          .set({ status: 'concluida', report: { ...report }, updatedAt: new Date() })
          .where(eq(importacoes.id, row.id));
        await recordCommit(ctx, tx, job.id, report);
      },
      scope,
    );
  } catch (err) {
    const again = await committed(ctx, scope, job).catch(() => null);
    if (again) return again;
    await mutate(
      ctx,
      actor,
      (tx) =>
        tx
          .update(importacoes)
          .set({ status: 'falhou', updatedAt: new Date() })
          .where(eq(importacoes.id, row.id))
          .then(() => undefined),
      scope,
    ).catch((e: unknown) => logger.warn({ err: e }, 'could not mark the import failed'));
    const why = err instanceof JobFailure || err instanceof HttpError ? err.message : 'erro interno ao gravar os bens.';
    if (!(err instanceof JobFailure || err instanceof HttpError))
      logger.error({ err, jobId: job.id }, 'register import failed');
    throw new ImportFailure(`${IMPORTACAO_MSG.failed} ${why}`, err);
  }
  const result = await committed(ctx, scope, job);
  if (!result) throw new JobFailure(IMPORTACAO_MSG.failed, false);
  return result;
};
