import { z } from 'zod';
import { idNumber, trimmed, version, type LiveEvent } from '../common';
import { SITUACOES_IMOVEL, type SituacaoImovel } from './values';

/** How a report column is written: text, a number of m², money (R$) or a date (dd/MM/yyyy). */
export type ImovelReportColumnKind = 'text' | 'number' | 'area' | 'money' | 'date';

/** The register's own columns a property report may show (custom fields come as `cf:<key>`). */
export const IMOVEL_REPORT_COLUMNS = [
  { key: 'numero_patrimonio', label: 'Nº Patrimônio', kind: 'text' },
  { key: 'denominacao', label: 'Denominação', kind: 'text' },
  { key: 'endereco', label: 'Endereço', kind: 'text' },
  { key: 'bairro', label: 'Bairro', kind: 'text' },
  { key: 'cidade', label: 'Município', kind: 'text' },
  { key: 'uf', label: 'UF', kind: 'text' },
  { key: 'cep', label: 'CEP', kind: 'text' },
  { key: 'area_construida', label: 'Área construída (m²)', kind: 'area' },
  { key: 'area_terreno', label: 'Área do terreno (m²)', kind: 'area' },
  { key: 'situacao', label: 'Situação', kind: 'text' },
  { key: 'utilizacao', label: 'Utilização', kind: 'text' },
  { key: 'setor_responsavel', label: 'Setor responsável', kind: 'text' },
  { key: 'forma_aquisicao', label: 'Forma de aquisição', kind: 'text' },
  { key: 'data_aquisicao', label: 'Data de aquisição', kind: 'date' },
  { key: 'valor_aquisicao', label: 'Valor de aquisição', kind: 'money' },
  { key: 'latitude', label: 'Latitude', kind: 'text' },
  { key: 'longitude', label: 'Longitude', kind: 'text' },
  { key: 'observacoes', label: 'Observações', kind: 'text' },
] as const satisfies ReadonlyArray<{ key: string; label: string; kind: ImovelReportColumnKind }>;
export type ImovelReportBuiltInKey = (typeof IMOVEL_REPORT_COLUMNS)[number]['key'];
/** Prefix of a custom field's column key (`cf:matricula_imovel`). */
export const IMOVEL_CUSTOM_PREFIX = 'cf:';

export const IMOVEL_RELATORIO_LIMITS = { maxFields: 20, maxRows: 20_000 } as const;

/** pt-BR texts of the property reports. */
export const IMOVEL_RELATORIO_MSG = {
  templateNotFound: 'Modelo de relatório de imóveis não encontrado.',
  templateCreated: 'Modelo de relatório de imóveis criado.',
  templateUpdated: 'Modelo de relatório de imóveis atualizado.',
  templateDeleted: 'Modelo de relatório de imóveis excluído.',
  templateNameTaken: 'Já existe um modelo de relatório de imóveis com esse nome.',
  unknownField: (key: string) => `Campo desconhecido: "${key}".`,
  requested: 'Relatório solicitado. Acompanhe o progresso em Downloads.',
  tooManyRows: (max: string) => `O relatório passa de ${max} imóveis; refine os filtros.`,
  noMunicipality: 'A geração de relatório exige um município.',
  loadFailed: 'Falha ao carregar modelos de relatório de imóveis.',
} as const;

const fieldKey = z
  .string({ error: 'Campo desconhecido.' })
  .refine(
    (k) =>
      IMOVEL_REPORT_COLUMNS.some((c) => c.key === k) ||
      (k.startsWith(IMOVEL_CUSTOM_PREFIX) && /^[a-z0-9_]{1,60}$/.test(k.slice(IMOVEL_CUSTOM_PREFIX.length))),
    { error: 'Campo desconhecido.' },
  );

const fieldList = z
  .array(fieldKey)
  .min(1, { error: 'Escolha ao menos um campo.' })
  .max(IMOVEL_RELATORIO_LIMITS.maxFields, { error: `No máximo ${IMOVEL_RELATORIO_LIMITS.maxFields} campos.` })
  .refine((l) => new Set(l).size === l.length, { error: 'Campo repetido.' });

const optText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres.` })
    .optional();

/** The filters of a property report (all optional; a template's are its defaults, a request's override them). */
export const imovelReportFiltros = z.strictObject({
  q: optText('Busca', 200),
  situacao: z
    .array(z.enum(SITUACOES_IMOVEL, { error: 'Situação inválida.' }))
    .max(SITUACOES_IMOVEL.length)
    .optional(),
  utilizacao: optText('Utilização', 120),
  bairro: optText('Bairro', 120),
  sectorId: idNumber().optional(),
});
export type ImovelReportFiltros = z.output<typeof imovelReportFiltros>;

/** POST /api/imovel-report-templates. */
export const imovelReportTemplateCreateBody = z.strictObject({
  name: trimmed('Nome', 120),
  fields: fieldList,
  filters: imovelReportFiltros.default({}),
});
export type ImovelReportTemplateCreate = z.input<typeof imovelReportTemplateCreateBody>;
/** PUT /api/imovel-report-templates/:id (the whole template and the version read). */
export const imovelReportTemplateUpdateBody = imovelReportTemplateCreateBody.extend({ version });
export type ImovelReportTemplateUpdate = z.input<typeof imovelReportTemplateUpdateBody>;

/** POST /api/imoveis/relatorios: 202 { job }. */
export const imovelReportGenerateBody = z.strictObject({
  templateId: idNumber(),
  formato: z.enum(['pdf', 'xlsx'], { error: 'Formato inválido (pdf ou xlsx).' }),
  filtros: imovelReportFiltros.optional(),
});
export type ImovelReportGenerate = z.input<typeof imovelReportGenerateBody>;

/** An imóvel report template (spec §3; default 'Relatório Simples de Imóveis' of §9). */
export interface ImovelReportTemplate {
  id: number;
  municipalityId: number;
  name: string;
  /** Built-in keys (`denominacao`…) and custom fields (`cf:<key>`), in column order. */
  fields: string[];
  filters: ImovelReportFiltros;
  isDefault: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
export interface ImovelReportTemplateList {
  templates: ImovelReportTemplate[];
  total: number;
}
/** GET /api/imovel-report-fields: the catalogue a template chooses from (built-in, then custom fields). */
export interface ImovelReportField {
  key: string;
  label: string;
  kind: ImovelReportColumnKind;
  custom: boolean;
}
export interface ImovelReportFieldList {
  fields: ImovelReportField[];
}

/** GET /api/dashboard/imoveis: the 'Resumo de Imóveis' widget (spec §2.5). Areas are decimal strings (m²). */
export interface ImovelResumo {
  total: number;
  areaConstruida: string;
  areaTerreno: string;
  porSituacao: Array<{ situacao: SituacaoImovel; count: number }>;
  /** `utilizacao` null = not informed. The 8 commonest. */
  porUtilizacao: Array<{ utilizacao: string | null; count: number }>;
  /** Pending or in-progress tasks past their date. */
  manutencoesAtrasadas: number;
}

/** Live events of the property report templates (the municipality's room). */
export interface ImovelRelatorioEvents {
  'imovelReportTemplate.changed': (e: LiveEvent<{ id: number; removed?: boolean }>) => void;
}
