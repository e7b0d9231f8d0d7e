import { sql } from 'drizzle-orm';
import { boolean, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';

// Foreign keys to contas_contabeis are in migration 0052's SQL: importing that schema here would make a cycle
// (contabilidade → patrimonios → tipos-bens).
const conta = (name: string) => integer(name);

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
    depreciable: boolean('depreciable').notNull().default(true),
    /** Its accounts of the chart (issue 36): asset, (−) accumulated depreciation, (−) impairment, VPD. */
    grossContaId: conta('gross_conta_id'),
    accumulatedContaId: conta('accumulated_conta_id'),
    impairmentContaId: conta('impairment_conta_id'),
    expenseContaId: conta('expense_conta_id'),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('tipos_bens_name_uq').on(t.municipalityId, sql`lower(${t.name})`)],
);
