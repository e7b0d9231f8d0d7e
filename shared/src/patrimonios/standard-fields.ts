import { z } from 'zod';
import { formatCnpj, isValidCnpj } from '../superuser/schemas';

// The standard fields real registers carry beside Tombo's own (issue 35): brand, model, serial number,
// supplier, invoice, commitment, acquisition process, funding source, write-off date, and the
// 'dados de origem' an imported file's unmapped columns leave (docs/api.md, "Campos padrão do bem").

/** Longest description accepted: real GEAFIN rows have 1,028–1,488 characters. */
export const DESCRICAO_MAX = 4000;

/** Limits of the dados de origem: entries, and characters of a label and of a value. */
export const DADOS_ORIGEM_LIMITS = { maxItems: 100, rotuloMax: 200, valorMax: 4000 } as const;

const isCalendarDay = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

/** Optional text of at most `max` characters: trimmed, an empty one is null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}: informe um texto.` })
    .trim()
    .max(max, { error: `${label} deve ter no máximo ${max} caracteres.` })
    .transform((s) => s || null)
    .nullable();

/** A past day 'YYYY-MM-DD' (1900 up to tomorrow, for time zones); empty text is null. */
const pastDay = (label: string) =>
  z
    .string({ error: `${label} inválida.` })
    .trim()
    .transform((s) => s || null)
    .refine((s) => s === null || isCalendarDay(s), { error: `${label} inválida (use AAAA-MM-DD).` })
    .refine((s) => s === null || s >= '1900-01-01', { error: `${label} deve ser posterior a 1900.` })
    .refine((s) => s === null || s <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
      error: `${label} não pode ser futura.`,
    })
    .nullable();

export const FORNECEDOR_CNPJ_MSG = 'CNPJ do fornecedor inválido: confira os 14 dígitos e os dígitos verificadores.';

/**
 * The supplier's CNPJ with or without punctuation, kept as its digits; empty is null. Only its characters are
 * checked here (400): 14 digits with valid check digits is a rule of the value, answered 422 by the server
 * (`fornecedorCnpjProblem`), and checked by the form before sending.
 */
export const fornecedorCnpj = z
  .string({ error: FORNECEDOR_CNPJ_MSG })
  .trim()
  .refine((s) => s === '' || /^[\d./\s-]+$/.test(s), { error: FORNECEDOR_CNPJ_MSG })
  .transform((s) => s.replace(/\D/g, '') || null)
  .nullable();

/** Why a supplier's CNPJ (its digits) is refused, or null when it is empty or valid. */
export const fornecedorCnpjProblem = (digits: string | null | undefined): string | null =>
  !digits || isValidCnpj(digits) ? null : FORNECEDOR_CNPJ_MSG;

/** One label → text pair of an imported file's column that maps to no field. */
export const dadoOrigem = z.strictObject({
  rotulo: z
    .string({ error: 'Informe o rótulo do dado de origem.' })
    .trim()
    .min(1, { error: 'Informe o rótulo do dado de origem.' })
    .max(DADOS_ORIGEM_LIMITS.rotuloMax, {
      error: `O rótulo de um dado de origem deve ter no máximo ${DADOS_ORIGEM_LIMITS.rotuloMax} caracteres.`,
    }),
  valor: z.string({ error: 'O valor de um dado de origem deve ser um texto.' }).max(DADOS_ORIGEM_LIMITS.valorMax, {
    error: `O valor de um dado de origem deve ter no máximo ${DADOS_ORIGEM_LIMITS.valorMax} caracteres.`,
  }),
});
export type DadoOrigem = z.infer<typeof dadoOrigem>;

/** The dados de origem: an ordered list (the file's column order; a label may repeat). */
export const dadosOrigem = z
  .array(dadoOrigem, { error: 'Dados de origem inválidos: envie uma lista de { rotulo, valor }.' })
  .max(DADOS_ORIGEM_LIMITS.maxItems, {
    error: `No máximo ${DADOS_ORIGEM_LIMITS.maxItems} dados de origem por bem.`,
  });

/** Request schemas of the standard fields (each optional in a create, nullable to clear it). */
export const patrimonioStandardFields = {
  marca: optionalText('A marca', 200),
  modelo: optionalText('O modelo', 200),
  numeroSerie: optionalText('O número de série', 200),
  fornecedorNome: optionalText('O nome do fornecedor', 300),
  fornecedorCnpj,
  notaFiscalNumero: optionalText('O número da nota fiscal', 60),
  notaFiscalData: pastDay('Data da nota fiscal'),
  empenho: optionalText('O empenho', 60),
  processoAquisicao: optionalText('O processo de aquisição', 100),
  fonteRecurso: optionalText('A fonte de recurso', 200),
  dataBaixa: pastDay('Data de baixa'),
};
export type PatrimonioStandardKey = keyof typeof patrimonioStandardFields;
/** The standard fields' keys, in the form's order. */
export const PATRIMONIO_STANDARD_KEYS = Object.keys(patrimonioStandardFields) as PatrimonioStandardKey[];

/** How an importable field's cell is read: text, money, a date, a CNPJ, a count, a fixed value. */
export type PatrimonioFieldKind = 'text' | 'longText' | 'money' | 'date' | 'cnpj' | 'integer' | 'enum' | 'reference';

