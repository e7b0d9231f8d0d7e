import fs from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { MSG, room, type JobName } from '@tombo/shared';
import type { Config } from '../../config';
import { conflict, notFound } from '../../http/errors';
import { resolveJobFile } from '../../jobs/files';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record, type AuditEntry } from '../audit';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import type { JobRow } from './presenters';
import { queueChanged } from './publish';

/** What a long task is asked with: who for, which processor, its title, payload and audit row. */
export interface JobRequest<N extends JobName = JobName> {
  ownerId: number;
  name: N;
  title: string;
  payload: Record<string, unknown>;
  /** Audit row of the request; `details` defaults to the job id, name and payload. */
  audit: AuditEntry;
  /** Notify the owner when the job is over (a job nobody is watching: scheduled, automatic). */
  notifyOwner?: boolean;
}

/**
 * Writes a queued `jobs` row and its audit row. Hand the row to the queue only after the commit
 * (`enqueueJob`): a worker must never pick up an id it cannot read yet.
 */
export async function createJob(tx: Db, out: Outbox, scope: TenantScope, input: JobRequest): Promise<JobRow> {
  const [row] = await tx
    .insert(jobs)
    .values({
      municipalityId: scope.municipalityId,
      ownerId: input.ownerId,
      name: input.name,
      title: input.title,
      payload: input.payload,
      notifyOwner: input.notifyOwner ?? false,
    })
    .returning();
  await record(
    tx,
    out,
    {
      ...input.audit,
      details: input.audit.details ?? { new_value: { jobId: row.id, name: input.name, ...input.payload } },
    },
    queueChanged(row, 'queued'),
  );
  return row;
}

/** Marks a job failed with a pt-BR reason (the queue refused it), so nothing stays "queued" forever. */
export async function failJob(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: { id: string; error: string },
): Promise<void> {
  await tx
    .update(jobs)
    .set({ status: 'failed', error: input.error, finishedAt: new Date() })
    .where(and(eq(jobs.id, input.id), ofTenant(jobs, scope)));
  await record(tx, out, null, queueChanged({ id: input.id, municipalityId: scope.municipalityId }, 'failed'));
}

const ownJob = (scope: TenantScope, ownerId: number, id: string) =>
  and(eq(jobs.id, id), ofTenant(jobs, scope), eq(jobs.ownerId, ownerId));

/**
 * Deletes one of the owner's jobs: its row, then (after the commit) its result file. A running job
 * is refused (409): its worker would write a file for a row that no longer exists. A queued one is
 * deleted (the runner finds no row and skips it). Another user's job answers 404.
 */
export async function deleteJob(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  ownerId: number,
  id: string,
  config: Pick<Config, 'dataDir'>,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(ownJob(scope, ownerId, id))
    .for('update');
  if (!row) throw notFound(MSG.jobs.notFound);
  if (row.status === 'running') throw conflict(MSG.jobs.deleteRunning);
  await tx.delete(jobs).where(ownJob(scope, ownerId, id));
  await record(
    tx,
    out,
    {
      action: 'JOB_DELETE',
      entityType: 'Job',
      entityId: row.id,
      label: row.title,
      details: { old_value: { jobId: row.id, name: row.name, status: row.status, fileName: row.fileName } },
    },
    liveEvent(room.user(ownerId), 'job.deleted', { id: row.id }),
    queueChanged(row, 'deleted'),
  );
  const file = row.filePath ? resolveJobFile(config, row.filePath) : null;
  if (file) out.afterCommit(() => fs.rm(file, { force: true }));
}

/**
 * Cancels one of the owner's jobs that is not over. A queued one is deleted at once (as DELETE does);
 * a running one is marked: its runner stops at its next progress step (or instead of completing),
 * removes its scratch file and deletes the row, which tells the owner's tabs `job.deleted`. Returns
 * the marked row, or null when the job was deleted here. A job already over is a 409.
 */
export async function cancelJob(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  ownerId: number,
  id: string,
  config: Pick<Config, 'dataDir'>,
): Promise<JobRow | null> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(ownJob(scope, ownerId, id))
    .for('update');
  if (!row) throw notFound(MSG.jobs.notFound);
  if (row.status === 'queued') {
    await deleteJob(tx, out, scope, ownerId, id, config);
    return null;
  }
  if (row.status !== 'running') throw conflict(MSG.jobs.cancelNotRunning);
  const [marked] = await tx
    .update(jobs)
    .set({ cancelRequestedAt: row.cancelRequestedAt ?? new Date() })
    .where(ownJob(scope, ownerId, id))
    .returning();
  await record(tx, out, {
    action: 'JOB_CANCEL',
    entityType: 'Job',
    entityId: row.id,
    label: row.title,
    details: { old_value: { jobId: row.id, name: row.name, status: row.status, progress: row.progress } },
  });
  return marked;
}

/**
 * Puts one of the owner's failed jobs back in the queue: the same row (same id, so Downloads keeps
 * one line) goes back to "queued" with its error cleared; the caller enqueues it after the commit.
 * Anything but a failed job is a 409; another user's job a 404.
 */
export async function retryJob(tx: Db, out: Outbox, scope: TenantScope, ownerId: number, id: string): Promise<JobRow> {
  const [row] = await tx
    .update(jobs)
    .set({ status: 'queued', progress: 0, error: null, finishedAt: null, startedAt: null, attempts: 0 })
    .where(and(ownJob(scope, ownerId, id), eq(jobs.status, 'failed')))
    .returning();
  if (!row) {
    const [exists] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(ownJob(scope, ownerId, id));
    throw exists ? conflict(MSG.jobs.retryNotFailed) : notFound(MSG.jobs.notFound);
  }
  await record(
    tx,
    out,
    {
      action: 'JOB_RETRY',
      entityType: 'Job',
      entityId: row.id,
      label: row.title,
      details: { new_value: { jobId: row.id, name: row.name } },
    },
    queueChanged(row, 'queued'),
  );
  return row;
}
