import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ExportColumn } from '@tombo/shared';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

/** Excel/CSV export templates (spec §3): the columns (asset field + header) of an export. */
export const exportTemplates = pgTable(
  'export_templates',
  {
    id: serial('id').primaryKey(),
    /** NULL: an installation-wide template (the superuser's 'modelo do sistema'), offered to every municipality. */
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    columns: jsonb('columns').notNull().$type<ExportColumn[]>(),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('export_templates_name_uq').on(sql`coalesce(${t.municipalityId}, 0)`, sql`lower(${t.name})`)],
);
