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
    motivo: text('motivo').notNull(),
    setorOrigemId: integer('setor_origem_id').references(() => sectors.id, { onDelete: 'set null' }),
    setorOrigemNome: text('setor_origem_nome').notNull(),
    setorDestinoId: integer('setor_destino_id').references(() => sectors.id, { onDelete: 'set null' }),
    setorDestinoNome: text('setor_destino_nome'),
    localDestinoId: integer('local_destino_id').references(() => locais.id, { onDelete: 'set null' }),
    localDestinoNome: text('local_destino_nome'),
    destinatario: text('destinatario'),
    solicitanteId: integer('solicitante_id').references(() => users.id, { onDelete: 'set null' }),
    solicitanteNome: text('solicitante_nome').notNull(),
    dataSolicitacao: ts('data_solicitacao').notNull().defaultNow(),
    /** 'pendente' | 'aprovada' | 'rejeitada' */
    status: text('status').notNull().default('pendente'),
    aprovadorId: integer('aprovador_id').references(() => users.id, { onDelete: 'set null' }),
    aprovadorNome: text('aprovador_nome'),
    dataAprovacao: ts('data_aprovacao'),
    comentariosAprovador: text('comentarios_aprovador'),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    index('transferencias_m_id_idx').on(t.municipalityId, t.id),
    index('transferencias_m_status_idx').on(t.municipalityId, t.status, t.id),
    index('transferencias_m_data_idx').on(t.municipalityId, t.dataSolicitacao),
    index('transferencias_m_numero_idx').on(t.municipalityId, t.numeroPatrimonio),
    index('transferencias_origem_idx').on(t.setorOrigemId, t.id),
    index('transferencias_destino_idx').on(t.setorDestinoId, t.id),
    index('transferencias_local_idx').on(t.localDestinoId),
    index('transferencias_patrimonio_idx').on(t.patrimonioId),
    index('transferencias_solicitante_idx').on(t.solicitanteId),
    index('transferencias_aprovador_idx').on(t.aprovadorId),
    // At most one pending request per asset, whatever races the checks of the command.
    uniqueIndex('transferencias_pendente_uq')
      .on(t.patrimonioId)
      .where(sql`${t.status} = 'pendente'`),
  ],
);
