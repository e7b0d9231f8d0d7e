import { z } from 'zod';
import { idFromText, idNumber, int4, int4FromText, version } from './common';

// ---- Value sets ------------------------------------------------------------------------------
/** Asset status (spec §3/§4 name 'extraviado' and 'baixado'; the rest is ours). */
export const PATRIMONIO_STATUSES = ['ativo', 'em_uso', 'em_manutencao', 'ocioso', 'extraviado', 'baixado'] as const;
export type PatrimonioStatus = (typeof PATRIMONIO_STATUSES)[number];
export const PATRIMONIO_STATUS_LABELS: Record<PatrimonioStatus, string> = {
  ativo: 'Ativo',
  em_uso: 'Em uso',
  em_manutencao: 'Em manutenção',
  ocioso: 'Ocioso',
  extraviado: 'Extraviado',
  baixado: 'Baixado',
};
export const ESTADOS_CONSERVACAO = ['novo', 'bom', 'regular', 'ruim', 'inservivel'] as const;
export type EstadoConservacao = (typeof ESTADOS_CONSERVACAO)[number];
export const ESTADO_CONSERVACAO_LABELS: Record<EstadoConservacao, string> = {
  novo: 'Novo',
  bom: 'Bom',
  regular: 'Regular',
  ruim: 'Ruim',
  inservivel: 'Inservível',
};

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

const refId = (msg: string) => idNumber(msg);
const descricao = z
  .string({ error: 'A descrição do bem é obrigatória.' })
  .trim()
  .min(1, { error: 'A descrição do bem é obrigatória.' })
  .max(1000, { error: 'A descrição deve ter no máximo 1000 caracteres.' });
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

export const patrimonioSyncQuery = z.strictObject({
  after: int4FromText().min(0).default(0),
  limit: int4FromText()
    .min(1)
    .max(PATRIMONIO_LIMITS.syncMaxLimit, { error: 'No máximo 1000 por página.' })
    .default(PATRIMONIO_LIMITS.syncMaxLimit),
});

