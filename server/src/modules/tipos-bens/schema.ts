import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

export const tiposBens = pgTable(
  'tipos_bens',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    usefulLifeMonths: integer('useful_life_months'),
    residualValuePct: numeric('residual_value_pct', { precision: 5, scale: 2 }),
    /** False for what is never depreciated (land, works of art). */
    depreciavel: boolean('depreciavel').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('tipos_bens_name_uq').on(t.municipalityId, sql`lower(${t.name})`)],
);
