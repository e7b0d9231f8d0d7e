import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, created, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { patrimonios } from '../patrimonios/schema';
import { sectors } from '../sectors/schema';
import { users } from '../users/schema';

/**
 * Loans (empréstimos) of assets to a person, possibly for another sector. Open while `returned_at` is
 * null; at most one open loan per asset (a partial unique index, so concurrent requests cannot both win).
 */
export const emprestimos = pgTable(
  'emprestimos',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    patrimonioId: integer('patrimonio_id')
      .notNull()
      .references(() => patrimonios.id, { onDelete: 'restrict' }),
    borrowerName: text('borrower_name').notNull(),
    borrowerDocument: text('borrower_document'),
    borrowerContact: text('borrower_contact'),
    destinationSectorId: integer('destination_sector_id').references(() => sectors.id, { onDelete: 'set null' }),
    /** The destination sector's name when lent (shown if the sector is deleted later). */
    destinationSectorName: text('destination_sector_name'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: created(),
    returnedAt: ts('returned_at'),
    returnCondition: text('return_condition'),
    returnNotes: text('return_notes'),
    returnedById: integer('returned_by_id').references(() => users.id, { onDelete: 'set null' }),
    returnedByName: text('returned_by_name'),
    /** Set by the daily job when it found the loan past due and warned the lender and the admins. */
    overdueNotifiedAt: ts('overdue_notified_at'),
    /** Set by the daily job when it sent the day-before reminder. */
    reminderSentAt: ts('reminder_sent_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    uniqueIndex('emprestimos_open_uq')
      .on(t.patrimonioId)
      .where(sql`${t.returnedAt} is null`),
    index('emprestimos_m_id_idx').on(t.municipalityId, t.id),
    index('emprestimos_m_open_due_idx')
      .on(t.municipalityId, t.dueDate)
      .where(sql`${t.returnedAt} is null`),
    index('emprestimos_patrimonio_idx').on(t.patrimonioId, t.id),
    index('emprestimos_destination_sector_idx').on(t.destinationSectorId),
  ],
);
