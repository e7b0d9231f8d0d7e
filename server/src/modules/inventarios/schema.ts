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
import { sectors } from '../sectors/schema';
import { users } from '../users/schema';

/**
 * Inventories (spec §3 Inventário, §4 Inventory): a commission counts the assets of a sector's scope.
 * `found_count`/`divergent_count` are kept by the readings command (one conditional update per batch), so
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
    kind: text('kind').notNull(),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'restrict' }),
    sectorName: text('sector_name').notNull(),
    /** 'sector' | 'location' | 'specific_location' */
    scope: text('scope').notNull(),
    locationType: text('location_type'),
    specificLocationId: integer('specific_location_id').references(() => locais.id, { onDelete: 'set null' }),
    localName: text('local_name'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** 'in_progress' | 'completed' */
    status: text('status').notNull().default('in_progress'),
    finalizedAt: ts('finalized_at'),
    finalizedById: integer('finalized_by_id').references(() => users.id, { onDelete: 'set null' }),
    finalizedByName: text('finalized_by_name'),
    totalItems: integer('total_items').notNull().default(0),
    foundCount: integer('found_count').notNull().default(0),
    divergentCount: integer('divergent_count').notNull().default(0),
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
export const inventarioItems = pgTable(
  'inventario_items',
  {
    id: serial('id').primaryKey(),
    /** The inventory's (no foreign key: the row goes with its inventory, which has one). */
    municipalityId: integer('municipality_id').notNull(),
    inventarioId: integer('inventario_id')
      .notNull()
      .references(() => inventarios.id, { onDelete: 'cascade' }),
    patrimonioId: integer('patrimonio_id'),
    numeroPatrimonio: text('numero_patrimonio').notNull(),
    descricaoBem: text('descricao_bem').notNull(),
    /** Registered location when the snapshot was taken. */
    localId: integer('local_id'),
    localName: text('local_name'),
    valorAquisicao: numeric('valor_aquisicao', { precision: 14, scale: 2 }).notNull().default('0'),
    /** 'not_found' | 'found' | 'local_divergente' */
    status: text('status').notNull().default('not_found'),
    foundLocalId: integer('found_local_id'),
    foundLocalName: text('found_local_name'),
    condition: text('condition'),
    note: text('note'),
    readById: integer('read_by_id'),
    readByName: text('read_by_name'),
    readAt: ts('read_at'),
    /** The client id of the reading that counted it. */
    readingId: uuid('reading_id'),
  },
  (t) => [
    uniqueIndex('inventario_items_numero_uq').on(t.inventarioId, t.numeroPatrimonio),
    index('inventario_items_status_idx').on(t.inventarioId, t.status, t.id),
    index('inventario_items_local_idx').on(t.inventarioId, t.localId, t.id),
    index('inventario_items_patrimonio_idx').on(t.patrimonioId),
  ],
);

/**
 * The reading log: every reading once, by its client id (unique per inventory: a retry or a replayed
 * offline batch finds its first result). Readings 'nao_inventariado' / 'nao_cadastrado' are the
 * "ocorrências" the commission resolves.
 */
export const inventarioReadings = pgTable(
  'inventario_readings',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** The inventory's (no foreign key: the row goes with its inventory, which has one). */
    municipalityId: integer('municipality_id').notNull(),
    inventarioId: integer('inventario_id')
      .notNull()
      .references(() => inventarios.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    scannedNumber: text('scanned_number').notNull(),
    /** Set in the same transaction as the insert; null never survives a commit. */
    result: text('result'),
    itemId: integer('item_id'),
    patrimonioId: integer('patrimonio_id'),
    localId: integer('local_id'),
    localName: text('local_name'),
    condition: text('condition'),
    note: text('note'),
    readById: integer('read_by_id'),
    readByName: text('read_by_name'),
    readAt: ts('read_at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventario_readings_client_uq').on(t.inventarioId, t.clientId),
    index('inventario_readings_inv_seq_idx').on(t.inventarioId, t.seq),
    index('inventario_readings_ocorrencias_idx')
      .on(t.inventarioId, t.seq)
      .where(sql`${t.result} in ('nao_inventariado', 'nao_cadastrado')`),
    index('inventario_readings_user_idx').on(t.inventarioId, t.readById),
  ],
);
