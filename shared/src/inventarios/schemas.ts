import { z } from 'zod';
import { idFromText, idNumber, int4FromText, version } from '../common';
import { isCalendarDay } from '../format/dates';
import { INVENTARIO_MSG } from './messages';

export const INVENTARIO_TIPOS = [
  'anual',
  'inicial',
  'transferencia_responsabilidade',
  'extincao_transformacao',
  'eventual',
] as const;
export type InventarioTipo = (typeof INVENTARIO_TIPOS)[number];
/** Spec §4: the whole sector, the sector's locations whose name contains `locationType`, or one location. */
export const INVENTARIO_SCOPES = ['sector', 'location', 'specific_location'] as const;
export type InventarioScope = (typeof INVENTARIO_SCOPES)[number];
export const INVENTARIO_STATUSES = ['in_progress', 'completed'] as const;
export type InventarioStatus = (typeof INVENTARIO_STATUSES)[number];
export const ITEM_STATUSES = ['not_found', 'found', 'local_divergente'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const LEITURA_RESULTADOS = [
  'found',
  'local_divergente',
  'duplicada',
  'nao_inventariado',
  'nao_cadastrado',
] as const;
export type LeituraResultado = (typeof LEITURA_RESULTADOS)[number];
/** Outcomes kept as "ocorrências" for the commission to resolve. */
export const OCORRENCIA_RESULTADOS = ['nao_inventariado', 'nao_cadastrado'] as const;
export const ESTADOS_INVENTARIO = [
  'bom',
  'regular',
  'ocioso',
  'recuperavel',
  'antieconomico',
  'irrecuperavel',
] as const;
export type EstadoInventario = (typeof ESTADOS_INVENTARIO)[number];

export const INVENTARIO_LIMITS = {
  /** Readings per POST /leituras (more: 413). */
  batchMax: 500,
  comissaoMin: 3,
  comissaoMax: 50,
  titleMax: 200,
  descriptionMax: 2000,
  notaMax: 500,
  numeroMax: 40,
  /** Raw scanned text accepted before parsing (a label's URL). */
  scanMax: 500,
} as const;

const ASSET_NUMBER_RE = /^[\p{L}\p{N}][\p{L}\p{N} ./\-_]*$/u;
const PUBLIC_ASSET_PATH = '/consulta-publica/bem/';

/**
 * The asset number in a scanned or typed text: a bare number ('2024-000123', '  123 ') or the public
 * asset URL printed on Tombo's labels (`https://host/consulta-publica/bem/<numero>?municipalityId=…`,
 * also without scheme/host). Null when the text holds no valid number.
 */
export function numeroFromScan(text: string): string | null {
  if (typeof text !== 'string') return null;
  let t = text.trim();
  if (!t || t.length > INVENTARIO_LIMITS.scanMax) return null;
  const at = t.indexOf(PUBLIC_ASSET_PATH);
  if (at >= 0) {
    let rest = t.slice(at + PUBLIC_ASSET_PATH.length);
    rest = rest.split(/[?#]/)[0].replace(/\/+$/, '');
    if (!rest || rest.includes('/')) return null;
    try {
      t = decodeURIComponent(rest).trim();
    } catch {
      return null;
    }
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) {
    return null;
  }
  if (!t || t.length > INVENTARIO_LIMITS.numeroMax || !ASSET_NUMBER_RE.test(t)) return null;
  return t;
}

/** Several numbers typed or pasted at once (lines, commas, semicolons, tabs); invalid pieces are returned apart. */
export function numerosFromText(text: string): { numeros: string[]; invalidos: string[] } {
  const numeros: string[] = [];
  const invalidos: string[] = [];
  for (const piece of text.split(/[\n\r,;\t]+/)) {
    const p = piece.trim();
    if (!p) continue;
    const n = numeroFromScan(p);
    if (n) numeros.push(n);
    else invalidos.push(p);
  }
  return { numeros, invalidos };
}

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

const title = z
  .string({ error: INVENTARIO_MSG.titleRequired })
  .trim()
  .min(1, { error: INVENTARIO_MSG.titleRequired })
  .max(INVENTARIO_LIMITS.titleMax, { error: INVENTARIO_MSG.titleTooLong });
const tipo = z.enum(INVENTARIO_TIPOS, { error: INVENTARIO_MSG.tipoInvalid });
const scope = z.enum(INVENTARIO_SCOPES, { error: INVENTARIO_MSG.scopeInvalid });
const dataInicio = z
  .string({ error: INVENTARIO_MSG.dataInicioInvalid })
  .refine(isCalendarDay, { error: INVENTARIO_MSG.dataInicioInvalid });
const comissao = z
  .array(idNumber(INVENTARIO_MSG.comissaoUserNotFound), { error: INVENTARIO_MSG.comissaoMin })
  .transform((ids) => [...new Set(ids)])
  .refine((ids) => ids.length >= INVENTARIO_LIMITS.comissaoMin, { error: INVENTARIO_MSG.comissaoMin })
  .refine((ids) => ids.length <= INVENTARIO_LIMITS.comissaoMax, { error: INVENTARIO_MSG.comissaoTooMany });
const locationType = optionalText(200, INVENTARIO_MSG.locationTypeRequired);

/** As `optionalText`, but an absent field stays `undefined` (an update leaves it as it is). */
const optionalTextKept = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

const scopeFields = (
  b: { scope?: InventarioScope; locationType?: string | null; specificLocationId?: number | null },
  ctx: z.RefinementCtx,
) => {
  if (b.scope === 'location' && !b.locationType)
    ctx.addIssue({ code: 'custom', path: ['locationType'], message: INVENTARIO_MSG.locationTypeRequired });
  if (b.scope === 'specific_location' && b.specificLocationId == null)
    ctx.addIssue({ code: 'custom', path: ['specificLocationId'], message: INVENTARIO_MSG.specificLocationRequired });
};

/** POST /api/inventarios. `municipalityId` (spec §7 payload) is accepted and ignored. */
export const inventarioCreateBody = z
  .strictObject({
    title,
    description: optionalText(INVENTARIO_LIMITS.descriptionMax, INVENTARIO_MSG.descriptionTooLong),
    tipo,
    sectorId: idNumber(INVENTARIO_MSG.sectorRequired),
    scope,
    locationType,
    specificLocationId: idNumber(INVENTARIO_MSG.specificLocationRequired).nullish(),
    dataInicio,
    comissao,
    municipalityId: z.unknown().optional(),
  })
  .superRefine(scopeFields);
export type InventarioCreate = z.infer<typeof inventarioCreateBody>;

/**
 * PUT /api/inventarios/:id: the same fields, all optional, and the inventory's `version`. When `scope`
 * is sent, `locationType`/`specificLocationId` follow the same rule as on create.
 */
export const inventarioUpdateBody = z
  .strictObject({
    title: title.optional(),
    description: optionalTextKept(INVENTARIO_LIMITS.descriptionMax, INVENTARIO_MSG.descriptionTooLong),
    tipo: tipo.optional(),
    sectorId: idNumber(INVENTARIO_MSG.sectorRequired).optional(),
    scope: scope.optional(),
    locationType: optionalTextKept(200, INVENTARIO_MSG.locationTypeRequired),
    specificLocationId: idNumber(INVENTARIO_MSG.specificLocationRequired).nullish(),
    dataInicio: dataInicio.optional(),
    comissao: comissao.optional(),
    municipalityId: z.unknown().optional(),
    version,
  })
  .superRefine(scopeFields);
export type InventarioUpdate = z.infer<typeof inventarioUpdateBody>;

/** One reading (the client's uuid makes it idempotent). `numero` is parsed with `numeroFromScan`. */
export const leituraInput = z.strictObject({
  id: z.uuid({ error: INVENTARIO_MSG.leituraIdInvalid }),
  numero: z
    .string({ error: INVENTARIO_MSG.numeroInvalid })
    .max(INVENTARIO_LIMITS.scanMax, { error: INVENTARIO_MSG.numeroInvalid })
    .transform((v, ctx) => {
      const n = numeroFromScan(v);
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: INVENTARIO_MSG.numeroInvalid });
        return z.NEVER;
      }
      return n;
    }),
  localId: idNumber(INVENTARIO_MSG.localNotInSector).nullish(),
  estado: z.enum(ESTADOS_INVENTARIO, { error: INVENTARIO_MSG.estadoInvalid }).nullish(),
  nota: optionalText(INVENTARIO_LIMITS.notaMax, INVENTARIO_MSG.notaTooLong),
  lidoEm: z.iso.datetime({ offset: true, error: INVENTARIO_MSG.lidoEmInvalid }),
});
export type LeituraInput = z.infer<typeof leituraInput>;

