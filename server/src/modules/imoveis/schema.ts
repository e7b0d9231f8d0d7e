import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { created, ts, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { formasAquisicao } from '../formas-aquisicao/schema';
import { sectors } from '../sectors/schema';
import { users } from '../users/schema';

/**
 * The real-estate register (spec §3 Imóvel). Matrícula and cartório are the default custom fields
 * (`imovel_fields`), kept in `custom_fields` like any other custom value. Names of the referenced sector
 * and acquisition form are kept beside their ids so the grid sorts on an index.
 */
export const imoveis = pgTable(
  'imoveis',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    numeroPatrimonio: text('numero_patrimonio').notNull(),
    denominacao: text('denominacao').notNull(),
    /** Denominação folded for the quick search (accent- and case-insensitive); never written by the app. */
    denominacaoBusca: text('denominacao_busca').generatedAlwaysAs(sql`immutable_unaccent(lower(denominacao))`),
    endereco: text('endereco').notNull(),
    cep: text('cep'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    uf: text('uf'),
    areaConstruida: numeric('area_construida', { precision: 14, scale: 2 }),
    areaTerreno: numeric('area_terreno', { precision: 14, scale: 2 }),
    /** proprio | cedido | alugado | comodato | desapropriado */
    situacao: text('situacao').notNull().default('proprio'),
    /** Free text with suggestions (escola, unidade de saúde, praça, terreno vago…). */
    utilizacao: text('utilizacao'),
    sectorId: integer('sector_id').references(() => sectors.id, { onDelete: 'restrict' }),
    setorNome: text('setor_nome'),
    formaAquisicaoId: integer('forma_aquisicao_id').references(() => formasAquisicao.id, { onDelete: 'restrict' }),
    formaNome: text('forma_nome'),
    dataAquisicao: date('data_aquisicao', { mode: 'string' }),
    valorAquisicao: numeric('valor_aquisicao', { precision: 14, scale: 2 }),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    observacoes: text('observacoes'),
    customFields: jsonb('custom_fields')
      .notNull()
      .default({})
      .$type<Record<string, string | number | boolean | null>>(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    uniqueIndex('imoveis_numero_uq').on(t.municipalityId, t.numeroPatrimonio),
    index('imoveis_m_id_idx').on(t.municipalityId, t.id),
    index('imoveis_m_denominacao_idx').on(t.municipalityId, t.denominacao, t.id),
    index('imoveis_m_situacao_idx').on(t.municipalityId, t.situacao, t.id),
    index('imoveis_m_utilizacao_idx').on(t.municipalityId, t.utilizacao, t.id),
    // "The schools, by name": the list filtered by use and sorted by name reads its page in index order.
    index('imoveis_m_utilizacao_denominacao_idx').on(t.municipalityId, t.utilizacao, t.denominacao, t.id),
    index('imoveis_m_setor_nome_idx').on(t.municipalityId, t.setorNome, t.id),
    index('imoveis_m_sector_idx').on(t.municipalityId, t.sectorId, t.id),
    index('imoveis_m_bairro_idx').on(t.municipalityId, t.bairro, t.id),
    index('imoveis_m_area_idx').on(t.municipalityId, t.areaConstruida, t.id),
    index('imoveis_m_valor_idx').on(t.municipalityId, t.valorAquisicao, t.id),
    index('imoveis_m_created_idx').on(t.municipalityId, t.createdAt, t.id),
    index('imoveis_m_updated_idx').on(t.municipalityId, t.updatedAt, t.id),
    index('imoveis_sector_idx').on(t.sectorId),
    index('imoveis_forma_idx').on(t.formaAquisicaoId),
  ],
);

/** The property's history (created, updated, file added…), newest first. */
export const imovelHistorico = pgTable(
  'imovel_historico',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    imovelId: integer('imovel_id')
      .notNull()
      .references(() => imoveis.id, { onDelete: 'cascade' }),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    action: text('action').notNull(),
    details: text('details').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
  },
  (t) => [index('imovel_historico_imovel_idx').on(t.imovelId, t.id)],
);

/**
 * Custom field definitions of the property form (spec §3 Field definition; defaults denominacao,
 * endereco (system), matricula_imovel, cartorio (custom)), per municipality, ordered by `position`.
 */
export const imovelFields = pgTable(
  'imovel_fields',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type').notNull(),
    required: boolean('required').notNull().default(false),
    isCustom: boolean('is_custom').notNull().default(true),
    isSystem: boolean('is_system').notNull().default(false),
    options: jsonb('options').$type<string[] | null>(),
    position: integer('position').notNull().default(0),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('imovel_fields_key_uq').on(t.municipalityId, t.key)],
);

