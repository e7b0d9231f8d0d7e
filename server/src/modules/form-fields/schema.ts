import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

export const assetFormFields = pgTable(
  'asset_form_fields',
  {
    id: serial('id').primaryKey(),
    /** NULL: an installation-wide field (the superuser's), shown on every municipality's form. */
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    isCustom: boolean('is_custom').notNull().default(true),
    isSystem: boolean('is_system').notNull().default(false),
    options: jsonb('options').$type<string[] | null>(),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('asset_form_fields_key_uq').on(sql`coalesce(${t.municipalityId}, 0)`, t.key)],
);
