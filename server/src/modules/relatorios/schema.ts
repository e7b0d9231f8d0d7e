import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ReportAgendamento, ReportBlock, ReportFieldKey, ReportFiltros } from '@tombo/shared';
import { created, ts, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

/**
 * Report templates of a municipality (spec §3 Report template): the asset fields of the table, default
 * filters and the layout on the 12-column grid. Seeded with the two defaults of spec §9 by
 * `seed_relatorio_templates` (trigger on municipalities, see the migration).
 */
export const relatorioTemplates = pgTable(
  'relatorio_templates',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fields: jsonb('fields').$type<ReportFieldKey[]>().notNull(),
    filters: jsonb('filters')
      .$type<ReportFiltros>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    layout: jsonb('layout').$type<ReportBlock[]>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('relatorio_templates_name_uq').on(t.municipalityId, t.name)],
);

/**
 * A user's saved report (spec §3 User report config): template + filters, optionally scheduled.
 * `nextRunAt` is the claim token of the scheduled sweep (compare-and-set: one run per due time).
 */
export const relatorioConfigs = pgTable(
  'relatorio_configs',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => relatorioTemplates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters')
      .$type<ReportFiltros>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    schedule: jsonb('schedule').$type<ReportAgendamento>(),
    nextRunAt: ts('next_run_at'),
    lastRunAt: ts('last_run_at'),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    index('relatorio_configs_user_idx').on(t.municipalityId, t.userId),
    index('relatorio_configs_due_idx')
      .on(t.nextRunAt)
      .where(sql`next_run_at is not null`),
  ],
);
