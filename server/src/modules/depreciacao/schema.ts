import { date, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';
import { patrimonios } from '../patrimonios/schema';

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

/**
 * Revaluations, impairments and their reversals of an asset (NBC TSP 07; docs/depreciation.md), effective
 * at the end of `competencia`; never edited, appended in order of competência.
 */
export const depreciacaoEventos = pgTable(
  'depreciacao_eventos',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    patrimonioId: integer('patrimonio_id')
      .notNull()
      .references(() => patrimonios.id, { onDelete: 'cascade' }),
    /** reavaliacao | reducao | reversao */
    tipo: text('tipo').notNull(),
    /** 'YYYY-MM' */
    competencia: text('competencia').notNull(),
    /** Revaluation: the new value; impairment: the recoverable value; reversal: null. */
    valor: numeric('valor', { precision: 14, scale: 2 }),
    vidaUtilRestanteMeses: integer('vida_util_restante_meses'),
    residualPct: numeric('residual_pct', { precision: 5, scale: 2 }),
    documento: text('documento').notNull(),
    motivo: text('motivo').notNull(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: created(),
  },
  (t) => [index('depreciacao_eventos_patrimonio_idx').on(t.patrimonioId, t.competencia)],
);
