import fs from 'node:fs';
import { and, count, desc, eq } from 'drizzle-orm';
import { MSG, type Job, type JobList } from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { resolveJobFile } from '../../jobs/files';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentJob, type JobRow } from './presenters';

// A job belongs to the user who asked for it: every read filters by owner as well as tenant, so
// another user's job (of the same city hall or not) is a 404. No access rule: scopes carry no user.
const mine = (scope: TenantScope, ownerId: number) => and(ofTenant(jobs, scope), eq(jobs.ownerId, ownerId));

/** The owner's jobs, newest first (at most 100), with how many they have. */
export async function listJobs(tx: Db, scope: TenantScope, ownerId: number): Promise<JobList> {
  const rows = await tx
    .select()
    .from(jobs)
    .where(mine(scope, ownerId))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(100);
  const [{ n }] = await tx.select({ n: count() }).from(jobs).where(mine(scope, ownerId));
  return { jobs: rows.map(presentJob), total: Number(n) };
}

async function ownRow(tx: Db, scope: TenantScope, ownerId: number, id: string): Promise<JobRow> {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), mine(scope, ownerId)));
  if (!row) throw notFound(MSG.jobs.notFound);
  return row;
}

/** One of the owner's jobs; anyone else's answers 404 (ids must not be probeable). */
export async function getJob(tx: Db, scope: TenantScope, ownerId: number, id: string): Promise<Job> {
  return presentJob(await ownRow(tx, scope, ownerId, id));
}

/** A result file to send: where it is, its download name and type. */
export interface JobFile {
  path: string;
  fileName: string;
  mimeType: string;
}

/** The result file of the owner's completed job: 404 if not theirs or expired, 409 if not ready or failed. */
export async function jobFile(
  tx: Db,
  scope: TenantScope,
  ownerId: number,
  id: string,
  config: Pick<Config, 'dataDir'>,
): Promise<JobFile> {
  const row = await ownRow(tx, scope, ownerId, id);
  if (row.status === 'failed') throw conflict(MSG.jobs.jobFailed);
  if (row.status !== 'completed' || !row.filePath) throw conflict(MSG.jobs.notReady);
  const abs = resolveJobFile(config, row.filePath);
  if (!abs || !fs.existsSync(abs)) throw notFound(MSG.jobs.fileMissing);
  return { path: abs, fileName: row.fileName ?? `${row.id}`, mimeType: row.mimeType ?? 'application/octet-stream' };
}
