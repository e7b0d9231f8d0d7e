import { z } from 'zod';
import { idNumber, trimmed, version } from '../common';
import { exportPatrimoniosBody } from '../jobs';
import { ETIQUETA_MSG } from './messages';

/** Kinds of element on a label (spec §3 LOGO | PATRIMONIO_FIELD, plus free text, QR and Code 128). */
export const LABEL_ELEMENT_TYPES = ['LOGO', 'PATRIMONIO_FIELD', 'TEXT', 'QRCODE', 'BARCODE'] as const;
export type LabelElementType = (typeof LABEL_ELEMENT_TYPES)[number];

/** Asset fields a PATRIMONIO_FIELD may print (custom form fields as `cf:<key>`). */
export const LABEL_FIELDS = {
  numero_patrimonio: 'Nº Patrimônio',
  descricao: 'Descrição',
  tipo: 'Tipo',
  setor: 'Setor',
  local: 'Local',
  status: 'Status',
  estado_conservacao: 'Estado de conservação',
  valor_aquisicao: 'Valor de aquisição',
  data_aquisicao: 'Data de aquisição',
  forma_aquisicao: 'Forma de aquisição',
  quantidade: 'Quantidade',
  observacoes: 'Observações',
  marca: 'Marca',
  modelo: 'Modelo',
  numero_serie: 'Número de série',
  municipio: 'Município',
} as const;
export type LabelFieldKey = keyof typeof LABEL_FIELDS;
/** A custom form field of the asset (marca, modelo, número de série… as the municipality defines them). */
export const CUSTOM_FIELD_RE = /^cf:[a-z0-9_]{1,60}$/;
/** Whether `key` is a field a PATRIMONIO_FIELD may print. */
export const isLabelField = (key: string): boolean => key in LABEL_FIELDS || CUSTOM_FIELD_RE.test(key);

/** Largest label / element side, in mm (a thermal roll up to 300 mm). */
export const LABEL_MAX_MM = 300;
const mm = (what: string) =>
  z
    .number({ error: `${what} deve ser um número (mm).` })
    .finite({ error: `${what} deve ser um número (mm).` })
    .max(LABEL_MAX_MM, { error: `${what} deve ser no máximo ${LABEL_MAX_MM} mm.` });
const size = (what: string) => mm(what).positive({ error: `${what} deve ser maior que zero.` });
const pos = (what: string) => mm(what).nonnegative({ error: `${what} não pode ser negativa.` });

export const labelElement = z.strictObject({
  id: z.string({ error: 'Identificador inválido.' }).trim().min(1).max(40, { error: 'Identificador inválido.' }),
  type: z.enum(LABEL_ELEMENT_TYPES, { error: 'Tipo de elemento inválido.' }),
  x: pos('A posição X'),
  y: pos('A posição Y'),
  width: size('A largura'),
  height: size('A altura'),
  /** PATRIMONIO_FIELD: the field key; TEXT: the text; QRCODE/BARCODE/LOGO: unused. */
  content: z.string({ error: 'Conteúdo inválido.' }).max(500, { error: 'No máximo 500 caracteres.' }).default(''),
  fontSize: z
    .number({ error: 'Tamanho da fonte inválido.' })
    .min(4, { error: 'A fonte deve ter entre 4 e 96 pt.' })
    .max(96, { error: 'A fonte deve ter entre 4 e 96 pt.' })
    .default(10),
  fontWeight: z.enum(['normal', 'bold'], { error: 'Peso da fonte inválido.' }).default('normal'),
  textAlign: z.enum(['left', 'center', 'right'], { error: 'Alinhamento inválido.' }).default('left'),
});
export type LabelElement = z.output<typeof labelElement>;
export type LabelElementInput = z.input<typeof labelElement>;

const EPS = 0.001;
const fmtMm = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

const templateShape = {
  name: trimmed('Nome', 120),
  width: size('A largura da etiqueta'),
  height: size('A altura da etiqueta'),
  isDefault: z.boolean({ error: 'Valor inválido.' }).default(false),
  elements: z.array(labelElement, { error: 'Elementos inválidos.' }).max(60, { error: 'No máximo 60 elementos.' }),
  /** The spec's client sends a fixed municipality id: accepted and ignored. */
  municipalityId: z.unknown().optional(),
};

/** Elements inside the label, PATRIMONIO_FIELD naming a known field, unique ids. */
function checkElements(t: { width: number; height: number; elements: LabelElement[] }, ctx: z.RefinementCtx): void {
  const ids = new Set<string>();
  t.elements.forEach((e, i) => {
    const at = (k: string, message: string) => ctx.addIssue({ code: 'custom', path: ['elements', i, k], message });
    if (ids.has(e.id)) at('id', 'Identificador de elemento repetido.');
    ids.add(e.id);
    if (e.x + e.width > t.width + EPS)
      at('width', `O elemento ultrapassa a largura da etiqueta em ${fmtMm(e.x + e.width - t.width)} mm.`);
    if (e.y + e.height > t.height + EPS)
      at('height', `O elemento ultrapassa a altura da etiqueta em ${fmtMm(e.y + e.height - t.height)} mm.`);
    if (e.type === 'PATRIMONIO_FIELD' && !isLabelField(e.content)) at('content', 'Campo do bem desconhecido.');
    if (e.type === 'TEXT' && !e.content.trim()) at('content', 'Informe o texto.');
  });
}

