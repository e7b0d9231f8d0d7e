import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { created, ts, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { locais } from '../locais/schema';
import { patrimonios } from '../patrimonios/schema';
import { sectors } from '../sectors/schema';
import { users } from '../users/schema';

/**
 * Inventories (spec §3 Inventário, §4 Inventory): a commission counts the assets of a sector's scope.
 * `encontrados`/`divergentes` are kept by the readings command (one conditional update per batch), so
 * lists and live events never count items.
 */
export const inventarios = pgTable(
  'inventarios',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    tipo: text('tipo').notNull(),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'restrict' }),
    setorNome: text('setor_nome').notNull(),
    /** 'sector' | 'location' | 'specific_location' */
    scope: text('scope').notNull(),
    locationType: text('location_type'),
    specificLocationId: integer('specific_location_id').references(() => locais.id, { onDelete: 'set null' }),
    localNome: text('local_nome'),
    dataInicio: date('data_inicio', { mode: 'string' }).notNull(),
    /** 'in_progress' | 'completed' */
    status: text('status').notNull().default('in_progress'),
    finalizedAt: ts('finalized_at'),
    finalizedById: integer('finalized_by_id').references(() => users.id, { onDelete: 'set null' }),
    finalizedByName: text('finalized_by_name'),
    totalItens: integer('total_itens').notNull().default(0),
    encontrados: integer('encontrados').notNull().default(0),
    divergentes: integer('divergentes').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    index('inventarios_m_id_idx').on(t.municipalityId, t.id),
    index('inventarios_m_status_idx').on(t.municipalityId, t.status, t.id),
    index('inventarios_m_sector_idx').on(t.municipalityId, t.sectorId, t.id),
    index('inventarios_sector_idx').on(t.sectorId),
    index('inventarios_local_idx').on(t.specificLocationId),
  ],
);

/** The commission (at least three members, by law); names kept as they were. */
export const inventarioComissao = pgTable(
  'inventario_comissao',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    inventarioId: integer('inventario_id')
      .notNull()
      .references(() => inventarios.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
  },
  (t) => [
    uniqueIndex('inventario_comissao_uq').on(t.inventarioId, t.userId),
    index('inventario_comissao_user_idx').on(t.userId, t.inventarioId),
  ],
);

/**
 * The snapshot of the assets in scope when the inventory was created (one `INSERT … SELECT`), each
 * `not_found` until a reading claims it (a conditional update: counted exactly once).
 */
export const inventarioItens = pgTable(
  'inventario_itens',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    inventarioId: integer('inventario_id')
      .notNull()
      .references(() => inventarios.id, { onDelete: 'cascade' }),
    patrimonioId: integer('patrimonio_id').references(() => patrimonios.id, { onDelete: 'set null' }),
    numeroPatrimonio: text('numero_patrimonio').notNull(),
    descricaoBem: text('descricao_bem').notNull(),
    /** Registered location when the snapshot was taken. */
    localId: integer('local_id').references(() => locais.id, { onDelete: 'set null' }),
    localNome: text('local_nome'),
    valor: numeric('valor', { precision: 14, scale: 2 }).notNull().default('0'),
    /** 'not_found' | 'found' | 'local_divergente' */
    status: text('status').notNull().default('not_found'),
    localEncontradoId: integer('local_encontrado_id').references(() => locais.id, { onDelete: 'set null' }),
    localEncontradoNome: text('local_encontrado_nome'),
    estado: text('estado'),
    nota: text('nota'),
    lidoPorId: integer('lido_por_id').references(() => users.id, { onDelete: 'set null' }),
    lidoPorNome: text('lido_por_nome'),
    lidoEm: ts('lido_em'),
    /** The client id of the reading that counted it. */
    leituraId: uuid('leitura_id'),
  },
  (t) => [
    uniqueIndex('inventario_itens_numero_uq').on(t.inventarioId, t.numeroPatrimonio),
    index('inventario_itens_status_idx').on(t.inventarioId, t.status, t.id),
    index('inventario_itens_local_idx').on(t.inventarioId, t.localId, t.id),
    index('inventario_itens_patrimonio_idx').on(t.patrimonioId),
    index('inventario_itens_local_fk_idx').on(t.localId),
    index('inventario_itens_encontrado_idx').on(t.localEncontradoId),
  ],
);

/**
 * The reading log: every reading once, by its client id (unique per inventory: a retry or a replayed
 * offline batch finds its first result). Readings 'nao_inventariado' / 'nao_cadastrado' are the
 * "ocorrências" the commission resolves.
 */
export const inventarioLeituras = pgTable(
  'inventario_leituras',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    inventarioId: integer('inventario_id')
      .notNull()
      .references(() => inventarios.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    numero: text('numero').notNull(),
    /** Set in the same transaction as the insert; null never survives a commit. */
    resultado: text('resultado'),
    itemId: integer('item_id').references(() => inventarioItens.id, { onDelete: 'cascade' }),
    patrimonioId: integer('patrimonio_id').references(() => patrimonios.id, { onDelete: 'set null' }),
    localId: integer('local_id').references(() => locais.id, { onDelete: 'set null' }),
    localNome: text('local_nome'),
    estado: text('estado'),
    nota: text('nota'),
    lidoPorId: integer('lido_por_id').references(() => users.id, { onDelete: 'set null' }),
    lidoPorNome: text('lido_por_nome'),
    lidoEm: ts('lido_em').notNull(),
    recebidoEm: ts('recebido_em').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventario_leituras_client_uq').on(t.inventarioId, t.clientId),
    index('inventario_leituras_inv_seq_idx').on(t.inventarioId, t.seq),
    index('inventario_leituras_ocorrencias_idx')
      .on(t.inventarioId, t.seq)
      .where(sql`${t.resultado} in ('nao_inventariado', 'nao_cadastrado')`),
    index('inventario_leituras_item_idx').on(t.itemId),
    index('inventario_leituras_patrimonio_idx').on(t.patrimonioId),
    index('inventario_leituras_local_idx').on(t.localId),
    index('inventario_leituras_user_idx').on(t.lidoPorId),
  ],
);