export const publicPatrimonioQuery = z.strictObject({
  municipio: z.string().trim().max(80).optional(),
  municipalityId: idFromText('Município inválido.').optional(),
  page: int4FromText('Página inválida.').min(1).default(1),
  pageSize: int4FromText().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
  sectorId: optId,
  tipoId: optId,
  status: z.enum(PATRIMONIO_STATUSES, { error: 'Status inválido.' }).optional(),
  sort: z
    .enum([
      'numero_patrimonio',
      'descricao_bem',
      'tipo',
      'setor_responsavel',
      'local_objeto',
      'status',
      'data_aquisicao',
    ] as const)
    .default('numero_patrimonio'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export const importModeQuery = z.strictObject({
  mode: z.enum(['dry-run', 'commit'], { error: 'Informe mode=dry-run ou mode=commit.' }).default('dry-run'),
});

// ---- Shapes returned by the API ---------------------------------------------------------------
export interface HistoricoEntry {
  id: number;
  /** ISO date-time */
  date: string;
  action: string;
  details: string;
  /** Name of the person who did it. */
  user: string | null;
}
export interface PatrimonioArquivo {
  id: string;
  kind: 'foto' | 'documento';
  fileName: string;
  mimeType: string;
  size: number;
  /** GET it with the Authorization header (served only to the municipality's users). */
  url: string;
  createdAt: string;
  uploadedBy: string | null;
}

/** A row of the list (what the grid shows). */
export interface PatrimonioListItem {
  id: number;
  numero_patrimonio: string;
  descricao_bem: string;
  tipoId: number | null;
  tipo: string | null;
  sectorId: number;
  setor_responsavel: string;
  localId: number | null;
  local_objeto: string | null;
  formaAquisicaoId: number | null;
  forma_aquisicao: string | null;
  /** "1234.50" */
  valor_aquisicao: string;
  quantidade: number;
  /** 'YYYY-MM-DD' */
  data_aquisicao: string | null;
  status: PatrimonioStatus;
  estado_conservacao: EstadoConservacao | null;
  doado: boolean;
  transferencia_pendente: boolean;
  customFields: CustomFieldValues;
  createdAt: string;
  updatedAt: string;
  version: number;
}
/** The whole record (GET /:id, POST, PUT). */
export interface Patrimonio extends PatrimonioListItem {
  municipalityId: number;
  observacoes: string | null;
  fotos: PatrimonioArquivo[];
  documentos: PatrimonioArquivo[];
  /** Newest first. */
  historico_movimentacao: HistoricoEntry[];
  createdBy: string | null;
}
export interface PatrimonioList {
  patrimonios: PatrimonioListItem[];
  total: number;
  page: number;
  pageSize: number;
}
export interface PatrimonioSync {
  patrimonios: PatrimonioListItem[];
  nextAfter: number | null;
}
export type PatrimonioDeleteResult =
  { deleted: true; writtenOff: false; id: number } | { deleted: false; writtenOff: true; patrimonio: Patrimonio };

/** Public consultation: public fields only. */
export interface PublicPatrimonio {
  numero_patrimonio: string;
  descricao_bem: string;
  tipo: string | null;
  setor_responsavel: string;
  local_objeto: string | null;
  status: PatrimonioStatus;
  data_aquisicao: string | null;
  municipio: string;
}
export interface PublicPatrimonioList {
  patrimonios: PublicPatrimonio[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ImportError {
  line: number;
  field: string;
  message: string;
}
export interface ImportReport {
  mode: 'dry-run' | 'commit';
  total: number;
  valid: number;
  /** Rows created (commit only; 0 in a dry run). */
  created: number;
  errors: ImportError[];
  /** First and last numbers assigned (commit). */
  numeros?: { first: string; last: string } | null;
}

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

// ---- Texts ------------------------------------------------------------------------------------
export const PATRIMONIO_MSG = {
  loadFailed: 'Falha ao carregar patrimônios.',
  created: 'Bem cadastrado com sucesso.',
  createdLote: (n: number) => `${n} bens cadastrados com sucesso.`,
  updated: 'Bem atualizado com sucesso.',
  deleted: 'Bem excluído com sucesso.',
  writtenOff: 'O bem possui movimentações e não pode ser excluído; ele foi baixado (status "Baixado").',
  confirmDelete: 'Excluir este bem? Se ele tiver movimentações, será baixado em vez de excluído.',
  alreadyWrittenOff: 'Este bem já está baixado.',
  notFound: 'Bem não encontrado.',
  numeroReadOnly: 'O número de patrimônio é atribuído pelo sistema e não pode ser informado ou alterado.',
  sectorNotFound: 'Setor não encontrado.',
  localNotFound: 'Local não encontrado.',
  localOtherSector: 'O local escolhido não pertence ao setor selecionado.',
  tipoNotFound: 'Tipo de bem não encontrado.',
  formaNotFound: 'Forma de aquisição não encontrada.',
  notYourSector: 'Você só pode cadastrar ou mover bens para os seus setores.',
  tipoRequired: 'Selecione um tipo de bem.',
  customUnknown: 'Campo personalizado desconhecido.',
  customRequired: (label: string) => `${label} é obrigatório.`,
  customType: (label: string) => `Valor inválido para ${label}.`,
  customOption: (label: string) => `Escolha uma das opções de ${label}.`,
  stale: 'Este bem foi alterado por outra pessoa. Recarregue para ver a versão atual antes de salvar.',
  fotoAdded: 'Foto enviada com sucesso.',
  fotoRemoved: 'Foto excluída com sucesso.',
  documentoAdded: 'Documento enviado com sucesso.',
  documentoRemoved: 'Documento excluído com sucesso.',
  fileMissing: 'Envie um arquivo no campo "file".',
  fotoTooLarge: 'A foto é muito grande (máximo 10 MB).',
  documentoTooLarge: 'O documento é muito grande (máximo 20 MB).',
  importTooLarge: 'A planilha é muito grande (máximo 20 MB).',
  notAnImage: 'O arquivo enviado não é uma imagem (JPEG, PNG, WebP, GIF, AVIF ou TIFF).',
  badImage: 'Não foi possível ler a imagem; o arquivo parece corrompido.',
  badDocument: 'Tipo de documento não permitido. Envie PDF, DOC, DOCX, XLS, XLSX, ODT, ODS, PPT, PPTX ou ODP.',
  typeMismatch: 'O conteúdo do arquivo não corresponde à sua extensão.',
  tooManyFotos: 'Este bem já tem o máximo de 10 fotos.',
  tooManyDocumentos: 'Este bem já tem o máximo de 20 documentos.',
  fileNotFound: 'Arquivo não encontrado.',
  importBadFile: 'Não foi possível ler a planilha. Envie um arquivo XLSX ou CSV exportado pelo Tombo.',
  importNoRows: 'A planilha não tem linhas de dados.',
  importTooManyRows: 'A planilha tem linhas demais (máximo 10.000 por importação).',
  importMissingColumn: (h: string) => `Coluna obrigatória ausente: "${h}".`,
  importDone: (n: number) => `${n} bens importados com sucesso.`,
  publicDisabled: 'A consulta pública está desativada para este município.',
  publicMunicipality: 'Informe o município (?municipio=<identificador>).',
  municipalityNotFound: 'Município não encontrado.',
} as const;

/** History actions written by the server. */
export const HISTORICO_ACTIONS = {
  created: 'Cadastro',
  updated: 'Alteração',
  moved: 'Movimentação',
  status: 'Alteração de status',
  fotoAdded: 'Foto adicionada',
  fotoRemoved: 'Foto removida',
  documentoAdded: 'Documento adicionado',
  documentoRemoved: 'Documento removido',
  writtenOff: 'Baixa',
} as const;
