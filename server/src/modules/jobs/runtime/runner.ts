import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import { MSG } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { jobs } from '../../../db/schema';
import { mutate } from '../../../db/tx';
import { logger } from '../../../logger';
import { jobDefinition, userJobDefinition } from '../../job-definitions';
import { publishJob, publishJobDeleted } from '../publish';
import type { JobRow } from '../presenters';
import { notify } from '../../notifications';
import {
  FailureAfterCommit,
  JobCancelled,
  JobFailure,
  type JobContext,
  type JobResult,
  type RunningJob,
  type SystemJobDefinition,
} from '../../../jobs/define';
import { jobsDir, relativeJobFile } from '../../../jobs/files';
import { allMunicipalities, scopeOfMunicipality, type Tenancy } from '../../../tenancy/scope';

/** The pt-BR reason shown to the user; internal details go to the log only. */
export function reasonOf(err: unknown, name?: string): string {
  const prefix = name?.startsWith('import.') ? MSG.jobs.importFailed : MSG.jobs.failed;
  if (err instanceof FailureAfterCommit) return err.message;
  if (err instanceof JobFailure) return `${prefix} ${err.message}`;
  if (err instanceof ZodError) return `${prefix} Parâmetros da tarefa inválidos.`;
  return `${prefix} Erro interno ao processar a tarefa; tente novamente mais tarde.`;
}

/** Runs the definition's cleanup (if any) once the job is over, whatever its payload; never throws. */
async function cleanUp(ctx: JobContext, row: JobRow): Promise<void> {
  try {
    const mod = await userJobDefinition(row.name)?.handler();
    await mod?.cleanup?.(ctx, row.payload);
  } catch (err) {
    logger.warn({ err, jobId: row.id }, 'job cleanup failed');
  }
}

/**
 * Scratch files of earlier attempts of this job (a worker killed mid-job leaves its half-written
 * file behind): removed before a new attempt, so a job never leaves two files.
 */
async function removeLeftovers(scratch: string, id: string): Promise<void> {
  const names = await fs.readdir(scratch).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((n) => n.startsWith(`${id}.`))
      .map((n) => fs.rm(path.join(scratch, n), { force: true }).catch(() => undefined)),
  );
}

/** A write of the runner's bookkeeping under a tenancy (no audit row, no event: the runner publishes itself). */
const bookkeep = <T>(ctx: JobContext, tenancy: Tenancy, fn: (tx: Db) => Promise<T>): Promise<T> =>
  mutate(ctx, null, (tx) => fn(tx), tenancy);

/** For a job nobody watches (`notifyOwner`): a notification to its owner that it is ready or why it failed. */
async function tellOwner(ctx: JobContext, row: JobRow): Promise<void> {
  if (!row.notifyOwner || row.municipalityId == null) return;
  const scope = scopeOfMunicipality(row.municipalityId);
  const ok = row.status === 'completed';
  await mutate(
    ctx,
    null,
    (tx, out) =>
      notify(tx, out, scope, [row.ownerId], {
        title: ok ? MSG.jobs.readyTitle : MSG.jobs.failedTitle,
        description: ok ? MSG.jobs.readyText(row.title) : MSG.jobs.failedText(row.title, row.error ?? MSG.jobs.failed),
        type: 'system',
        link: '/downloads',
        dedupeKey: `job:${row.id}`,
      }),
    scope,
  ).catch((err: unknown) => logger.warn({ err, jobId: row.id }, 'job owner notification failed'));
}

/** Whether the error is (or wraps, as a handler may rethrow it) the owner's cancellation. */
function cancelled(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof JobCancelled) return true;
  return false;
}

const retryable = (err: unknown) => !(err instanceof ZodError) && !(err instanceof JobFailure && !err.retryable);

export interface RunOptions {
  /** 1-based attempt number. */
  attempt: number;
  /** Whether no retry follows a failure of this attempt. */
  final: boolean;
}

export type RunOutcome = 'completed' | 'failed' | 'skipped' | 'cancelled';

/** How often, at most, a running job looks whether its owner cancelled it (between its progress steps). */
const CANCEL_CHECK_MS = 500;

