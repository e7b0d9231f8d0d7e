import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

export const formasAquisicao = pgTable(
  'formas_aquisicao',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('formas_aquisicao_name_uq').on(t.municipalityId, sql`lower(${t.name})`)],
);
