import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FichaField } from '@tombo/shared';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

/** Record-sheet (ficha) templates of a municipality: which fields, photo, QR, history, signature lines. */
export const fichaTemplates = pgTable(
  'ficha_templates',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    fields: jsonb('fields').notNull().$type<FichaField[]>(),
    showCustomFields: boolean('show_custom_fields').notNull().default(true),
    showPhoto: boolean('show_photo').notNull().default(true),
    showQr: boolean('show_qr').notNull().default(true),
    showHistory: boolean('show_history').notNull().default(true),
    historyLimit: integer('history_limit').notNull().default(10),
    signatures: jsonb('signatures').notNull().$type<string[]>(),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    uniqueIndex('ficha_templates_name_uq').on(t.municipalityId, sql`lower(${t.name})`),
    // At most one default per municipality.
    uniqueIndex('ficha_templates_default_uq')
      .on(t.municipalityId)
      .where(sql`${t.isDefault}`),
    index('ficha_templates_municipality_idx').on(t.municipalityId),
  ],
);
