import { MSG, type Job } from '@tombo/shared';
import type { AppContext } from '../../context';
import { mutate, type Actor } from '../../db/tx';
import { conflict } from '../../http/errors';
import { logger } from '../../logger';
import { scopeOfMunicipality, type TenantScope } from '../../tenancy/scope';
import { createJob, failJob, type JobRequest } from './commands';
import { presentJob, type JobRow } from './presenters';

type Ctx = Pick<AppContext, 'db' | 'publisher' | 'queue'>;

/**
 * Hands a committed job row to the queue (after `createJob`'s transaction). If the queue refuses it,
 * the row is marked failed and the request answers 409.
 */
export async function enqueueJob(ctx: Ctx, scope: TenantScope, row: JobRow, requestId?: string): Promise<Job> {
  try {
    await ctx.queue.enqueue({ id: row.id, name: row.name as JobRequest['name'], requestId });
  } catch (err) {
    logger.error({ err, jobId: row.id, requestId }, 'enqueue failed');
    await mutate(ctx, null, (tx, out) => failJob(tx, out, scope, { id: row.id, error: MSG.jobs.enqueueFailed }), scope);
    throw conflict(MSG.jobs.enqueueFailed);
  }
  return presentJob(row);
}

/**
 * The whole request of a job for routes not yet declared (http/route.ts): `createJob` in its own
 * transaction for the actor, then `enqueueJob`. Declared routes call those two themselves.
 */
export async function requestJob(
  ctx: Ctx,
  actor: Actor & { municipalityId: number },
  req: Omit<JobRequest, 'ownerId'>,
  requestId?: string,
): Promise<Job> {
  const scope = scopeOfMunicipality(actor.municipalityId);
  const row = await mutate(
    ctx,
    actor,
    (tx, out) => createJob(tx, out, scope, { ...req, ownerId: actor.id }),
    scope,
    requestId,
  );
  return enqueueJob(ctx, scope, row, requestId);
}
