import { z } from 'zod';
import { idNumber, trimmed, version } from '../common';

/** Sections of a record sheet: the asset's fields are grouped in these blocks. */
export const FICHA_SECTIONS = ['identificacao', 'aquisicao', 'localizacao'] as const;
export type FichaSection = (typeof FICHA_SECTIONS)[number];

/** The asset fields a record sheet may show, each in its section, with the printed label. */
export const FICHA_FIELDS = {
  numero_patrimonio: { label: 'Nº Patrimônio', section: 'identificacao' },
  descricao_bem: { label: 'Descrição', section: 'identificacao' },
  tipo: { label: 'Tipo', section: 'identificacao' },
  status: { label: 'Status', section: 'identificacao' },
  estado_conservacao: { label: 'Estado de conservação', section: 'identificacao' },
  quantidade: { label: 'Quantidade', section: 'identificacao' },
  observacoes: { label: 'Observações', section: 'identificacao' },
  marca: { label: 'Marca', section: 'identificacao' },
  modelo: { label: 'Modelo', section: 'identificacao' },
  numeroSerie: { label: 'Número de série', section: 'identificacao' },
  dataBaixa: { label: 'Data de baixa', section: 'identificacao' },
  forma_aquisicao: { label: 'Forma de aquisição', section: 'aquisicao' },
  data_aquisicao: { label: 'Data de aquisição', section: 'aquisicao' },
  valor_aquisicao: { label: 'Valor de aquisição', section: 'aquisicao' },
  fornecedorNome: { label: 'Fornecedor', section: 'aquisicao' },
  fornecedorCnpj: { label: 'CNPJ do fornecedor', section: 'aquisicao' },
  notaFiscalNumero: { label: 'Nota fiscal', section: 'aquisicao' },
  notaFiscalData: { label: 'Data da nota fiscal', section: 'aquisicao' },
  empenho: { label: 'Empenho', section: 'aquisicao' },
  processoAquisicao: { label: 'Processo de aquisição', section: 'aquisicao' },
  fonteRecurso: { label: 'Fonte de recurso', section: 'aquisicao' },
  setor_responsavel: { label: 'Setor responsável', section: 'localizacao' },
  local_objeto: { label: 'Local', section: 'localizacao' },
} as const satisfies Record<string, { label: string; section: FichaSection }>;
export type FichaField = keyof typeof FICHA_FIELDS;
export const FICHA_FIELD_KEYS = Object.keys(FICHA_FIELDS) as [FichaField, ...FichaField[]];

export const FICHA_SECTION_LABELS: Record<FichaSection, string> = {
  identificacao: 'Identificação',
  aquisicao: 'Aquisição',
  localizacao: 'Localização',
};

export const FICHA_LIMITS = { signaturesMax: 4, signatureMax: 80, historyMax: 50, patrimoniosMax: 500 } as const;

const field = z.enum(FICHA_FIELD_KEYS, { error: 'Campo desconhecido.' });

/** What a record-sheet template holds (POST body; PUT adds `version`). */
export const fichaTemplateBody = z.strictObject({
  name: trimmed('Nome', 120),
  isDefault: z.boolean({ error: 'Valor inválido.' }).default(false),
  fields: z
    .array(field, { error: 'Campos inválidos.' })
    .min(1, { error: 'Escolha ao menos um campo.' })
    .max(FICHA_FIELD_KEYS.length, { error: 'Campos repetidos.' })
    .refine((a) => new Set(a).size === a.length, { error: 'Campos repetidos.' }),
  showCustomFields: z.boolean({ error: 'Valor inválido.' }).default(true),
  showPhoto: z.boolean({ error: 'Valor inválido.' }).default(true),
  showQr: z.boolean({ error: 'Valor inválido.' }).default(true),
  showHistory: z.boolean({ error: 'Valor inválido.' }).default(true),
  historyLimit: z
    .number({ error: 'Número inválido.' })
    .int({ error: 'Número inválido.' })
    .min(1, { error: 'Mínimo 1.' })
    .max(FICHA_LIMITS.historyMax, { error: `Máximo ${FICHA_LIMITS.historyMax}.` })
    .default(10),
  signatures: z
    .array(trimmed('Assinatura', FICHA_LIMITS.signatureMax), { error: 'Assinaturas inválidas.' })
    .max(FICHA_LIMITS.signaturesMax, { error: `No máximo ${FICHA_LIMITS.signaturesMax} assinaturas.` })
    .default([]),
});
export type FichaTemplateInput = z.input<typeof fichaTemplateBody>;
export type FichaTemplateBody = z.output<typeof fichaTemplateBody>;
export const fichaTemplateUpdateBody = fichaTemplateBody.extend({ version });
export type FichaTemplateUpdate = z.output<typeof fichaTemplateUpdateBody>;

/** POST /api/fichas: one asset or several (one page each), with a template or the default one. */
export const fichaGenerateBody = z
  .strictObject({
    templateId: idNumber().optional(),
    patrimonioId: idNumber().optional(),
    patrimonioIds: z
      .array(idNumber(), { error: 'Bens inválidos.' })
      .min(1, { error: 'Escolha ao menos um bem.' })
      .max(FICHA_LIMITS.patrimoniosMax, { error: `No máximo ${FICHA_LIMITS.patrimoniosMax} bens por vez.` })
      .optional(),
  })
  .refine((b) => (b.patrimonioId == null) !== (b.patrimonioIds == null), {
    error: 'Informe o bem (patrimonioId) ou a lista de bens (patrimonioIds).',
    path: ['patrimonioId'],
  });
export type FichaGenerateBody = z.output<typeof fichaGenerateBody>;
