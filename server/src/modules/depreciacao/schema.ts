import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

/**
 * The municipality's depreciation rules (docs/depreciation.md); no row = the defaults: the month after
 * entry into service, recalculated amounts rounded up to the cent, no cut-over date.
 */
export const depreciacaoConfig = pgTable('depreciacao_config', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  /** mes_seguinte | mes_entrada | pro_rata */
  inicio: text('inicio').notNull().default('mes_seguinte'),
  /** recalculo | fixo */
  arredondamento: text('arredondamento').notNull().default('recalculo'),
  /** Assets acquired before this date are not depreciated. */
  dataCorte: date('data_corte', { mode: 'string' }),
  updatedAt: updated(),
  version: version(),
});
