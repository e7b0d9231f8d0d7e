import { z } from 'zod';
import { idFromText, idNumber, int4, int4FromText, version } from '../common';
import { DESCRICAO_MAX, dadosOrigem, patrimonioStandardFields } from './standard-fields';

// ---- Value sets ------------------------------------------------------------------------------
/** Asset status (spec §3/§4 name 'extraviado' and 'baixado'; the rest is ours). */
export const PATRIMONIO_STATUSES = ['ativo', 'em_uso', 'em_manutencao', 'ocioso', 'extraviado', 'baixado'] as const;
export type PatrimonioStatus = (typeof PATRIMONIO_STATUSES)[number];
export const ESTADOS_CONSERVACAO = ['novo', 'bom', 'regular', 'ruim', 'inservivel'] as const;
export type EstadoConservacao = (typeof ESTADOS_CONSERVACAO)[number];

/** Limits of one asset record and of its uploads. */
export const PATRIMONIO_LIMITS = {
  maxFotos: 10,
  maxDocumentos: 20,
  fotoMaxBytes: 10 * 1024 * 1024,
  documentoMaxBytes: 20 * 1024 * 1024,
  importMaxBytes: 20 * 1024 * 1024,
  importMaxRows: 10_000,
  fotoMaxPixels: 1920,
  loteMax: 500,
  quantidadeMax: 100_000,
  syncMaxLimit: 1000,
  /** Assets one bulk edit may change (PATCH /api/patrimonios): more is 413. */
  bulkMax: 10_000,
  /** numeric(14,2) */
  valorMax: '999999999999.99',
} as const;
/** Extensions accepted for documents (the type is checked from the bytes). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'odt', 'ods', 'ppt', 'pptx', 'odp'] as const;
export const FOTO_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
] as const;

/**
 * Relation fields of spec §3: a fetched asset may carry them; an update that sends them has them
 * dropped (accepted and ignored). Any other unknown field is refused.
 */
export const PATRIMONIO_RELATION_FIELDS = [
  'sector',
  'local',
  'tipoBem',
  'municipality',
  'acquisitionForm',
  'creator',
  'historico',
  'notes',
  'notas',
  'transferencias',
  'emprestimos',
  'subPatrimonios',
  'inventoryItems',
  'manutencoes',
  'documentosFiles',
] as const;

// ---- Scalars ---------------------------------------------------------------------------------
/** Money: ≥ 0, at most 2 decimals, at most 999.999.999.999,99. Sent as a string ("1234.50") or a number; always returned as a string. */
export const money = z
  .union([z.number(), z.string().trim()], { error: 'Informe o valor de aquisição.' })
  .transform((v) => (typeof v === 'number' ? String(v) : v))
  .superRefine((v, ctx) => {
    if (/^-/.test(v))
      return void ctx.addIssue({ code: 'custom', message: 'O valor de aquisição não pode ser negativo.' });
    if (!/^\d+(\.\d+)?$/.test(v))
      return void ctx.addIssue({ code: 'custom', message: 'Valor de aquisição inválido (use o formato 1234.56).' });
    if (!/^\d+(\.\d{1,2})?$/.test(v))
      return void ctx.addIssue({
        code: 'custom',
        message: 'O valor de aquisição deve ter no máximo 2 casas decimais.',
      });
    if (v.split('.')[0].replace(/^0+(?=\d)/, '').length > 12)
      ctx.addIssue({ code: 'custom', message: 'O valor de aquisição é alto demais (máximo R$ 999.999.999.999,99).' });
  })
  .transform((v) => {
    const [i, d = ''] = v.split('.');
    return `${i.replace(/^0+(?=\d)/, '')}.${d.padEnd(2, '0')}`;
  });

const isCalendarDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};
/** 'YYYY-MM-DD', a real date from 1900 up to tomorrow (time zones). */
export const acquisitionDate = z
  .string({ error: 'Data de aquisição inválida.' })
  .refine(isCalendarDate, { error: 'Data de aquisição inválida (use AAAA-MM-DD).' })
  .refine((s) => s >= '1900-01-01', { error: 'A data de aquisição deve ser posterior a 1900.' })
  .refine((s) => s <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
    error: 'A data de aquisição não pode ser futura.',
  });

