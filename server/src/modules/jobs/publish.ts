import { room, type JobStatus, type ServerEventName } from '@tombo/shared';
import type { AppContext } from '../../context';
import { Outbox, liveEvent } from '../../db/tx';
import { presentJob, type JobRow } from './presenters';

/** `job.changed` for the superusers' queue figures: the id and the new status only. */
export const queueChanged = (row: Pick<JobRow, 'id' | 'municipalityId'>, status: JobStatus | 'deleted') =>
  liveEvent(room.superusers, 'job.changed', { id: row.id, status }, row.municipalityId);

function sendWithQueue(ctx: Pick<AppContext, 'publisher'>, out: Outbox, row: JobRow, status: JobStatus | 'deleted') {
  const q = queueChanged(row, status);
  out.emit(q.rooms, q.name, q.data as never, q.municipalityId);
  out.flush(ctx);
}

/** Tells the owner's tabs that the job's row is gone (the runner deleted a cancelled job). */
export function publishJobDeleted(ctx: Pick<AppContext, 'publisher'>, row: JobRow): void {
  const out = new Outbox(null);
  out.emit(room.user(row.ownerId), 'job.deleted', { id: row.id }, row.municipalityId);
  sendWithQueue(ctx, out, row, 'deleted');
}

/**
 * Tells the job's owner how it stands: its progress, its end, its file's expiry (the superusers: its status).
 * For the runner and the retention sweep, which change the row outside a request.
 */
export function publishJob(
  ctx: Pick<AppContext, 'publisher'>,
  name: Extract<ServerEventName, 'job.progress' | 'job.completed'>,
  row: JobRow,
): void {
  const out = new Outbox(null);
  out.emit(room.user(row.ownerId), name, presentJob(row), row.municipalityId);
  sendWithQueue(ctx, out, row, row.status as JobStatus);
}
