import { z } from 'zod';
import { ESTADOS_CONSERVACAO, PATRIMONIO_STATUSES } from '../patrimonios/schemas';

/**
 * Bringing an existing register in (issue 12): another system's CSV/XLSX export, its columns mapped
 * to Tombo's fields, its catalog values mapped to existing rows or created, its numbers kept.
 */

/** Tombo fields a column of the file can fill (numero — unless numbers are generated —, descricao and setor are required). */
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

/**
 * True: the file has no number column; the commit issues each asset's number from its sector's
 * numbering sequence (as a new asset gets one). False: the mapped column's numbers are kept.
 */
const generateNumbers = z.boolean({ error: 'Valor inválido.' }).default(false);

/**
 * Re-import: rows whose number is already in the register update that asset (by this key) instead of
 * being refused. Only 'numero' today; a 'numeroAntigo' key joins the enum when the asset has that field.
 */
export const IMPORTACAO_UPDATE_KEYS = ['numero'] as const;
const atualizar = z.enum(IMPORTACAO_UPDATE_KEYS, { error: 'Chave de atualização inválida.' }).nullable().default(null);

/** POST /api/importacoes/:id/analise */
export const importacaoAnaliseBody = z.strictObject({
  mapping: importacaoMapping,
  /** Whether the file's first row names the columns (the e-Cidade file has none). */
  hasHeader: z.boolean({ error: 'Valor inválido.' }).default(true),
  generateNumbers,
  atualizar,
});
export type ImportacaoAnaliseBody = z.input<typeof importacaoAnaliseBody>;

/**
 * What to do with one distinct value of a catalog column: an existing row's id, or 'criar' (under the
 * value itself, or under `nome`: a sector code such as "1773" becomes a named sector).
 */
export const catalogChoice = z.union([
  z.strictObject({ id: z.int({ error: 'Escolha um valor.' }).positive({ error: 'Escolha um valor.' }) }),
  z.strictObject({
    criar: z.literal(true),
    nome: z
      .string({ error: 'Nome inválido.' })
      .trim()
      .min(1, { error: 'Informe o nome.' })
      .max(100, { error: 'O nome tem mais de 100 caracteres.' })
      .optional(),
  }),
]);

/** A value that reads as a code, not a name ("1773", "02.01"): never created as a sector under that text. */
export const looksLikeCode = (v: string) => /^[\d.\-/ ]+$/.test(v.trim()) && /\d/.test(v);
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

const catalogId = z
  .int({ error: 'Escolha um valor.' })
  .positive({ error: 'Escolha um valor.' })
  .nullable()
  .default(null);

/**
 * What a row gets where the file has no value (or no column) for a field: an existing catalog row,
 * a status, a conservation state. Null: nothing (as today).
 */
export const importacaoDefaults = z
  .strictObject({
    tipo: catalogId,
    /** Applied only to rows whose sector is this place's sector. */
    local: catalogId,
    forma: catalogId,
    status: z.enum(IMPORTACAO_STATUS_CHOICES, { error: 'Status inválido.' }).nullable().default(null),
    estado: z.enum(ESTADOS_CONSERVACAO, { error: 'Estado inválido.' }).nullable().default(null),
  })
  .default({ tipo: null, local: null, forma: null, status: null, estado: null });
export type ImportacaoDefaults = z.output<typeof importacaoDefaults>;

/** POST /api/importacoes/:id/confirmar: the analysed mapping and a choice for every distinct value. */
export const importacaoConfirmarBody = z.strictObject({
  mapping: importacaoMapping,
  hasHeader: z.boolean({ error: 'Valor inválido.' }).default(true),
  generateNumbers,
  atualizar,
  /**
   * 'manter': a file with bad rows imports its good rows now and keeps the bad ones as pending rows
   * (GET/PUT /importacoes/:id/pendentes). Absent: a file with any bad row is refused (all or nothing).
   */
  pendentes: z.literal('manter', { error: 'Valor inválido.' }).optional(),
  defaults: importacaoDefaults,
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

/** One pending row's values, by field ('custom.<key>' for a custom field): the file's texts, or the corrections. */
const pendingValues = z
  .record(z.string().max(60, { error: 'Campo inválido.' }), z.string().max(10_000, { error: 'Valor longo demais.' }))
  .refine((v) => Object.keys(v).length <= 150, { error: 'Campos demais.' });

/** PUT /api/importacoes/:id/pendentes: corrected values of some pending rows (by line), at the list's version. */
export const importacaoPendentesBody = z.strictObject({
  version: z.int({ error: 'Versão inválida.' }).min(0, { error: 'Versão inválida.' }),
  linhas: z
    .array(
      z.strictObject({
        line: z.int({ error: 'Linha inválida.' }).positive({ error: 'Linha inválida.' }),
        values: pendingValues,
      }),
      { error: 'Envie as linhas corrigidas.' },
    )
    .min(1, { error: 'Envie ao menos uma linha.' })
    .max(1000, { error: 'No máximo 1.000 linhas por vez.' }),
});
export type ImportacaoPendentesBody = z.infer<typeof importacaoPendentesBody>;

/** POST /api/importacoes/:id/pendentes/confirmar: commit the pending rows now valid, at the list's version. */
export const importacaoPendentesConfirmarBody = z.strictObject({
  version: z.int({ error: 'Versão inválida.' }).min(0, { error: 'Versão inválida.' }),
});
