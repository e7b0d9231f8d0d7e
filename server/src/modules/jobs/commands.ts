import { and, eq } from 'drizzle-orm';
import type { JobName } from '@tombo/shared';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { record, type AuditEntry, type Outbox } from '../../db/tx';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import type { JobRow } from './presenters';

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
  await record(tx, out, {
    ...input.audit,
    details: input.audit.details ?? { new_value: { jobId: row.id, name: input.name, ...input.payload } },
  });
  return row;
}

/** Marks a job failed with a pt-BR reason (the queue refused it), so nothing stays "queued" forever. */
export async function failJob(
  tx: Db,
  _out: Outbox,
  scope: TenantScope,
  input: { id: string; error: string },
): Promise<void> {
  await tx
    .update(jobs)
    .set({ status: 'failed', error: input.error, finishedAt: new Date() })
    .where(and(eq(jobs.id, input.id), ofTenant(jobs, scope)));
}
