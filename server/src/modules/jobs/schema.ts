import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts, created } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    filePath: text('file_path'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    /** Bytes of the result file, stored when the job completes. */
    fileSize: bigint('file_size', { mode: 'number' }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: created(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** When the retention sweep deleted the result file (the row stays, as the user's history). */
    fileRemovedAt: ts('file_removed_at'),
    /** Tell the owner by a notification when it is over (jobs nobody watches: scheduled reports, automatic terms). */
    notifyOwner: boolean('notify_owner').notNull().default(false),
    /** The owner asked to cancel it while it ran: the runner stops at its next progress step and deletes the row. */
    cancelRequestedAt: ts('cancel_requested_at'),
  },
  (t) => [
    index('jobs_owner_idx').on(t.ownerId, t.createdAt),
    index('jobs_files_kept_idx')
      .on(t.finishedAt)
      .where(sql`${t.filePath} is not null and ${t.fileRemovedAt} is null`),
  ],
);
