import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();
const version = () => integer('version').notNull().default(0);

export const municipalities = pgTable('municipalities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  active: boolean('active').notNull().default(true),
  createdAt: created(),
  updatedAt: updated(),
  version: version(),
});

/** Permissions per role, installation-wide, editable by the superuser. */
export const rolePermissions = pgTable('role_permissions', {
  role: text('role').primaryKey(),
  permissions: text('permissions').array().notNull(),
  updatedAt: updated(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    avatarUrl: text('avatar_url'),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockoutUntil: ts('lockout_until'),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_municipality_idx').on(t.municipalityId),
  ],
);

export const sectors = pgTable(
  'sectors',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    uniqueIndex('sectors_code_uq').on(t.municipalityId, t.code),
    uniqueIndex('sectors_name_uq').on(t.municipalityId, sql`lower(${t.name})`),
  ],
);

export const userSectors = pgTable(
  'user_sectors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sectorId] }), index('user_sectors_sector_idx').on(t.sectorId)],
);

export const locais = pgTable(
  'locais',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    uniqueIndex('locais_name_uq').on(t.municipalityId, t.sectorId, sql`lower(${t.name})`),
    index('locais_sector_idx').on(t.sectorId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: created(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: created(),
});

/** Branding/login settings. municipality_id NULL is the installation-wide row (login page). */
export const customizations = pgTable(
  'customizations',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull().$type<Record<string, unknown>>(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('customizations_scope_uq').on(sql`coalesce(${t.municipalityId}, 0)`)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: text('details'),
    createdAt: created(),
  },
  (t) => [index('audit_logs_municipality_idx').on(t.municipalityId, t.id)],
);

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull(),
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    filePath: text('file_path'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: created(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** When the retention sweep deleted the result file (the row stays, as the user's history). */
    fileRemovedAt: ts('file_removed_at'),
  },
  (t) => [
    index('jobs_owner_idx').on(t.ownerId, t.createdAt),
    index('jobs_files_kept_idx')
      .on(t.finishedAt)
      .where(sql`${t.filePath} is not null and ${t.fileRemovedAt} is null`),
  ],
);

// ---- Asset register (issue 3) ------------------------------------------------------------------

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
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('tipos_bens_name_uq').on(t.municipalityId, sql`lower(${t.name})`)],
);

export const formasAquisicao = pgTable(
  'formas_aquisicao',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    nome: text('nome').notNull(),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [uniqueIndex('formas_aquisicao_nome_uq').on(t.municipalityId, sql`lower(${t.nome})`)],
);

/** One numbering pattern per municipality (none = the default of spec §9). */
export const numberingPatterns = pgTable('numbering_patterns', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  components: jsonb('components').notNull().$type<unknown[]>(),
  separator: text('separator').notNull().default(''),
  updatedAt: updated(),
  version: version(),
});

/**
 * Last sequence value issued per (municipality, sector code as the pattern shows it, year); '' / 0 when
 * the pattern has no sector / year part. Only ever goes up, whatever the pattern: numbers are never reused.
 */
export const numberingSequences = pgTable(
  'numbering_sequences',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    sectorCode: text('sector_code').notNull(),
    year: integer('year').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.sectorCode, t.year] })],
);

/**
 * One row per municipality whose `version` goes up with every statement that writes its assets
 * (statement-level triggers on patrimonios, migration 0007): cached list counts are keyed on it.
 */
