import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';
import { patrimonios } from '../patrimonios/schema';

/** The municipality's patrimonial chart of accounts (issue 36; ../shared/ACCOUNTING.md): data, never code. */
export const contasContabeis = pgTable(
  'contas_contabeis',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** ativo | depreciacao_acumulada | … (shared `PAPEIS_CONTA`) */
    role: text('role').notNull(),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('contas_contabeis_code_uq').on(t.municipalityId, t.code)],
);

const conta = (name: string) => integer(name).references(() => contasContabeis.id, { onDelete: 'restrict' });

/** The municipality's accounting settings (one row, seeded with the chart). */
export const contabilidadeConfig = pgTable('contabilidade_config', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'restrict' }),
  /** Day of the next month after which a closed month is locked (default 25). */
  deadlineDay: integer('deadline_day').notNull().default(25),
  /** contabilidade (the accounting system posts a purchase at liquidação) | transitoria */
  purchasePosting: text('purchase_posting').notNull().default('contabilidade'),
  transitContaId: conta('transit_conta_id'),
  /** The accounts of assets without a type. */
  grossContaId: conta('gross_conta_id'),
  accumulatedContaId: conta('accumulated_conta_id'),
  impairmentContaId: conta('impairment_conta_id'),
  expenseContaId: conta('expense_conta_id'),
  /** The day the ledger started (opening balances); null until then. */
  startDate: date('start_date', { mode: 'string' }),
  updatedAt: updated(),
  version: version(),
});

/** The accounts of properties, by their tenure (`imoveis.situacao`): properties have no kind table. */
export const contasImoveis = pgTable(
  'contas_imoveis',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    tenure: text('tenure').notNull(),
    grossContaId: conta('gross_conta_id'),
    accumulatedContaId: conta('accumulated_conta_id'),
    impairmentContaId: conta('impairment_conta_id'),
    expenseContaId: conta('expense_conta_id'),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.tenure] })],
);

/**
 * An accounting entry (lançamento) of one patrimonial fact: dated as the fact, never changed or deleted
 * (triggers); a correction is a reversal pointing at it. Its partidas balance (trigger, docs/decisions/accounting.md).
 */
export const lancamentos = pgTable(
  'lancamentos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    /** The date of the fact. */
    factDate: date('fact_date', { mode: 'string' }).notNull(),
    /** 'YYYY-MM' of the fact date. */
    competencia: text('competencia').notNull(),
    /** abertura | depreciacao | incorporacao | … (shared `FATOS_CONTABEIS`) */
    fact: text('fact').notNull(),
    /** The pt-BR history text. */
    description: text('description').notNull(),
    /** The supporting document: { patrimonioId, numero, processo, notaFiscal, empenho, … }. */
    document: jsonb('document')
      .notNull()
      .default(sql`'{}'::jsonb`),
    reversesLancamentoId: bigint('reverses_lancamento_id', { mode: 'number' }).references(
      (): never => lancamentos.id as never,
      { onDelete: 'restrict' },
    ),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    createdAt: created(),
  },
  (t) => [
    index('lancamentos_m_id_idx').on(t.municipalityId, t.id),
    index('lancamentos_m_date_idx').on(t.municipalityId, t.factDate),
    uniqueIndex('lancamentos_reverses_uq').on(t.reversesLancamentoId),
  ],
);

/** A debit or credit of an entry, in integer cents; `conta_corrente` = the asset's number and type. */
export const partidas = pgTable(
  'partidas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * No foreign keys on these two (migration 0055): the balance trigger checks, once per INSERT, that each line's
     * entry exists and is of the line's municipality (the entry's own key is checked) — a close writes 100,000 lines.
     */
    municipalityId: integer('municipality_id').notNull(),
    lancamentoId: bigint('lancamento_id', { mode: 'number' }).notNull(),
    contaId: integer('conta_id')
      .notNull()
      .references(() => contasContabeis.id, { onDelete: 'restrict' }),
    debit: bigint('debit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    credit: bigint('credit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    contaCorrente: text('conta_corrente'),
    patrimonioId: integer('patrimonio_id').references(() => patrimonios.id, { onDelete: 'restrict' }),
    /**
     * The property (imóvel) the line moves. No foreign key: a property registered by mistake is deleted after its
     * lines are reversed (`cancelarImovel`), and the immutable lines keep its id and number.
     */
    imovelId: integer('imovel_id'),
  },
  (t) => [
    // An entry's lines in their order (the pull reads them so, without a sort; migration 0055).
    index('partidas_lancamento_id_idx').on(t.lancamentoId, t.id),
    index('partidas_conta_idx').on(t.municipalityId, t.contaId, t.lancamentoId),
    index('partidas_patrimonio_idx').on(t.patrimonioId),
    index('partidas_imovel_idx')
      .on(t.imovelId)
      .where(sql`${t.imovelId} is not null`),
  ],
);

/**
 * Derived (migration 0055): each month's debits and credits per account and statement column (the fact of the
 * entry, or of the entry a reversal reverses), kept by a statement trigger on `partidas` in the same transaction.
 * The statement (RMB) and the balances read it instead of the lines; a restore rebuilds it from the lines.
 */
export const contaMovements = pgTable(
  'conta_movements',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    /** 'YYYY-MM' of the entries' fact date. */
    competencia: text('competencia').notNull(),
    contaId: integer('conta_id')
      .notNull()
      .references(() => contasContabeis.id, { onDelete: 'restrict' }),
    /** The entry's fact; a reversal's is its original's. */
    fact: text('fact').notNull(),
    debit: bigint('debit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    credit: bigint('credit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The number of partidas summed. */
    lines: integer('lines').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.competencia, t.contaId, t.fact] })],
);
