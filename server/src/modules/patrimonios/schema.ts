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
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DadoOrigem } from '@tombo/shared';
import { ts, created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { formasAquisicao } from '../formas-aquisicao/schema';
import { locais } from '../locais/schema';
import { sectors } from '../sectors/schema';
import { tiposBens } from '../tipos-bens/schema';
import { users } from '../users/schema';

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
    /** Entry into service, where depreciation starts (null: the acquisition date). */
    dataEntradaServico: date('data_entrada_servico', { mode: 'string' }),
    /** Overrides of the asset type's useful life and residual % (null: the type's). */
    vidaUtilMeses: integer('vida_util_meses'),
    residualPct: numeric('residual_pct', { precision: 5, scale: 2 }),
    status: text('status').notNull().default('ativo'),
    estadoConservacao: text('estado_conservacao'),
    observacoes: text('observacoes'),
    doado: boolean('doado').notNull().default(false),
    transferenciaPendente: boolean('transferencia_pendente').notNull().default(false),
    customFields: jsonb('custom_fields')
      .notNull()
      .default({})
      .$type<Record<string, string | number | boolean | null>>(),
    // Standard fields of real registers (issue 35; docs/api.md). The CNPJ is kept as its 14 digits.
    marca: text('marca'),
    modelo: text('modelo'),
    numeroSerie: text('numero_serie'),
    fornecedorNome: text('fornecedor_nome'),
    fornecedorCnpj: text('fornecedor_cnpj'),
    notaFiscalNumero: text('nota_fiscal_numero'),
    notaFiscalData: date('nota_fiscal_data', { mode: 'string' }),
    empenho: text('empenho'),
    processoAquisicao: text('processo_aquisicao'),
    fonteRecurso: text('fonte_recurso'),
    dataBaixa: date('data_baixa', { mode: 'string' }),
    /** An imported file's columns that map to no field: [{ rotulo, valor }] in the file's order. */
    dadosOrigem: jsonb('dados_origem').notNull().default([]).$type<DadoOrigem[]>(),
    /**
     * The standard text fields and the dados de origem' values folded for the quick search, like
     * descricao_busca (function and trigram index in migration 0048). Never written by the app.
     */
    fieldsSearchText: text('fields_search_text').generatedAlwaysAs(
      sql`patrimonio_fields_search_text(marca, modelo, numero_serie, fornecedor_nome, fornecedor_cnpj, nota_fiscal_numero, empenho, processo_aquisicao, fonte_recurso, dados_origem)`,
    ),
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