export const assetVersions = pgTable('asset_versions', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const assetFormFields = pgTable(
  'asset_form_fields',
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
  (t) => [uniqueIndex('asset_form_fields_key_uq').on(t.municipalityId, t.key)],
);

/**
 * The asset register. Names of the referenced type/sector/local/form are kept beside their ids
 * (kept in step by triggers, migration 0003) so every grid column sorts on an index.
 */
export const patrimonios = pgTable(
  'patrimonios',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'restrict' }),
    numeroPatrimonio: text('numero_patrimonio').notNull(),
    descricaoBem: text('descricao_bem').notNull(),
    /**
     * The description folded for the quick search (accent- and case-insensitive), stored so the trigram
     * recheck is a plain LIKE (migration 0004; trigram index in 0005). Never written by the app.
     */
    descricaoBusca: text('descricao_busca').generatedAlwaysAs(sql`immutable_unaccent(lower(descricao_bem))`),
    tipoId: integer('tipo_id').references(() => tiposBens.id, { onDelete: 'restrict' }),
    tipoNome: text('tipo_nome'),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'restrict' }),
    setorNome: text('setor_nome').notNull(),
    localId: integer('local_id').references(() => locais.id, { onDelete: 'restrict' }),
    localNome: text('local_nome'),
    formaAquisicaoId: integer('forma_aquisicao_id').references(() => formasAquisicao.id, { onDelete: 'restrict' }),
    formaNome: text('forma_nome'),
    valorAquisicao: numeric('valor_aquisicao', { precision: 14, scale: 2 }).notNull().default('0'),
    quantidade: integer('quantidade').notNull().default(1),
    dataAquisicao: date('data_aquisicao', { mode: 'string' }),
    status: text('status').notNull().default('ativo'),
    estadoConservacao: text('estado_conservacao'),
    observacoes: text('observacoes'),
    doado: boolean('doado').notNull().default(false),
    transferenciaPendente: boolean('transferencia_pendente').notNull().default(false),
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
    uniqueIndex('patrimonios_numero_uq').on(t.municipalityId, t.numeroPatrimonio),
    index('patrimonios_m_id_idx').on(t.municipalityId, t.id),
    index('patrimonios_m_descricao_idx').on(t.municipalityId, t.descricaoBem, t.id),
    index('patrimonios_m_tipo_nome_idx').on(t.municipalityId, t.tipoNome, t.id),
    index('patrimonios_m_setor_nome_idx').on(t.municipalityId, t.setorNome, t.id),
    index('patrimonios_m_local_nome_idx').on(t.municipalityId, t.localNome, t.id),
    index('patrimonios_m_forma_nome_idx').on(t.municipalityId, t.formaNome, t.id),
    index('patrimonios_m_status_idx').on(t.municipalityId, t.status, t.id),
    index('patrimonios_m_valor_idx').on(t.municipalityId, t.valorAquisicao, t.id),
    index('patrimonios_m_quantidade_idx').on(t.municipalityId, t.quantidade, t.id),
    index('patrimonios_m_data_idx').on(t.municipalityId, t.dataAquisicao, t.id),
    index('patrimonios_m_estado_idx').on(t.municipalityId, t.estadoConservacao, t.id),
    index('patrimonios_m_created_idx').on(t.municipalityId, t.createdAt, t.id),
    index('patrimonios_m_updated_idx').on(t.municipalityId, t.updatedAt, t.id),
    index('patrimonios_m_sector_idx').on(t.municipalityId, t.sectorId, t.id),
    index('patrimonios_m_local_idx').on(t.municipalityId, t.localId, t.id),
    index('patrimonios_m_tipo_idx').on(t.municipalityId, t.tipoId, t.id),
    index('patrimonios_m_forma_idx').on(t.municipalityId, t.formaAquisicaoId, t.id),
    // Filter + sort pairs of the grid (sector, which is also a `usuario`'s scope, and status): the page's
    // ids (deferred join in listPatrimonios) and the filtered count come from index-only scans.
    index('patrimonios_m_sector_created_idx').on(t.municipalityId, t.sectorId, t.createdAt, t.id),
    index('patrimonios_m_sector_descricao_idx').on(t.municipalityId, t.sectorId, t.descricaoBem, t.id),
    index('patrimonios_m_sector_numero_idx').on(t.municipalityId, t.sectorId, t.numeroPatrimonio, t.id),
    index('patrimonios_m_sector_tipo_nome_idx').on(t.municipalityId, t.sectorId, t.tipoNome, t.id),
    index('patrimonios_m_sector_local_nome_idx').on(t.municipalityId, t.sectorId, t.localNome, t.id),
    index('patrimonios_m_sector_status_idx').on(t.municipalityId, t.sectorId, t.status, t.id),
    index('patrimonios_m_sector_valor_idx').on(t.municipalityId, t.sectorId, t.valorAquisicao, t.id),
    index('patrimonios_m_sector_data_idx').on(t.municipalityId, t.sectorId, t.dataAquisicao, t.id),
    index('patrimonios_m_sector_estado_idx').on(t.municipalityId, t.sectorId, t.estadoConservacao, t.id),
    index('patrimonios_m_sector_updated_idx').on(t.municipalityId, t.sectorId, t.updatedAt, t.id),
    index('patrimonios_m_status_created_idx').on(t.municipalityId, t.status, t.createdAt, t.id),
    index('patrimonios_m_status_tipo_idx').on(t.municipalityId, t.status, t.tipoNome, t.id),
    index('patrimonios_sector_idx').on(t.sectorId),
    index('patrimonios_local_idx').on(t.localId),
    index('patrimonios_tipo_idx').on(t.tipoId),
    index('patrimonios_forma_idx').on(t.formaAquisicaoId),
  ],
);

/** historico_movimentacao: written by the server on every change, read newest first. */
export const patrimonioHistorico = pgTable(
  'patrimonio_historico',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patrimonioId: integer('patrimonio_id')
      .notNull()
      .references(() => patrimonios.id, { onDelete: 'cascade' }),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    action: text('action').notNull(),
    details: text('details').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
  },
  (t) => [index('patrimonio_historico_asset_idx').on(t.patrimonioId, t.id)],
);

/** Photos and documents of an asset; the bytes live under DATA_DIR/files/patrimonios/<municipality>/. */
export const patrimonioArquivos = pgTable(
  'patrimonio_arquivos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patrimonioId: integer('patrimonio_id')
      .notNull()
      .references(() => patrimonios.id, { onDelete: 'cascade' }),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    storedPath: text('stored_path').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name'),
    createdAt: created(),
  },
  (t) => [index('patrimonio_arquivos_asset_idx').on(t.patrimonioId, t.kind, t.createdAt)],
);

/** Public consultation switch per municipality (spec §9: enabled by default = no row). */
export const publicSearchSettings = pgTable('public_search_settings', {
  municipalityId: integer('municipality_id')
    .primaryKey()
    .references(() => municipalities.id, { onDelete: 'cascade' }),
  isPublicSearchEnabled: boolean('is_public_search_enabled').notNull().default(true),
  updatedAt: updated(),
  version: version(),
});
