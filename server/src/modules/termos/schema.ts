import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TermoItem } from '@tombo/shared';
import { created, ts } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { jobs } from '../jobs/schema';
import { locais } from '../locais/schema';
import { sectors } from '../sectors/schema';
import { users } from '../users/schema';

/**
 * Versions of custody terms (termos de responsabilidade). A term is one holder's — a sector, or a
 * sector narrowed to one location — and keeps its `number`; each version is a snapshot of the assets
 * at the time it was recorded (`items`, `total`), rendered to a PDF kept under DATA_DIR/files/termos.
 */
export const termoVersions = pgTable(
  'termo_versions',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    sectorName: text('sector_name').notNull(),
    localId: integer('local_id').references(() => locais.id, { onDelete: 'set null' }),
    localName: text('local_name'),
    holderName: text('holder_name'),
    number: text('number').notNull(),
    versionNumber: integer('version_number').notNull(),
    reason: text('reason').notNull(),
    /** Recorded by a transfer approval or a loan return (not asked for by someone). */
    automatic: boolean('automatic').notNull().default(false),
    items: jsonb('items').notNull().$type<TermoItem[]>(),
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    /** pending (to render) → rendering (claimed) → ready | failed. */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    claimedAt: ts('claimed_at'),
    createdAt: created(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    /** The user job that renders a manual version; null for an automatic one (the sweep renders it). */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    filePath: text('file_path'),
  },
  (t) => [
    uniqueIndex('termo_versions_number_uq').on(t.municipalityId, t.number, t.versionNumber),
    index('termo_versions_sector_idx').on(t.municipalityId, t.sectorId, t.createdAt),
    index('termo_versions_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'rendering') and ${t.automatic}`),
  ],
);

/**
 * Sectors whose term needs a new automatic version (an approved transfer, a loan return), written in the
 * approval's transaction: one row per sector, so quick successive changes coalesce into one version whose
 * reason lists them all. The `termos.pending` sweep turns each into a version (numbering and snapshot in
 * its own transaction) and deletes it; the rows are the queue, so a crash after the commit loses nothing.
 */
export const termoPending = pgTable(
  'termo_pending',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
    /** The reasons, oldest first, without repeats ('Transferência aprovada do bem …'). */
    reasons: text('reasons').array().notNull(),
    /** Who caused the latest change (the version's `createdBy` and the audit's actor). */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: created(),
  },
  (t) => [uniqueIndex('termo_pending_sector_uq').on(t.municipalityId, t.sectorId)],
);
