import fs from 'node:fs';
import { and, count, desc, eq } from 'drizzle-orm';
import { MSG, room, type Job, type JobName, type JobList, type ServerEventName } from '@tombo/shared';
import type { AppContext } from '../../context';
import { jobs } from '../../db/schema';
import { Outbox, audit, mutate, type Actor, type AuditEntry } from '../../db/tx';
import { conflict, notFound } from '../../http/errors';
import { resolveJobFile } from '../../jobs/files';
import { logger } from '../../logger';

export type JobRow = typeof jobs.$inferSelect;

/** The API shape of a job row. */
export const toJob = (r: JobRow): Job => ({
  id: r.id,
  name: r.name as JobName,
  status: r.status as Job['status'],
  progress: r.progress,
  title: r.title,
  fileName: r.fileName,
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  fileRemoved: r.fileRemovedAt !== null,
});

/** Tells the job's owner (and only them) how it stands: its progress, its end, its file's expiry. */
export function publishJob(
  ctx: Pick<AppContext, 'publisher'>,
  name: Extract<ServerEventName, 'job.progress' | 'job.completed'>,
  row: JobRow,
): void {
  const out = new Outbox(null);
  out.emit(room.user(row.ownerId), name, toJob(row), row.municipalityId);
  out.flush(ctx);
}

export interface JobRequest<N extends JobName> {
  name: N;
  title: string;
  payload: Record<string, unknown>;
  /** Audit row of the request; `details` defaults to the job id, name and payload. */
  audit: AuditEntry;
}

/**
 * Writes the `jobs` row (and its audit row) in one transaction, then hands it to the queue.
 * If the queue refuses it, the row is marked failed so nothing stays "queued" forever.
 */
export async function requestJob<N extends JobName>(ctx: AppContext, actor: Actor, req: JobRequest<N>): Promise<Job> {
  const row = await mutate(ctx, actor, async (tx, out) => {
    const [r] = await tx
      .insert(jobs)
      .values({
        municipalityId: actor.municipalityId,
        ownerId: actor.id,
        name: req.name,
        title: req.title,
        payload: req.payload,
      })
      .returning();
    await audit(tx, out, {
      ...req.audit,
      details: req.audit.details ?? { new_value: { jobId: r.id, name: req.name, ...req.payload } },
    });
    return r;
  });
  try {
    await ctx.queue.enqueue({ id: row.id, name: req.name });
  } catch (err) {
    logger.error({ err, jobId: row.id }, 'enqueue failed');
    await ctx.db
      .update(jobs)
      .set({ status: 'failed', error: MSG.jobs.enqueueFailed, finishedAt: new Date() })
      .where(eq(jobs.id, row.id));
    throw conflict(MSG.jobs.enqueueFailed);
  }
  return toJob(row);
}

/** The caller's own jobs, newest first (at most 100). */
export async function listJobs(ctx: Pick<AppContext, 'db'>, ownerId: number): Promise<JobList> {
  const mine = eq(jobs.ownerId, ownerId);
  const [rows, [{ n }]] = await Promise.all([
    ctx.db.select().from(jobs).where(mine).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(100),
    ctx.db.select({ n: count() }).from(jobs).where(mine),
  ]);
  return { jobs: rows.map(toJob), total: Number(n) };
}

async function ownRow(ctx: Pick<AppContext, 'db'>, ownerId: number, id: string): Promise<JobRow> {
  const [row] = await ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.ownerId, ownerId)));
  if (!row) throw notFound(MSG.jobs.notFound);
  return row;
}

/** A job of the caller; another user's job answers 404 (ids must not be probeable). */
export async function getJob(ctx: Pick<AppContext, 'db'>, ownerId: number, id: string): Promise<Job> {
  return toJob(await ownRow(ctx, ownerId, id));
}

/** The result file of the caller's completed job: 404 if not theirs, 409 if not ready. */
export async function jobFile(
  ctx: Pick<AppContext, 'db' | 'config'>,
  ownerId: number,
  id: string,
): Promise<{ path: string; fileName: string; mimeType: string }> {
  const row = await ownRow(ctx, ownerId, id);
  if (row.status === 'failed') throw conflict(MSG.jobs.jobFailed);
  if (row.status !== 'completed' || !row.filePath) throw conflict(MSG.jobs.notReady);
  const abs = resolveJobFile(ctx.config, row.filePath);
  if (!abs || !fs.existsSync(abs)) throw notFound(MSG.jobs.fileMissing);
  return { path: abs, fileName: row.fileName ?? `${row.id}`, mimeType: row.mimeType ?? 'application/octet-stream' };
}
