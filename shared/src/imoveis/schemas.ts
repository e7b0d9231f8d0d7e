import { z } from 'zod';
import { idFromText, idNumber, int4FromText, trimmed, version } from '../common';
import { FIELD_TYPES, keyFromLabel } from '../form-fields/schemas';
import { customFieldValues, acquisitionDate, money } from '../patrimonios/schemas';
import { SITUACOES_IMOVEL } from './values';

/** Limits of one property record, its uploads and its spreadsheets. */
export const IMOVEL_LIMITS = {
  maxFotos: 10,
  maxDocumentos: 20,
  importMaxRows: 10_000,
  /** numeric(14,2) */
  areaMax: '999999999999.99',
} as const;

// ---- Scalars ---------------------------------------------------------------------------------
/** A decimal ≥ 0 with at most 2 decimals (areas in m²), sent as a string or a number, returned as a string. */
export const areaM2 = (label: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${label} inválida.` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.replace(',', '.')))
    .superRefine((v, ctx) => {
      if (/^-/.test(v)) return void ctx.addIssue({ code: 'custom', message: `${label} não pode ser negativa.` });
      if (!/^\d+(\.\d{1,2})?$/.test(v))
        return void ctx.addIssue({ code: 'custom', message: `${label} inválida (use o formato 1234.56, em m²).` });
      if (v.split('.')[0].replace(/^0+(?=\d)/, '').length > 12)
        ctx.addIssue({ code: 'custom', message: `${label} é alta demais.` });
    })
    .transform((v) => {
      const [i, d = ''] = v.split('.');
      return `${i.replace(/^0+(?=\d)/, '')}.${d.padEnd(2, '0')}`;
    });

/** Latitude (−90…90) or longitude (−180…180), at most 6 decimals; returned as a string. */
const coordinate = (label: string, max: number) =>
  z
    .union([z.number(), z.string().trim()], { error: `${label} inválida.` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.replace(',', '.')))
    .superRefine((v, ctx) => {
      if (!/^-?\d{1,3}(\.\d{1,6})?$/.test(v) || Math.abs(Number(v)) > max)
        ctx.addIssue({ code: 'custom', message: `${label} inválida (entre -${max} e ${max}, até 6 casas decimais).` });
    });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} inválido.` })
    .trim()
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres.` })
    .transform((s) => (s === '' ? null : s));
const cep = z
  .string({ error: 'CEP inválido.' })
  .trim()
  .transform((s) => s.replace(/\D/g, ''))
  .refine((s) => s === '' || s.length === 8, { error: 'CEP inválido (8 dígitos).' })
  .transform((s) => (s === '' ? null : `${s.slice(0, 5)}-${s.slice(5)}`));
const uf = z
  .string({ error: 'UF inválida.' })
  .trim()
  .toUpperCase()
  .refine((s) => s === '' || /^[A-Z]{2}$/.test(s), { error: 'UF inválida (duas letras).' })
  .transform((s) => (s === '' ? null : s));
/** Typed by the user (unique in the municipality, 409 when taken) or, when omitted, issued by the server. */
export const numeroImovel = z
  .string({ error: 'Número de patrimônio inválido.' })
  .trim()
  .min(1, { error: 'Número de patrimônio inválido.' })
  .max(40, { error: 'O número de patrimônio deve ter no máximo 40 caracteres.' });

const editable = {
  denominacao: trimmed('Denominação', 300),
  endereco: trimmed('Endereço', 500),
  cep: cep.nullable(),
  bairro: text('Bairro', 120).nullable(),
  cidade: text('Cidade', 120).nullable(),
  uf: uf.nullable(),
  area_construida: areaM2('A área construída').nullable(),
  area_terreno: areaM2('A área do terreno').nullable(),
  situacao: z.enum(SITUACOES_IMOVEL, { error: 'Situação inválida.' }),
  utilizacao: text('Utilização', 120).nullable(),
  sectorId: idNumber('Setor inválido.').nullable(),
  formaAquisicaoId: idNumber('Forma de aquisição inválida.').nullable(),
  data_aquisicao: acquisitionDate.nullable(),
  valor_aquisicao: money.nullable(),
  latitude: coordinate('Latitude', 90).nullable(),
  longitude: coordinate('Longitude', 180).nullable(),
  observacoes: z.string().max(5000, { error: 'As observações devem ter no máximo 5000 caracteres.' }).nullable(),
  /** Values by imóvel field key; checked on the server against `imovel_fields` (type, required → 400 naming it). */
  customFields: customFieldValues,
};
type Editable = typeof editable;
const optionalAll = <T extends Record<string, z.ZodType>>(o: T) =>
  Object.fromEntries(Object.entries(o).map(([k, s]) => [k, s.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };

/** POST /api/imoveis. Only denominacao and endereco are required; situacao defaults to 'proprio'. */
export const imovelCreateBody = z.strictObject({
  ...optionalAll(editable),
  denominacao: editable.denominacao,
  endereco: editable.endereco,
  numero_patrimonio: numeroImovel.optional(),
  /** The spec's client sends a fixed municipality id: accepted and ignored. */
  municipalityId: z.unknown().optional(),
});
export type ImovelCreate = z.infer<typeof imovelCreateBody>;

/** PUT /api/imoveis/:id: any subset of the fields plus the version read (409 when stale). */
export const imovelUpdateBody = z.strictObject({
  ...optionalAll<Editable>(editable),
  numero_patrimonio: numeroImovel.optional(),
  version,
  municipalityId: z.unknown().optional(),
});
export type ImovelUpdate = z.infer<typeof imovelUpdateBody>;

// ---- List -------------------------------------------------------------------------------------
/** Sortable columns (each has a (municipality, column, id) index). */
export const IMOVEL_SORT_KEYS = [
  'numero_patrimonio',
  'denominacao',
  'situacao',
  'utilizacao',
  'setor_responsavel',
  'bairro',
  'area_construida',
  'valor_aquisicao',
  'createdAt',
  'updatedAt',
] as const;
export type ImovelSortKey = (typeof IMOVEL_SORT_KEYS)[number];

/** Query of GET /api/imoveis (and the filters of the XLSX export). */
export const imovelListQuery = z.strictObject({
  page: int4FromText('Página inválida.').min(1, { error: 'Página inválida.' }).default(1),
  pageSize: int4FromText().min(1).max(100, { error: 'No máximo 100 linhas por página.' }).default(25),
  /** Number prefix or words of the denominação (accents and case ignored). */
  q: z.string().trim().max(200).optional(),
  situacao: z.enum(SITUACOES_IMOVEL, { error: 'Situação inválida.' }).optional(),
  utilizacao: z.string().trim().max(120).optional(),
  sectorId: idFromText().optional(),
  bairro: z.string().trim().max(120).optional(),
  sort: z.enum(IMOVEL_SORT_KEYS, { error: 'Coluna de ordenação inválida.' }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'Ordem inválida (asc ou desc).' }).default('desc'),
});
export type ImovelListQuery = z.infer<typeof imovelListQuery>;
export type ImovelFilters = Partial<Pick<ImovelListQuery, 'q' | 'situacao' | 'utilizacao' | 'sectorId' | 'bairro'>>;
/** GET /api/imoveis/exportar.xlsx: the list's filters and order, no paging. */
export const imovelExportQuery = imovelListQuery.omit({ page: true, pageSize: true });
/** POST /api/imoveis/export (a job): the same filters and order as a JSON body (`sectorId` a number). */
export const imovelExportBody = imovelExportQuery.extend({ sectorId: idNumber().optional() });
export type ImovelExportBody = z.input<typeof imovelExportBody>;

/**
 * Files of a property: POST /api/imoveis/:id/fotos | /documentos (multipart field `file`), then
 * GET / DELETE /api/imoveis/:id/arquivos/:fileId.
 */
export const imovelFileParams = z.strictObject({
  id: idFromText(),
  fileId: z.uuid({ error: 'Identificador inválido.' }),
});

// ---- Custom fields (/api/imovel-fields) -------------------------------------------------------
/** Keys of the property's own columns: a custom field may not take them. */
export const RESERVED_IMOVEL_FIELD_KEYS = [
  'id',
  'numero_patrimonio',
  'denominacao',
  'endereco',
  'cep',
  'bairro',
  'cidade',
  'uf',
  'area_construida',
  'area_terreno',
  'situacao',
  'utilizacao',
  'sectorId',
  'setor_responsavel',
  'formaAquisicaoId',
  'forma_aquisicao',
  'data_aquisicao',
  'valor_aquisicao',
  'latitude',
  'longitude',
  'observacoes',
  'customFields',
  'fotos',
  'documentos',
  'historico',
  'version',
  'createdAt',
  'updatedAt',
  'municipalityId',
] as const;

export const imovelFieldKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,49}$/, {
    error: 'A chave deve começar com letra minúscula e ter só letras minúsculas, números e _ (máx. 50).',
  })
  .refine((k) => !(RESERVED_IMOVEL_FIELD_KEYS as readonly string[]).includes(k), {
    error: 'Esta chave é reservada a um campo do sistema.',
  });
const fieldOptions = z
  .array(z.string().trim().min(1).max(100))
  .max(100, { error: 'No máximo 100 opções.' })
  .refine((o) => new Set(o).size === o.length, { error: 'As opções não podem se repetir.' });
const fieldType = z.enum(FIELD_TYPES, { error: 'Tipo de campo inválido.' });

/** POST /api/imovel-fields (key derived from the label when omitted, see `keyFromLabel`). */
export const imovelFieldCreateBody = z
  .strictObject({
    label: trimmed('Rótulo', 80),
    key: imovelFieldKey.optional(),
    type: fieldType,
    required: z.boolean().optional(),
    options: fieldOptions.nullable().optional(),
  })
  .refine((f) => f.type !== 'SELECT' || (f.options?.length ?? 0) > 0, {
    error: 'Informe ao menos uma opção.',
    path: ['options'],
  });
/** PUT /api/imovel-fields/:id: a system field's key and type cannot change (key never changes). */
export const imovelFieldUpdateBody = z.strictObject({
  label: trimmed('Rótulo', 80).optional(),
  type: fieldType.optional(),
  required: z.boolean().optional(),
  options: fieldOptions.nullable().optional(),
  version,
});
/** PUT /api/imovel-fields/reorder: every field id of the municipality, once, in the new order. */
export const imovelFieldReorderBody = z.strictObject({ ids: z.array(idNumber()).min(1).max(500) });
export type ImovelFieldCreate = z.infer<typeof imovelFieldCreateBody>;
export type ImovelFieldUpdate = z.infer<typeof imovelFieldUpdateBody>;
export { keyFromLabel as imovelFieldKeyFromLabel };

// ---- Spreadsheet (export writes these columns, import reads them); custom fields follow by label ----
export const IMOVEL_SHEET_COLUMNS = [
  { key: 'numero_patrimonio', header: 'Nº Patrimônio', width: 18 },
  { key: 'denominacao', header: 'Denominação', width: 40 },
  { key: 'endereco', header: 'Endereço', width: 40 },
  { key: 'cep', header: 'CEP', width: 11 },
  { key: 'bairro', header: 'Bairro', width: 20 },
  { key: 'cidade', header: 'Cidade', width: 20 },
  { key: 'uf', header: 'UF', width: 5 },
  { key: 'area_construida', header: 'Área Construída (m²)', width: 16 },
  { key: 'area_terreno', header: 'Área do Terreno (m²)', width: 16 },
  { key: 'situacao', header: 'Situação', width: 16 },
  { key: 'utilizacao', header: 'Utilização', width: 20 },
  { key: 'setor_responsavel', header: 'Setor Responsável', width: 24 },
  { key: 'forma_aquisicao', header: 'Forma de Aquisição', width: 20 },
  { key: 'data_aquisicao', header: 'Data de Aquisição', width: 14 },
  { key: 'valor_aquisicao', header: 'Valor de Aquisição', width: 16 },
  { key: 'latitude', header: 'Latitude', width: 12 },
  { key: 'longitude', header: 'Longitude', width: 12 },
  { key: 'observacoes', header: 'Observações', width: 40 },
] as const;
export type ImovelSheetKey = (typeof IMOVEL_SHEET_COLUMNS)[number]['key'];