/** 'YYYY-MM-DD' of the entry into service (depreciation starts from it; null: the acquisition date). */
export const patrimonioEntradaServico = z
  .string({ error: 'Data de entrada em serviço inválida.' })
  .refine(isCalendarDate, { error: 'Data de entrada em serviço inválida (use AAAA-MM-DD).' })
  .refine((s) => s >= '1900-01-01' && s <= '2199-12-31', {
    error: 'A data de entrada em serviço deve estar entre 1900 e 2199.',
  });
/** The asset's own useful life in months (overrides its type's). */
export const patrimonioVidaUtil = z
  .number({ error: 'A vida útil deve ser um número inteiro de meses.' })
  .int({ error: 'A vida útil deve ser um número inteiro de meses.' })
  .min(1, { error: 'A vida útil deve ser de 1 a 1200 meses.' })
  .max(1200, { error: 'A vida útil deve ser de 1 a 1200 meses.' });
/** The asset's own residual value in % (overrides its type's): 0–100, two decimals; returned as "10.00". */
export const patrimonioResidualPct = z
  .union([z.number(), z.string().trim()], { error: 'Informe um percentual válido.' })
  .transform((v) => String(v).replace(',', '.'))
  .refine((v) => /^-?\d{1,3}(\.\d{1,2})?$/.test(v), {
    error: 'O valor residual deve ser um percentual com no máximo 2 casas decimais.',
  })
  .refine((v) => Number(v) >= 0 && Number(v) <= 100, { error: 'O valor residual deve estar entre 0 e 100%.' });

const refId = (msg: string) => idNumber(msg);
const descricao = z
  .string({ error: 'A descrição do bem é obrigatória.' })
  .trim()
  .min(1, { error: 'A descrição do bem é obrigatória.' })
  .max(DESCRICAO_MAX, { error: `A descrição deve ter no máximo ${DESCRICAO_MAX.toLocaleString('pt-BR')} caracteres.` });
const quantidade = int4('A quantidade deve ser um número inteiro.')
  .min(1, { error: 'A quantidade deve ser de pelo menos 1.' })
  .max(PATRIMONIO_LIMITS.quantidadeMax, {
    error: `A quantidade deve ser de no máximo ${PATRIMONIO_LIMITS.quantidadeMax}.`,
  });
const status = z.enum(PATRIMONIO_STATUSES, { error: 'Status inválido.' });
const estado = z.enum(ESTADOS_CONSERVACAO, { error: 'Estado de conservação inválido.' });
const observacoes = z.string().max(5000, { error: 'As observações devem ter no máximo 5000 caracteres.' });
/** Values by field key; checked against the municipality's field definitions on the server. */
export const customFieldValues = z.record(
  z.string().max(50),
  z.union([z.string().max(5000), z.number(), z.boolean(), z.null()]),
  { error: 'Campos personalizados inválidos.' },
);
export type CustomFieldValues = z.infer<typeof customFieldValues>;

const editable = {
  descricao_bem: descricao,
  tipoId: refId('Selecione um tipo de bem.').nullable(),
  sectorId: refId('Selecione um setor.'),
  localId: refId('Local inválido.').nullable(),
  formaAquisicaoId: refId('Forma de aquisição inválida.').nullable(),
  valor_aquisicao: money,
  quantidade,
  data_aquisicao: acquisitionDate.nullable(),
  status,
  estado_conservacao: estado.nullable(),
  observacoes: observacoes.nullable(),
  customFields: customFieldValues,
  dataEntradaServico: patrimonioEntradaServico.nullable(),
  vidaUtilMeses: patrimonioVidaUtil.nullable(),
  residualPct: patrimonioResidualPct.nullable(),
  ...patrimonioStandardFields,
  dadosOrigem,
};

