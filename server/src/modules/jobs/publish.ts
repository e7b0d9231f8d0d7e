import { room, type ServerEventName } from '@tombo/shared';
import type { AppContext } from '../../context';
import { Outbox } from '../../db/tx';
import { presentJob, type JobRow } from './presenters';

/** Tells the owner's tabs that the job's row is gone (the runner deleted a cancelled job). */
export function publishJobDeleted(ctx: Pick<AppContext, 'publisher'>, row: JobRow): void {
  const out = new Outbox(null);
  out.emit(room.user(row.ownerId), 'job.deleted', { id: row.id }, row.municipalityId);
  out.flush(ctx);
}

/**
 * Tells the job's owner (and only them) how it stands: its progress, its end, its file's expiry.
 * For the runner and the retention sweep, which change the row outside a request.
 */
export function publishJob(
  ctx: Pick<AppContext, 'publisher'>,
  name: Extract<ServerEventName, 'job.progress' | 'job.completed'>,
  row: JobRow,
): void {
  const out = new Outbox(null);
  out.emit(room.user(row.ownerId), name, presentJob(row), row.municipalityId);
  out.flush(ctx);
}
