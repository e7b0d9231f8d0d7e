import { z } from 'zod';
import { int4, idNumber, version } from '../common';
import { PATRIMONIO_BULK_MSG } from './messages';
import { patrimonioFiltros, patrimonioUpdateBody, type PatrimonioStatus } from './schemas';

// The bulk edit of assets (PATCH /api/patrimonios): its fields are the single edit's (PUT /api/patrimonios/:id).
const edit = patrimonioUpdateBody.shape;

/** Statuses a bulk edit may set: a write-off ('baixado') is its own act, with its own record. */
export const PATRIMONIO_BULK_STATUSES = [
  'ativo',
  'em_uso',
  'em_manutencao',
  'ocioso',
  'extraviado',
] as const satisfies readonly PatrimonioStatus[];

/** The fields a bulk edit may change; only those given change (`customFields`: only the keys given). */
export const patrimonioBulkCampos = z
  .strictObject({
    tipoId: edit.tipoId,
    formaAquisicaoId: edit.formaAquisicaoId,
    sectorId: edit.sectorId,
    localId: edit.localId,
    status: z.enum(PATRIMONIO_BULK_STATUSES, { error: PATRIMONIO_BULK_MSG.status }).optional(),
    estado_conservacao: edit.estado_conservacao,
    observacoes: edit.observacoes,
    customFields: edit.customFields,
    // Standard fields shared by a purchase (not the serial number, the write-off date or the dados de origem).
    marca: edit.marca,
    modelo: edit.modelo,
    fornecedorNome: edit.fornecedorNome,
    fornecedorCnpj: edit.fornecedorCnpj,
    notaFiscalNumero: edit.notaFiscalNumero,
    notaFiscalData: edit.notaFiscalData,
    empenho: edit.empenho,
    processoAquisicao: edit.processoAquisicao,
    fonteRecurso: edit.fonteRecurso,
  })
  .refine(
    (c) =>
      Object.entries(c).some(([k, v]) => v !== undefined && (k !== 'customFields' || Object.keys(v ?? {}).length > 0)),
    { error: PATRIMONIO_BULK_MSG.noField },
  );
export type PatrimonioBulkCampos = z.infer<typeof patrimonioBulkCampos>;
/** The standard fields a bulk edit may set. */
export const PATRIMONIO_BULK_STANDARD_KEYS = [
  'marca',
  'modelo',
  'fornecedorNome',
  'fornecedorCnpj',
  'notaFiscalNumero',
  'notaFiscalData',
  'empenho',
  'processoAquisicao',
  'fonteRecurso',
] as const satisfies ReadonlyArray<keyof PatrimonioBulkCampos>;

/** One selected asset with the version the user saw (a stale one is 409). */
const bulkItem = z.strictObject({ id: idNumber('Bem inválido.'), version });

/** Body of PATCH /api/patrimonios: the selected assets (`ids`) or a filter (`filtro` + `esperado`), and `campos`. */
export const patrimonioBulkBody = z
  .strictObject({
    ids: z
      .array(bulkItem, { error: PATRIMONIO_BULK_MSG.empty })
      .min(1, { error: PATRIMONIO_BULK_MSG.empty })
      .optional(),
    filtro: patrimonioFiltros.optional(),
    /** With `filtro`: how many assets the user was shown (409 when the filter now matches another number). */
    esperado: int4('Quantidade esperada inválida.').nonnegative({ error: 'Quantidade esperada inválida.' }).optional(),
    campos: patrimonioBulkCampos,
    /** 'ignorar': apply to the others and answer the refused ones (without it, any refusal is 422). */
    recusados: z.literal('ignorar', { error: PATRIMONIO_BULK_MSG.recusados }).optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.ids === undefined) === (b.filtro === undefined))
      ctx.addIssue({ code: 'custom', path: ['ids'], message: PATRIMONIO_BULK_MSG.oneSource });
    if (b.filtro !== undefined && b.esperado === undefined)
      ctx.addIssue({ code: 'custom', path: ['esperado'], message: PATRIMONIO_BULK_MSG.esperado });
    if (b.ids && new Set(b.ids.map((x) => x.id)).size !== b.ids.length)
      ctx.addIssue({ code: 'custom', path: ['ids'], message: PATRIMONIO_BULK_MSG.repeated });
  });
/** What a client sends (`status` of `filtro` as "a,b"). */
export type PatrimonioBulkBody = z.input<typeof patrimonioBulkBody>;
/** The body as the server reads it. */
export type PatrimonioBulk = z.output<typeof patrimonioBulkBody>;

/** An asset the per-asset rules refused (a lent asset's sector, a pending transfer's place…), with why. */
export const patrimonioBulkRecusado = z.object({ id: z.number(), numero_patrimonio: z.string(), motivo: z.string() });
export type PatrimonioBulkRecusado = z.infer<typeof patrimonioBulkRecusado>;
/** Answer of PATCH /api/patrimonios: how many changed, which, and (with `recusados: "ignorar"`) the refused. */
export const patrimonioBulkResult = z.object({
  atualizados: z.number().int(),
  ids: z.array(z.number()),
  recusados: z.array(patrimonioBulkRecusado),
});
export type PatrimonioBulkResult = z.infer<typeof patrimonioBulkResult>;