/** Body of POST /api/label-templates. */
export const labelTemplateCreateBody = z.strictObject(templateShape).superRefine(checkElements);
/** Body of PUT /api/label-templates/:id (the whole template plus `version`: 409 when stale). */
export const labelTemplateUpdateBody = z.strictObject({ ...templateShape, version }).superRefine(checkElements);
export type LabelTemplateCreate = z.input<typeof labelTemplateCreateBody>;
export type LabelTemplateUpdate = z.input<typeof labelTemplateUpdateBody>;

/** Page sizes of label sheets, in mm. */
export const LABEL_PAGES = { A4: { width: 210, height: 297 }, Letter: { width: 215.9, height: 279.4 } } as const;
export type LabelPage = keyof typeof LABEL_PAGES;

/** A ready-made label sheet: its page, one label's size, the grid, the top/left margins and the gaps. */
export interface SheetPreset {
  name: string;
  page: LabelPage;
  labelWidth: number;
  labelHeight: number;
  columns: number;
  rows: number;
  marginTop: number;
  marginLeft: number;
  gapX: number;
  gapY: number;
}

/** Common Pimaco / Avery sheets (manufacturers' geometries, mm). */
export const SHEET_PRESETS = {
  pimaco_6180: {
    name: 'Pimaco 6180 / Avery 5160 — 66,7 × 25,4 mm, 3 × 10 (Carta)',
    page: 'Letter',
    labelWidth: 66.7,
    labelHeight: 25.4,
    columns: 3,
    rows: 10,
    marginTop: 12.7,
    marginLeft: 4.8,
    gapX: 3.1,
    gapY: 0,
  },
  pimaco_6181: {
    name: 'Pimaco 6181 / Avery 5161 — 101,6 × 25,4 mm, 2 × 10 (Carta)',
    page: 'Letter',
    labelWidth: 101.6,
    labelHeight: 25.4,
    columns: 2,
    rows: 10,
    marginTop: 12.7,
    marginLeft: 4,
    gapX: 4.7,
    gapY: 0,
  },
  pimaco_6182: {
    name: 'Pimaco 6182 / Avery 5162 — 101,6 × 33,9 mm, 2 × 7 (Carta)',
    page: 'Letter',
    labelWidth: 101.6,
    labelHeight: 33.9,
    columns: 2,
    rows: 7,
    marginTop: 21.2,
    marginLeft: 4,
    gapX: 4.7,
    gapY: 0,
  },
  pimaco_6183: {
    name: 'Pimaco 6183 / Avery 5163 — 101,6 × 50,8 mm, 2 × 5 (Carta)',
    page: 'Letter',
    labelWidth: 101.6,
    labelHeight: 50.8,
    columns: 2,
    rows: 5,
    marginTop: 12.7,
    marginLeft: 4,
    gapX: 4.7,
    gapY: 0,
  },
  pimaco_6187: {
    name: 'Pimaco 6187 / Avery 5167 — 44,5 × 12,7 mm, 4 × 20 (Carta)',
    page: 'Letter',
    labelWidth: 44.5,
    labelHeight: 12.7,
    columns: 4,
    rows: 20,
    marginTop: 12.7,
    marginLeft: 7.1,
    gapX: 7.9,
    gapY: 0,
  },
  pimaco_a4260: {
    name: 'Pimaco A4260 / Avery L7160 — 63,5 × 38,1 mm, 3 × 7 (A4)',
    page: 'A4',
    labelWidth: 63.5,
    labelHeight: 38.1,
    columns: 3,
    rows: 7,
    marginTop: 15.1,
    marginLeft: 7.2,
    gapX: 2.5,
    gapY: 0,
  },
  pimaco_a4256: {
    name: 'Pimaco A4256 / Avery L7159 — 63,5 × 33,9 mm, 3 × 8 (A4)',
    page: 'A4',
    labelWidth: 63.5,
    labelHeight: 33.9,
    columns: 3,
    rows: 8,
    marginTop: 12.9,
    marginLeft: 7.2,
    gapX: 2.5,
    gapY: 0,
  },
  pimaco_a4262: {
    name: 'Pimaco A4262 / Avery L7162 — 99,0 × 33,9 mm, 2 × 8 (A4)',
    page: 'A4',
    labelWidth: 99,
    labelHeight: 33.9,
    columns: 2,
    rows: 8,
    marginTop: 12.9,
    marginLeft: 4.7,
    gapX: 2.5,
    gapY: 0,
  },
  pimaco_a4351: {
    name: 'Pimaco A4351 / Avery L7651 — 38,1 × 21,2 mm, 5 × 13 (A4)',
    page: 'A4',
    labelWidth: 38.1,
    labelHeight: 21.2,
    columns: 5,
    rows: 13,
    marginTop: 10.7,
    marginLeft: 4.7,
    gapX: 2.5,
    gapY: 0,
  },
} as const satisfies Record<string, SheetPreset>;
export type SheetPresetId = keyof typeof SHEET_PRESETS;
export const SHEET_PRESET_IDS = Object.keys(SHEET_PRESETS) as [SheetPresetId, ...SheetPresetId[]];