export const patrimonioCreateBody = z.strictObject({
  ...editable,
  tipoId: editable.tipoId.optional(),
  localId: editable.localId.optional(),
  formaAquisicaoId: editable.formaAquisicaoId.optional(),
  quantidade: quantidade.optional(),
  data_aquisicao: editable.data_aquisicao.optional(),
  status: status.optional(),
  estado_conservacao: editable.estado_conservacao.optional(),
  observacoes: editable.observacoes.optional(),
  customFields: customFieldValues.optional(),
  dataEntradaServico: editable.dataEntradaServico.optional(),
  vidaUtilMeses: editable.vidaUtilMeses.optional(),
  residualPct: editable.residualPct.optional(),
  ...(Object.fromEntries(Object.entries(patrimonioStandardFields).map(([k, s]) => [k, s.optional()])) as {
    [K in keyof typeof patrimonioStandardFields]: z.ZodOptional<(typeof patrimonioStandardFields)[K]>;
  }),
  dadosOrigem: dadosOrigem.optional(),
  /** Assigned by the server: sending one is refused (422). */
  numero_patrimonio: z.unknown().optional(),
  /** The spec's client sends a fixed municipality id: accepted and ignored. */
  municipalityId: z.unknown().optional(),
});
export type PatrimonioCreate = z.infer<typeof patrimonioCreateBody>;

export const patrimonioLoteBody = patrimonioCreateBody.extend({
  quantity: int4('Informe quantos bens criar.')
    .min(1, { error: 'Crie de 1 a 500 bens por lote.' })
    .max(PATRIMONIO_LIMITS.loteMax, { error: 'Crie de 1 a 500 bens por lote.' }),
});
export type PatrimonioLote = z.infer<typeof patrimonioLoteBody>;

const relationFields = Object.fromEntries(PATRIMONIO_RELATION_FIELDS.map((k) => [k, z.unknown().optional()])) as Record<
  (typeof PATRIMONIO_RELATION_FIELDS)[number],
  z.ZodOptional<z.ZodUnknown>
>;
export const patrimonioUpdateBody = z.strictObject({
  ...(Object.fromEntries(Object.entries(editable).map(([k, s]) => [k, s.optional()])) as {
    [K in keyof typeof editable]: z.ZodOptional<(typeof editable)[K]>;
  }),
  /** Required: an update with a stale version is refused with 409. */
  version,
  /** Accepted only when equal to the asset's own number (422 otherwise). */
  numero_patrimonio: z.string().optional(),
  municipalityId: z.unknown().optional(),
  ...relationFields,
});
export type PatrimonioUpdate = z.infer<typeof patrimonioUpdateBody>;

// ---- List -------------------------------------------------------------------------------------
export const PATRIMONIO_SORT_KEYS = [
  'numero_patrimonio',
  'descricao_bem',
  'tipo',
  'setor_responsavel',
  'local_objeto',
  'status',
  'valor_aquisicao',
  'quantidade',
  'data_aquisicao',
  'forma_aquisicao',
  'estado_conservacao',
  'createdAt',
  'updatedAt',
] as const;
export type PatrimonioSortKey = (typeof PATRIMONIO_SORT_KEYS)[number];

const optId = idFromText().optional();
const isoDay = z.string().refine(isCalendarDate, { error: 'Data inválida (use AAAA-MM-DD).' });
const moneyQuery = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Valor inválido (use 1234.56).' });

/** Query of GET /api/patrimonios (besides `cf.<key>=<value>` custom-field filters). */
export const patrimonioListQuery = z.strictObject({
  page: int4FromText('Página inválida.').min(1, { error: 'Página inválida.' }).default(1),
  pageSize: int4FromText().min(1).max(100, { error: 'No máximo 100 linhas por página.' }).default(25),
  q: z.string().trim().max(200).optional(),
  sectorId: optId,
  localId: optId,
  tipoId: optId,
  formaId: optId,
  /** One status or several separated by commas. */
  status: z
    .string()
    .trim()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const list = s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      for (const x of list)
        if (!(PATRIMONIO_STATUSES as readonly string[]).includes(x)) {
          ctx.addIssue({ code: 'custom', message: 'Status inválido.' });
          return z.NEVER;
        }
      return list as PatrimonioStatus[];
    }),
  estado: z.enum(ESTADOS_CONSERVACAO, { error: 'Estado de conservação inválido.' }).optional(),
  valorMin: moneyQuery.optional(),
  valorMax: moneyQuery.optional(),
  dataDe: isoDay.optional(),
  dataAte: isoDay.optional(),
  sort: z.enum(PATRIMONIO_SORT_KEYS, { error: 'Coluna de ordenação inválida.' }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: 'Ordem inválida (asc ou desc).' }).default('desc'),
});
export type PatrimonioListQuery = z.infer<typeof patrimonioListQuery>;
/** The filter part of a list query (what an export or a count needs). */
export type PatrimonioFilters = Partial<Omit<PatrimonioListQuery, 'page' | 'pageSize' | 'sort' | 'order'>> & {
  cf?: Record<string, string>;
};

