import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { created, updated } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

/** A pending row as stored (ImportacaoPendente of the API). */
export interface PendingRow {
  line: number;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The file's columns no field takes ("dados de origem"), kept for when the row is committed. */
  origem?: Array<{ rotulo: string; valor: string }>;
}

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
    /** The confirmed import's settings (mapping, value mapping, defaults…): what its pending rows are committed with. */
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    /** Rows the import refused and kept to be corrected (`pendentes: 'manter'`): line, values and errors by field. */
    pending: jsonb('pending').$type<PendingRow[]>(),
    /** Bumped by every change of `pending` (a stale correction is 409). */
    pendingVersion: integer('pending_version').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('importacoes_m_created_idx').on(t.municipalityId, t.createdAt)],
);
