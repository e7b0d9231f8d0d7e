import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { created, updated } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

/**
 * An uploaded register of another system (issue 12): the stored file, what was detected, the last
 * analysis (its mapping key and error count: a commit needs a clean one) and the import job.
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Relative to DATA_DIR (files/importacoes/<municipality>/<uuid>.<ext>). */
    filePath: text('file_path').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    format: text('format').notNull(),
    encoding: text('encoding'),
    separator: text('separator'),
    hasHeader: boolean('has_header').notNull().default(true),
    headers: jsonb('headers').notNull().$type<string[]>(),
    preview: jsonb('preview').notNull().$type<string[][]>(),
    status: text('status').notNull().default('enviada'),
    /** Mapping + hasHeader of the last analysis (JSON text) and its error count. */
    analysisKey: text('analysis_key'),
    analysisErrors: integer('analysis_errors'),
    /** Relative to DATA_DIR: the CSV of every bad row of the last analysis. */
    errorsPath: text('errors_path'),
    /** Distinct values of the catalog and fixed-value columns found by the last analysis (each needs a choice). */
    distinctValues: jsonb('distinct_values').$type<Record<string, string[]>>(),
    jobId: uuid('job_id'),
    report: jsonb('report').$type<Record<string, unknown>>(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('importacoes_m_created_idx').on(t.municipalityId, t.createdAt)],
);