/**
 * POST /api/inventarios/:id/leituras. The size limit (500) is checked before this schema by the route
 * (413), so a too-large batch is never parsed reading by reading.
 */
export const leiturasBody = z.strictObject({
  leituras: z.array(leituraInput, { error: INVENTARIO_MSG.batchEmpty }).min(1, { error: INVENTARIO_MSG.batchEmpty }),
});
export type LeiturasBody = z.infer<typeof leiturasBody>;

const PAGE_MSG = 'Página inválida.';
const page = int4FromText(PAGE_MSG).min(1, { error: PAGE_MSG }).default(1);
const pageSize = (max: number, def: number) =>
  int4FromText(PAGE_MSG)
    .min(1, { error: PAGE_MSG })
    .max(max, { error: `No máximo ${max} linhas por página.` })
    .default(def);

/** GET /api/inventarios */
export const inventarioListQuery = z.strictObject({
  status: z.enum(INVENTARIO_STATUSES, { error: 'Status inválido.' }).optional(),
  sectorId: idFromText('Setor inválido.').optional(),
  q: z.string().trim().max(200).optional(),
  page,
  pageSize: pageSize(100, 25),
});
export type InventarioListQuery = z.infer<typeof inventarioListQuery>;

/** GET /api/inventarios/:id/itens (`q`: number prefix or description). */
export const inventarioItensQuery = z.strictObject({
  status: z.enum(ITEM_STATUSES, { error: 'Status inválido.' }).optional(),
  localId: idFromText('Local inválido.').optional(),
  q: z.string().trim().max(200).optional(),
  page,
  pageSize: pageSize(500, 50),
});
export type InventarioItensQuery = z.infer<typeof inventarioItensQuery>;

/** GET /api/inventarios/:id/leituras: newest first; `after` is the `nextCursor` of the previous page. */
export const inventarioLeiturasQuery = z.strictObject({
  after: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'Cursor inválido.' })
    .optional(),
  pageSize: pageSize(200, 50),
});
export type InventarioLeiturasQuery = z.infer<typeof inventarioLeiturasQuery>;

/**
 * The outer shape of POST /api/inventarios/:id/leituras, checked first: a batch over
 * `INVENTARIO_LIMITS.batchMax` readings is refused with 413 before any reading is parsed
 * (then `leiturasBody` parses them: 400 with the reading's path).
 */
export const leiturasEnvelope = z.strictObject({
  leituras: z.array(z.unknown(), { error: INVENTARIO_MSG.batchEmpty }).min(1, { error: INVENTARIO_MSG.batchEmpty }),
});