export const LABEL_LAYOUT_TIPOS = ['folha', 'termica', 'zpl', 'epl'] as const;
export type LabelLayoutTipo = (typeof LABEL_LAYOUT_TIPOS)[number];

const offset = (what: string) =>
  z
    .number({ error: `${what} deve ser um número (mm).` })
    .min(-20, { error: `${what} deve estar entre -20 e 20 mm.` })
    .max(20, { error: `${what} deve estar entre -20 e 20 mm.` });
const gap = (what: string) =>
  z
    .number({ error: `${what} deve ser um número (mm).` })
    .min(0, { error: `${what} não pode ser negativo.` })
    .max(100, { error: `${what} deve ser no máximo 100 mm.` });
const count = (what: string) =>
  z
    .number({ error: `${what} inválido.` })
    .int({ error: `${what} deve ser inteiro.` })
    .min(1, { error: `${what} deve ser ao menos 1.` })
    .max(50, { error: `${what} deve ser no máximo 50.` });

/**
 * How labels go on paper. `folha`: a sheet (a preset, or `pagina` + the grid; preset values may be
 * overridden); `termica`: one label per page of the label's size; `zpl` / `epl`: printer language text.
 */
export const labelLayout = z.strictObject({
  tipo: z.enum(LABEL_LAYOUT_TIPOS, { error: 'Tipo de saída inválido.' }),
  preset: z.enum(SHEET_PRESET_IDS, { error: ETIQUETA_MSG.presetUnknown }).optional(),
  pagina: z.enum(['A4', 'Letter'], { error: 'Página inválida (A4 ou Carta).' }).optional(),
  linhas: count('Número de linhas').optional(),
  colunas: count('Número de colunas').optional(),
  margens: z.strictObject({ superior: gap('A margem superior'), esquerda: gap('A margem esquerda') }).optional(),
  espacamento: z
    .strictObject({ horizontal: gap('O espaçamento horizontal'), vertical: gap('O espaçamento vertical') })
    .optional(),
  /** 1-based position of the first label on the first sheet (a partly used sheet), row by row. */
  posicaoInicial: z
    .number({ error: 'Posição inicial inválida.' })
    .int({ error: 'Posição inicial inválida.' })
    .min(1, { error: 'Posição inicial inválida.' })
    .optional(),
  /** Per-printer calibration: everything moves by (x, y) mm. */
  ajuste: z.strictObject({ x: offset('O ajuste horizontal'), y: offset('O ajuste vertical') }).optional(),
  /** ZPL/EPL printer resolution. */
  dpi: z.union([z.literal(203), z.literal(300)], { error: 'Resolução inválida (203 ou 300 dpi).' }).optional(),
});
export type LabelLayout = z.output<typeof labelLayout>;

/** The most labels one generation makes. */
export const LABELS_MAX = 10_000;

const faixa = z.strictObject({
  de: z.string({ error: 'Informe o número inicial.' }).trim().min(1, { error: 'Informe o número inicial.' }).max(60),
  ate: z.string({ error: 'Informe o número final.' }).trim().min(1, { error: 'Informe o número final.' }).max(60),
});

/** Body of POST /api/etiquetas: the template, exactly one source of assets, and the layout. */
export const gerarEtiquetasBody = z
  .strictObject({
    templateId: idNumber('Template inválido.'),
    patrimonioIds: z
      .array(idNumber(), { error: 'Seleção inválida.' })
      .min(1, { error: 'Selecione ao menos um bem.' })
      .max(LABELS_MAX, { error: ETIQUETA_MSG.tooMany(LABELS_MAX) })
      .optional(),
    filtros: exportPatrimoniosBody.omit({ format: true }).optional(),
    faixa: faixa.optional(),
    layout: labelLayout,
  })
  .superRefine((b, ctx) => {
    const n = [b.patrimonioIds, b.filtros, b.faixa].filter((x) => x !== undefined).length;
    if (n !== 1) ctx.addIssue({ code: 'custom', path: ['patrimonioIds'], message: ETIQUETA_MSG.oneSource });
  });
export type GerarEtiquetasBody = z.input<typeof gerarEtiquetasBody>;
export type GerarEtiquetas = z.output<typeof gerarEtiquetasBody>;