/** The list's filters as a JSON body (export, labels, bulk edit): the list query without paging and order, plus `cf`. */
export const patrimonioFiltros = patrimonioListQuery
  .omit({ page: true, pageSize: true, sort: true, order: true })
  .extend({ cf: z.record(z.string().max(60), z.string().max(200)).optional() });

export const patrimonioSyncQuery = z.strictObject({
  after: int4FromText().min(0).default(0),
  limit: int4FromText()
    .min(1)
    .max(PATRIMONIO_LIMITS.syncMaxLimit, { error: 'No máximo 1000 por página.' })
    .default(PATRIMONIO_LIMITS.syncMaxLimit),
});

export const publicPatrimonioQuery = z.strictObject({
  municipio: z.string({ error: 'Município inválido.' }).trim().max(80, { error: 'Município inválido.' }).optional(),
  municipalityId: idFromText('Município inválido.').optional(),
  // Offset paging stops at page 400 (10,000 rows); past it, and for constant time anywhere, `after`.
  page: int4FromText('Página inválida.')
    .min(1, { error: 'Página inválida.' })
    .max(400, { error: 'Página inválida: a partir da página 400 use a paginação por cursor (after).' })
    .default(1),
  pageSize: int4FromText('Tamanho de página inválido.')
    .min(1, { error: 'Tamanho de página inválido.' })
    .max(100, { error: 'No máximo 100 por página.' })
    .default(25),
  q: z
    .string({ error: 'Busca inválida.' })
    .trim()
    .max(100, { error: 'A busca aceita no máximo 100 caracteres.' })
    .optional(),
  /** The `nextAfter` of the previous page (keyset paging): same time on page 1 and page 400. */
  after: z.string({ error: 'Cursor inválido.' }).max(400, { error: 'Cursor inválido.' }).optional(),
  sectorId: optId,
  tipoId: optId,
  status: z.enum(PATRIMONIO_STATUSES, { error: 'Status inválido.' }).optional(),
  /** Default: relevance when there is a search, else the number. */
  sort: z
    .enum(
      [
        'relevancia',
        'numero_patrimonio',
        'descricao_bem',
        'tipo',
        'setor_responsavel',
        'local_objeto',
        'status',
        'data_aquisicao',
      ] as const,
      { error: 'Ordenação inválida.' },
    )
    .optional(),
  order: z.enum(['asc', 'desc'], { error: 'Ordem inválida (asc ou desc).' }).default('asc'),
});
export const importModeQuery = z.strictObject({
  mode: z.enum(['dry-run', 'commit'], { error: 'Informe mode=dry-run ou mode=commit.' }).default('dry-run'),
});

// ---- Spreadsheet columns (export writes them, import reads them) ------------------------------
/** Columns of the XLSX/CSV export and import, in order; custom fields follow by their label. */
export const PATRIMONIO_SHEET_COLUMNS = [
  { key: 'numero_patrimonio', header: 'Nº Patrimônio', width: 18 },
  { key: 'descricao_bem', header: 'Descrição do Bem', width: 48 },
  { key: 'tipo', header: 'Tipo', width: 24 },
  { key: 'setor_responsavel', header: 'Setor', width: 28 },
  { key: 'local_objeto', header: 'Local', width: 28 },
  { key: 'status', header: 'Status', width: 16 },
  { key: 'valor_aquisicao', header: 'Valor de Aquisição', width: 18 },
  { key: 'quantidade', header: 'Quantidade', width: 12 },
  { key: 'data_aquisicao', header: 'Data de Aquisição', width: 16 },
  { key: 'forma_aquisicao', header: 'Forma de Aquisição', width: 22 },
  { key: 'estado_conservacao', header: 'Estado de Conservação', width: 20 },
  { key: 'observacoes', header: 'Observações', width: 40 },
] as const;
export type PatrimonioSheetKey = (typeof PATRIMONIO_SHEET_COLUMNS)[number]['key'];