/**
 * Maintenance tasks of a property (spec §3 Maintenance task; the column is `due_date`, the API answers
 * `dataPrevista` and `dueDate`). 'atrasada' is not stored: it is a pending/in-progress task past its date.
 * A recurring task, when completed, creates its next occurrence (`origin_id` points back to it).
 * `due_soon_notified_at` / `overdue_notified_at` record the reminder job's notices so each is sent once.
 */
export const manutencoes = pgTable(
  'manutencoes',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    imovelId: integer('imovel_id')
      .notNull()
      .references(() => imoveis.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** preventiva | corretiva | inspecao */
    kind: text('kind').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** pendente | em_andamento | concluida | cancelada */
    status: text('status').notNull().default('pendente'),
    assignee: text('assignee'),
    estimatedCost: numeric('estimated_cost', { precision: 14, scale: 2 }),
    actualCost: numeric('actual_cost', { precision: 14, scale: 2 }),
    notes: text('notes'),
    /** null | mensal | trimestral | anual */
    recurrence: text('recurrence'),
    completedDate: date('completed_date', { mode: 'string' }),
    /** The occurrence this one was created from when that one was completed. */
    originId: integer('origin_id').references((): AnyPgColumn => manutencoes.id, { onDelete: 'set null' }),
    dueSoonNotifiedAt: ts('due_soon_notified_at'),
    overdueNotifiedAt: ts('overdue_notified_at'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    index('manutencoes_m_due_date_idx').on(t.municipalityId, t.dueDate, t.id),
    index('manutencoes_m_status_due_date_idx').on(t.municipalityId, t.status, t.dueDate),
    index('manutencoes_imovel_idx').on(t.imovelId, t.dueDate),
    uniqueIndex('manutencoes_origin_uq').on(t.originId),
  ],
);

/**
 * Photos and documents of a property (deeds, plans) and attachments of its maintenance tasks
 * (`manutencao_id` set); the bytes live under DATA_DIR/files/imoveis/<municipality>/.
 */
export const imovelArquivos = pgTable(
  'imovel_arquivos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    imovelId: integer('imovel_id')
      .notNull()
      .references(() => imoveis.id, { onDelete: 'cascade' }),
    manutencaoId: integer('manutencao_id').references(() => manutencoes.id, { onDelete: 'cascade' }),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    /** foto | documento | anexo */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    storedPath: text('stored_path').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name'),
    createdAt: created(),
  },
  (t) => [
    index('imovel_arquivos_imovel_idx').on(t.imovelId, t.kind, t.createdAt),
    index('imovel_arquivos_manutencao_idx').on(t.manutencaoId),
  ],
);

/** Imóvel report templates (spec §3; default 'Relatório Simples de Imóveis' of §9). */
export const imovelReportTemplates = pgTable(
  'imovel_report_templates',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    filters: jsonb('filters')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('imovel_report_templates_name_uq').on(t.municipalityId, t.name)],
);

/**
 * The municipality's property-register version, bumped by a statement trigger on every write to
 * `imoveis` (as asset_versions for assets): list totals and deep-page anchors are cached per version.
 */
export const imovelVersions = pgTable('imovel_versions', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
