import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

/** One numbering pattern per municipality (none = the default of spec §9). */
export const numberingPatterns = pgTable('numbering_patterns', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  components: jsonb('components').notNull().$type<unknown[]>(),
  separator: text('separator').notNull().default(''),
  updatedAt: updated(),
  version: version(),
});

/**
 * Last sequence value issued per (municipality, sector code as the pattern shows it, year); '' / 0 when
 * the pattern has no sector / year part. Only ever goes up, whatever the pattern: numbers are never reused.
 */
export const numberingSequences = pgTable(
  'numbering_sequences',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    sectorCode: text('sector_code').notNull(),
    year: integer('year').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.sectorCode, t.year] })],
);
