import { z } from 'zod';
import { ESTADOS_CONSERVACAO, PATRIMONIO_STATUSES } from '../patrimonios/schemas';

/**
 * Bringing an existing register in (issue 12): another system's CSV/XLSX export, its columns mapped
 * to Tombo's fields, its catalog values mapped to existing rows or created, its numbers kept.
 */

/** Tombo fields a column of the file can fill (numero, descricao and setor are required). */
export const IMPORTACAO_FIELDS = [
  'numero',
  'descricao',
  'valor',
  'data',
  'setor',
  'local',
  'tipo',
  'forma',
  'estado',
  'status',
  'quantidade',
  'observacoes',
] as const;
export type ImportacaoField = (typeof IMPORTACAO_FIELDS)[number];
export const IMPORTACAO_REQUIRED: readonly ImportacaoField[] = ['numero', 'descricao', 'setor'];

/** Fields whose distinct values the admin maps to an existing row (or creates): the catalogs. */
export const IMPORTACAO_CATALOGS = ['setor', 'local', 'tipo', 'forma'] as const;
export type ImportacaoCatalog = (typeof IMPORTACAO_CATALOGS)[number];
/** Fields whose distinct values the admin maps to one of Tombo's fixed values. */
export const IMPORTACAO_ENUMS = ['status', 'estado'] as const;
export type ImportacaoEnum = (typeof IMPORTACAO_ENUMS)[number];

export const IMPORTACAO_LIMITS = {
  /** Bytes of an uploaded register (a 100,000-row export with long descriptions fits). */
  maxBytes: 200 * 1024 * 1024,
  maxRows: 200_000,
  previewRows: 10,
  /** Distinct values of one catalog column the wizard maps (beyond: the column is refused). */
  maxDistinct: 5_000,
  /** Errors the analysis answers inline; all of them are in the downloadable CSV. */
  inlineErrors: 500,
  maxColumns: 300,
  /** Days an upload's files are kept after it finished or was abandoned (then its status is 'expirada'). */
  fileRetentionDays: 7,
} as const;

const column = z
  .int({ error: 'Coluna inválida.' })
  .min(0, { error: 'Coluna inválida.' })
  .max(IMPORTACAO_LIMITS.maxColumns - 1, { error: 'Coluna inválida.' })
  .nullable();

/** A custom asset form field's key (spec §3 Field definition; the municipality's or installation-wide). */
const customKey = z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, { error: 'Campo personalizado inválido.' });

/**
 * Which column (0-based index) fills each field; null = not in the file. `custom`: the columns of
 * custom form fields (asset_form_fields of the municipality, or installation-wide), by field key.
 */
export const importacaoMapping = z.strictObject({
  ...(Object.fromEntries(IMPORTACAO_FIELDS.map((f) => [f, column.default(null)])) as Record<
    ImportacaoField,
    z.ZodDefault<typeof column>
  >),
  custom: z
    .record(customKey, column.unwrap())
    .refine((m) => Object.keys(m).length <= 100, { error: 'No máximo 100 campos personalizados.' })
    .default({}),
});
export type ImportacaoMapping = z.output<typeof importacaoMapping>;

export const importacaoIdParam = z.strictObject({ id: z.uuid({ error: 'Identificador inválido.' }) });

/** POST /api/importacoes/:id/analise */
export const importacaoAnaliseBody = z.strictObject({
  mapping: importacaoMapping,
  /** Whether the file's first row names the columns (the e-Cidade file has none). */
  hasHeader: z.boolean({ error: 'Valor inválido.' }).default(true),
});
export type ImportacaoAnaliseBody = z.input<typeof importacaoAnaliseBody>;

/** What to do with one distinct value of a catalog column: an existing row's id, or 'criar'. */
export const catalogChoice = z.union([
  z.strictObject({ id: z.int({ error: 'Escolha um valor.' }).positive({ error: 'Escolha um valor.' }) }),
  z.strictObject({ criar: z.literal(true) }),
]);
export type CatalogChoice = z.infer<typeof catalogChoice>;

/**
 * What a status value of the file may become: one of Tombo's statuses, or 'doado' — written off by a
 * donation, as an approved donation leaves an asset in the register: status 'baixado' and `doado` true.
 */
export const IMPORTACAO_STATUS_CHOICES = [...PATRIMONIO_STATUSES, 'doado'] as const;
export type ImportacaoStatusChoice = (typeof IMPORTACAO_STATUS_CHOICES)[number];
export const IMPORTACAO_STATUS_LABELS = { doado: 'Doado (baixado por doação)' } as const;

const valueKey = z.string().max(500, { error: 'Valor longo demais.' });
const catalogMap = z.record(valueKey, catalogChoice).default({});

/** POST /api/importacoes/:id/confirmar: the analysed mapping and a choice for every distinct value. */
export const importacaoConfirmarBody = z.strictObject({
  mapping: importacaoMapping,
  hasHeader: z.boolean({ error: 'Valor inválido.' }).default(true),
  valueMapping: z
    .strictObject({
      setor: catalogMap,
      local: catalogMap,
      tipo: catalogMap,
      forma: catalogMap,
      status: z.record(valueKey, z.enum(IMPORTACAO_STATUS_CHOICES, { error: 'Status inválido.' })).default({}),
      // null: the asset gets no conservation state ('N/A', 'Não informado').
      estado: z.record(valueKey, z.enum(ESTADOS_CONSERVACAO, { error: 'Estado inválido.' }).nullable()).default({}),
    })
    .default({ setor: {}, local: {}, tipo: {}, forma: {}, status: {}, estado: {} }),
});
export type ImportacaoConfirmarBody = z.input<typeof importacaoConfirmarBody>;
export type ImportacaoValueMapping = z.output<typeof importacaoConfirmarBody>['valueMapping'];

/** A local's distinct value is the pair (sector value, local value), written as one key. */
export const localKey = (setor: string, local: string) => `${setor}\u001f${local}`;
/** The two parts of a local key. */
export const splitLocalKey = (key: string): [string, string] => {
  const i = key.indexOf('\u001f');
  return i < 0 ? ['', key] : [key.slice(0, i), key.slice(i + 1)];
};