export interface PatrimonioImportableField {
  /** The API field of POST /api/patrimonios. */
  key: string;
  /** pt-BR label (form, view, export header). */
  label: string;
  kind: PatrimonioFieldKind;
  /** Most characters a text field takes. */
  max?: number;
}

/** The standard fields' labels (form, view, export headers, history, activity log). */
export const PATRIMONIO_STANDARD_LABELS: Record<PatrimonioStandardKey | 'dadosOrigem', string> = {
  marca: 'Marca',
  modelo: 'Modelo',
  numeroSerie: 'Número de série',
  fornecedorNome: 'Fornecedor',
  fornecedorCnpj: 'CNPJ do fornecedor',
  notaFiscalNumero: 'Nota fiscal',
  notaFiscalData: 'Data da nota fiscal',
  empenho: 'Empenho',
  processoAquisicao: 'Processo de aquisição',
  fonteRecurso: 'Fonte de recurso',
  dataBaixa: 'Data de baixa',
  dadosOrigem: 'Dados de origem',
};

/**
 * Every field of an asset a file column may fill, for the import area (modules/importacao) to map
 * columns to: the register's own fields, then the standard ones. A column mapped to none goes into
 * `dadosOrigem` as `{ rotulo: <header>, valor: <cell as text> }`.
 */
export const PATRIMONIO_IMPORTABLE_FIELDS: readonly PatrimonioImportableField[] = [
  { key: 'descricao_bem', label: 'Descrição do Bem', kind: 'longText', max: DESCRICAO_MAX },
  { key: 'tipo', label: 'Tipo', kind: 'reference' },
  { key: 'setor_responsavel', label: 'Setor', kind: 'reference' },
  { key: 'local_objeto', label: 'Local', kind: 'reference' },
  { key: 'status', label: 'Status', kind: 'enum' },
  { key: 'valor_aquisicao', label: 'Valor de Aquisição', kind: 'money' },
  { key: 'quantidade', label: 'Quantidade', kind: 'integer' },
  { key: 'data_aquisicao', label: 'Data de Aquisição', kind: 'date' },
  { key: 'forma_aquisicao', label: 'Forma de Aquisição', kind: 'reference' },
  { key: 'estado_conservacao', label: 'Estado de Conservação', kind: 'enum' },
  { key: 'observacoes', label: 'Observações', kind: 'longText', max: 5000 },
  { key: 'marca', label: 'Marca', kind: 'text', max: 200 },
  { key: 'modelo', label: 'Modelo', kind: 'text', max: 200 },
  { key: 'numeroSerie', label: 'Número de série', kind: 'text', max: 200 },
  { key: 'fornecedorNome', label: 'Fornecedor', kind: 'text', max: 300 },
  { key: 'fornecedorCnpj', label: 'CNPJ do fornecedor', kind: 'cnpj' },
  { key: 'notaFiscalNumero', label: 'Nota fiscal', kind: 'text', max: 60 },
  { key: 'notaFiscalData', label: 'Data da nota fiscal', kind: 'date' },
  { key: 'empenho', label: 'Empenho', kind: 'text', max: 60 },
  { key: 'processoAquisicao', label: 'Processo de aquisição', kind: 'text', max: 100 },
  { key: 'fonteRecurso', label: 'Fonte de recurso', kind: 'text', max: 200 },
  { key: 'dataBaixa', label: 'Data de baixa', kind: 'date' },
];

/** A stored CNPJ (14 digits) as 12.345.678/0001-95; anything else as it is. */
export const cnpjText = (digits: string | null | undefined): string => (digits ? formatCnpj(digits) : '');

/** The dados de origem as one text ("Rótulo: valor; …"), for a spreadsheet cell. */
export const dadosOrigemText = (list: readonly DadoOrigem[] | null | undefined): string =>
  (list ?? []).map((d) => `${d.rotulo}: ${d.valor}`).join('; ');

/**
 * The spreadsheet columns of the standard fields and the dados de origem (exports, after the register's own
 * columns of PATRIMONIO_SHEET_COLUMNS): dates as dates, the CNPJ formatted, the dados de origem as one text.
 */
export const PATRIMONIO_STANDARD_SHEET_COLUMNS: ReadonlyArray<{
  key: PatrimonioStandardKey | 'dadosOrigem';
  header: string;
  width: number;
  kind: 'text' | 'date';
}> = [
  ...PATRIMONIO_STANDARD_KEYS.map((key) => ({
    key,
    header: PATRIMONIO_STANDARD_LABELS[key],
    width: key === 'fornecedorNome' || key === 'fonteRecurso' ? 28 : 18,
    kind: key === 'notaFiscalData' || key === 'dataBaixa' ? ('date' as const) : ('text' as const),
  })),
  { key: 'dadosOrigem', header: PATRIMONIO_STANDARD_LABELS.dadosOrigem, width: 60, kind: 'text' },
];

const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/**
 * The standard columns of a sheet whose custom fields have `customLabels`: a municipality that made a custom
 * field "Marca" before Tombo had one keeps that header (its templates and imports read it), and the standard
 * column becomes "Marca (campo padrão)", so no two columns of a file share a header.
 */
export function standardSheetColumns(customLabels: readonly string[]) {
  const taken = new Set(customLabels.map(folded));
  return PATRIMONIO_STANDARD_SHEET_COLUMNS.map((c) =>
    taken.has(folded(c.header)) ? { ...c, header: `${c.header} (campo padrão)` } : { ...c },
  );
}
