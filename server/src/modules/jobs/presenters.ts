import type { Job, JobName } from '@tombo/shared';
import type { jobs } from '../../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** Row → API shape of a job (HTTP and the owner's live events). */
export const presentJob = (r: JobRow): Job => ({
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
  fileSize: r.fileSize ?? null,
  cancelRequested: r.cancelRequestedAt !== null,
});
