import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LabelElement } from '@tombo/shared';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

/** Label templates of a municipality (spec §3 Label template); sizes in mm, elements as JSON. */
export const etiquetaTemplates = pgTable(
  'etiqueta_templates',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    elements: jsonb('elements').$type<LabelElement[]>().notNull().default([]),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    index('etiqueta_templates_municipality_idx').on(t.municipalityId),
    uniqueIndex('etiqueta_templates_name_uq').on(t.municipalityId, sql`lower(${t.name})`),
    // One default per municipality (the commands unset the others first, in the same transaction).
    uniqueIndex('etiqueta_templates_default_uq')
      .on(t.municipalityId)
      .where(sql`${t.isDefault}`),
  ],
);
