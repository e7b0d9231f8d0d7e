import { date, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, ts, updated, version } from '../../db/columns';
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

/**
 * A month closed (or being closed) for the municipality: one row per competência, closed in order;
 * reopening deletes the row and its entries (only while the next month is open).
 */
export const depreciacaoClosings = pgTable(
  'depreciacao_closings',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' */
    competencia: text('competencia').notNull(),
    /** em_andamento | concluido | falhou */
    status: text('status').notNull().default('em_andamento'),
    /** The job that closes (or closed) it. */
    jobId: text('job_id'),
    /** Assets with an entry, and the month's total (filled when concluded). */
    patrimonioCount: integer('patrimonio_count').notNull().default(0),
    totalAmount: numeric('total_amount', { precision: 16, scale: 2 }).notNull().default('0'),
    error: text('error'),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    createdAt: created(),
    concludedAt: ts('concluded_at'),
  },
  (t) => [uniqueIndex('depreciacao_closings_competencia_uq').on(t.municipalityId, t.competencia)],
);

/**
 * One entry per asset per closed month: the month's amount and the figures after it (and after the
 * month's events). Written set-based by the close; never edited; deleted only by reopening the month.
 */
export const depreciacaoLancamentos = pgTable(
  'depreciacao_lancamentos',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    patrimonioId: integer('patrimonio_id')
      .notNull()
      .references(() => patrimonios.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM' */
    competencia: text('competencia').notNull(),
    /** The gross value (cost, or the last revalued value) at the end of the month. */
    valorBruto: numeric('valor_bruto', { precision: 14, scale: 2 }).notNull(),
    quota: numeric('quota', { precision: 14, scale: 2 }).notNull(),
    /** Accumulated depreciation since the last revaluation. */
    acumulada: numeric('acumulada', { precision: 14, scale: 2 }).notNull(),
    /** Impairment losses still recognised (contra-asset). */
    perdas: numeric('perdas', { precision: 14, scale: 2 }).notNull().default('0'),
    valorResidual: numeric('valor_residual', { precision: 14, scale: 2 }).notNull(),
    valorContabil: numeric('valor_contabil', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.patrimonioId, t.competencia] }),
    index('depreciacao_lancamentos_competencia_idx').on(t.municipalityId, t.competencia),
  ],
);