/** A cancelled job's end: its row goes (with its file, if any) and the owner's tabs hear `job.deleted`. */
async function dropCancelled(ctx: JobContext, row: JobRow, file: string | null): Promise<RunOutcome> {
  const tenancy = row.municipalityId != null ? scopeOfMunicipality(row.municipalityId) : allMunicipalities();
  await bookkeep(ctx, tenancy, (tx) => tx.delete(jobs).where(eq(jobs.id, row.id)));
  if (file) await fs.rm(file, { force: true }).catch(() => undefined);
  await cleanUp(ctx, row);
  publishJobDeleted(ctx, row);
  logger.info({ jobId: row.id, name: row.name }, 'job cancelled by its owner');
  return 'cancelled';
}

/**
 * Runs one user job row: marks it running, calls its definition's handler, moves the file into
 * DATA_DIR/files/jobs/<id>.<ext>, marks it completed and tells its owner — or marks it failed with a
 * pt-BR reason. Idempotent: a retry (or a duplicate delivery) overwrites the same file; a job
 * already completed is skipped. Throws only when the attempt failed and another one should follow.
 */
export async function runJob(ctx: JobContext, id: string, opts: RunOptions): Promise<RunOutcome> {
  // The queue hands over a row id, not its municipality: the claim looks over all of them (installation
  // bookkeeping); everything after runs under the row's own municipality.
  const [row] = await bookkeep(ctx, allMunicipalities(), (tx) =>
    tx
      .update(jobs)
      .set({ status: 'running', progress: 0, error: null, startedAt: new Date(), attempts: sql`${jobs.attempts} + 1` })
      .where(and(eq(jobs.id, id), ne(jobs.status, 'completed')))
      .returning(),
  );
  if (!row) {
    logger.info({ jobId: id }, 'job skipped: missing or already completed');
    return 'skipped';
  }
  // Cancelled while a worker that died ran it: the new delivery only finishes the cancellation.
  if (row.cancelRequestedAt) return dropCancelled(ctx, row, null);
  const tenancy = row.municipalityId != null ? scopeOfMunicipality(row.municipalityId) : allMunicipalities();
  const write = <T>(fn: (tx: Db) => Promise<T>) => bookkeep(ctx, tenancy, fn);
  publishJob(ctx, 'job.progress', row);

  let temp: string | null = null;
  const scratch = path.join(jobsDir(ctx.config), '.tmp');
  try {
    const def = userJobDefinition(row.name);
    if (!def) throw new JobFailure('Tipo de tarefa desconhecido.', false);
    const payload = def.payload.parse(row.payload);
    await fs.mkdir(scratch, { recursive: true });
    await removeLeftovers(scratch, id);

    let last = 0;
    let lastCheck = Date.now();
    const job: RunningJob = {
      id: row.id,
      name: def.name,
      title: row.title,
      municipalityId: row.municipalityId,
      ownerId: row.ownerId,
      payload,
      attempt: opts.attempt,
      async progress(percent) {
        const p = Math.max(0, Math.min(99, Math.floor(percent)));
        const step = Math.floor(p / 10) > Math.floor(last / 10);
        if (!step && Date.now() - lastCheck < CANCEL_CHECK_MS) return;
        lastCheck = Date.now();
        if (step) last = p;
        const [r] = await write((tx) =>
          step
            ? tx
                .update(jobs)
                .set({ progress: p })
                .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
                .returning()
            : tx.select().from(jobs).where(eq(jobs.id, id)),
        );
        if (r?.cancelRequestedAt) throw new JobCancelled();
        if (r && step) publishJob(ctx, 'job.progress', r);
      },
      tempPath: (ext) => (temp = path.join(scratch, `${id}.${process.pid}.${opts.attempt}.${ext}`)),
    };
    const { run } = await def.handler();
    const result: JobResult = await run(ctx, job);

    const rel = relativeJobFile(id, result.ext);
    const dest = path.join(ctx.config.dataDir, rel);
    await fs.rename(result.tempPath, dest);
    temp = null;
    const { size } = await fs.stat(dest);
    const [done] = await write((tx) =>
      tx
        .update(jobs)
        .set({
          status: 'completed',
          progress: 100,
          filePath: rel,
          fileName: result.fileName,
          mimeType: result.mimeType,
          fileSize: size,
          error: null,
          finishedAt: new Date(),
        })
        .where(and(eq(jobs.id, id), isNull(jobs.cancelRequestedAt)))
        .returning(),
    );
    // Cancelled after its last progress step: the finished file goes with the row.
    if (!done) return await dropCancelled(ctx, row, dest);
    await cleanUp(ctx, row);
    publishJob(ctx, 'job.completed', done);
    await tellOwner(ctx, done);
    return 'completed';
  } catch (err) {
    if (temp) await fs.rm(temp, { force: true }).catch(() => undefined);
    if (cancelled(err)) return dropCancelled(ctx, row, null);
    const again = !opts.final && retryable(err);
    const expected = err instanceof ZodError || (err instanceof JobFailure && !err.cause);
    logger.warn(
      { err: expected ? (err as Error).message : err, jobId: id, name: row.name, attempt: opts.attempt, retry: again },
      'job attempt failed',
    );
    if (again) {
      const [r] = await write((tx) =>
        tx.update(jobs).set({ status: 'queued', progress: 0 }).where(eq(jobs.id, id)).returning(),
      );
      if (r) publishJob(ctx, 'job.progress', r);
      throw err;
    }
    const [failed] = await write((tx) =>
      tx
        .update(jobs)
        .set({ status: 'failed', error: reasonOf(err, row.name), finishedAt: new Date() })
        .where(eq(jobs.id, id))
        .returning(),
    );
    await cleanUp(ctx, row);
    if (failed) {
      publishJob(ctx, 'job.completed', failed);
      await tellOwner(ctx, failed);
    }
    return 'failed';
  }
}

