import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { locais } from '../locais/schema';
import { patrimonios } from '../patrimonios/schema';
import { sectors } from '../sectors/schema';
import { users } from '../users/schema';

/**
 * Transfer and donation requests (spec §3 Transfer request), persisted instead of kept in the browser.
 * Names (asset, sectors, location, people) are kept as they were when written, so a request reads the
 * same after a rename or a deletion; the ids go null when what they name is deleted.
 */
export const transferencias = pgTable(
  'transferencias',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    patrimonioId: integer('patrimonio_id')
      .notNull()
      .references(() => patrimonios.id, { onDelete: 'cascade' }),
    numeroPatrimonio: text('numero_patrimonio').notNull(),
    descricaoBem: text('descricao_bem').notNull(),
    /** 'transferencia' | 'doacao' */
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    originSectorId: integer('origin_sector_id').references(() => sectors.id, { onDelete: 'set null' }),
    originSectorName: text('origin_sector_name').notNull(),
    destinationSectorId: integer('destination_sector_id').references(() => sectors.id, { onDelete: 'set null' }),
    destinationSectorName: text('destination_sector_name'),
    destinationLocalId: integer('destination_local_id').references(() => locais.id, { onDelete: 'set null' }),
    destinationLocalName: text('destination_local_name'),
    recipient: text('recipient'),
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    requesterName: text('requester_name').notNull(),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    /** 'pendente' | 'aprovada' | 'rejeitada' */
    status: text('status').notNull().default('pendente'),
    approverId: integer('approver_id').references(() => users.id, { onDelete: 'set null' }),
    approverName: text('approver_name'),
    decidedAt: ts('decided_at'),
    approverComments: text('approver_comments'),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    index('transferencias_m_id_idx').on(t.municipalityId, t.id),
    index('transferencias_m_status_idx').on(t.municipalityId, t.status, t.id),
    index('transferencias_m_requested_at_idx').on(t.municipalityId, t.requestedAt),
    index('transferencias_m_numero_idx').on(t.municipalityId, t.numeroPatrimonio),
    index('transferencias_origin_sector_idx').on(t.originSectorId, t.id),
    index('transferencias_destination_sector_idx').on(t.destinationSectorId, t.id),
    index('transferencias_destination_local_idx').on(t.destinationLocalId),
    index('transferencias_patrimonio_idx').on(t.patrimonioId),
    index('transferencias_requester_idx').on(t.requesterId),
    index('transferencias_approver_idx').on(t.approverId),
    // At most one pending request per asset, whatever races the checks of the command.
    uniqueIndex('transferencias_pendente_uq')
      .on(t.patrimonioId)
      .where(sql`${t.status} = 'pendente'`),
  ],
);