/**
 * A job the queue gave up on without the runner's say (BullMQ: its worker died more often than
 * WORKER_MAX_STALLED): marked failed with a pt-BR reason, so it is never left "running" — the owner
 * may retry it from Downloads.
 */
export async function failAbandonedJob(ctx: JobContext, id: string): Promise<void> {
  const [failed] = await bookkeep(ctx, allMunicipalities(), (tx) =>
    tx
      .update(jobs)
      .set({ status: 'failed', error: `${MSG.jobs.failed} ${MSG.jobs.abandoned}`, finishedAt: new Date() })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning(),
  );
  if (!failed) return;
  logger.warn({ jobId: id }, 'job abandoned by the queue: marked failed');
  publishJob(ctx, 'job.completed', failed);
  await tellOwner(ctx, failed);
}

/**
 * Runs one delivery of a system job (no `jobs` row, no owner): validates the payload and calls the
 * handler. Throws only when the attempt failed and another one should follow; the log has the rest.
 */
export async function runSystemJob(
  ctx: JobContext,
  def: SystemJobDefinition,
  rawPayload: unknown,
  opts: RunOptions,
): Promise<RunOutcome> {
  const started = Date.now();
  try {
    const payload = def.payload.parse(rawPayload ?? {});
    const { run } = await def.handler();
    await run(ctx, payload);
    logger.debug({ name: def.name, ms: Date.now() - started }, 'system job done');
    return 'completed';
  } catch (err) {
    const again = !opts.final && retryable(err);
    logger.error({ err, name: def.name, attempt: opts.attempt, retry: again }, 'system job failed');
    if (again) throw err;
    return 'failed';
  }
}

/** One delivery from the queue: `{ id }` of a user job's row, or `{ payload }` of a system job. */
export interface Delivery {
  name: string;
  data: unknown;
  /** 1-based attempt number. */
  attempt: number;
  /** Whether no retry follows a failure of this attempt. */
  final: boolean;
}

/** Runs a delivery through the definition of its name (what the BullMQ worker calls). */
export async function runDelivery(ctx: JobContext, d: Delivery): Promise<RunOutcome> {
  const def = jobDefinition(d.name);
  const data = (d.data ?? {}) as { id?: unknown; payload?: unknown };
  if (def?.owner === 'system') return runSystemJob(ctx, def, data.payload, d);
  if (typeof data.id === 'string') return runJob(ctx, data.id, d);
  logger.warn({ name: d.name }, 'job skipped: unknown name without a jobs row');
  return 'skipped';
}
