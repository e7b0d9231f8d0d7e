import { z } from 'zod';
import { idFromText, idNumber, int4FromText, version } from '../common';
import { isCalendarDay } from '../format';
import { TRANSFER_MSG } from './messages';

/** Spec §3 Transfer request: 'transferencia', or a donation ('doacao'). */
export const TRANSFER_TYPES = ['transferencia', 'doacao'] as const;
export type TransferType = (typeof TRANSFER_TYPES)[number];
/** Spec §3/§4: created 'pendente', decided 'aprovada' or 'rejeitada'. */
export const TRANSFER_STATUSES = ['pendente', 'aprovada', 'rejeitada'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_DECISIONS = ['aprovada', 'rejeitada'] as const;
export type TransferDecision = (typeof TRANSFER_DECISIONS)[number];

export const TRANSFER_LIMITS = { motivoMax: 2000, destinatarioMax: 300, comentariosMax: 2000 } as const;

const motivo = z
  .string({ error: TRANSFER_MSG.motivoRequired })
  .trim()
  .min(1, { error: TRANSFER_MSG.motivoRequired })
  .max(TRANSFER_LIMITS.motivoMax, { error: TRANSFER_MSG.motivoTooLong });

/**
 * Body of POST /api/transferencias. A transfer names the destination sector (and optionally one of its
 * locations); a donation names its recipient. The fields of the other kind are refused.
 */
export const transferCreateBody = z
  .strictObject({
    patrimonioId: idNumber(TRANSFER_MSG.patrimonioRequired),
    type: z.enum(TRANSFER_TYPES, { error: TRANSFER_MSG.typeInvalid }),
    motivo,
    setorDestinoId: idNumber(TRANSFER_MSG.setorDestinoRequired).optional(),
    localDestinoId: idNumber(TRANSFER_MSG.localDestinoInvalid).nullable().optional(),
    destinatario: z
      .string({ error: TRANSFER_MSG.destinatarioRequired })
      .trim()
      .max(TRANSFER_LIMITS.destinatarioMax, { error: TRANSFER_MSG.destinatarioTooLong })
      .optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.type === 'transferencia') {
      if (b.setorDestinoId == null) issue('setorDestinoId', TRANSFER_MSG.setorDestinoRequired);
      if (b.destinatario) issue('destinatario', TRANSFER_MSG.destinatarioOnlyDonation);
    } else if (b.type === 'doacao') {
      if (!b.destinatario) issue('destinatario', TRANSFER_MSG.destinatarioRequired);
      if (b.setorDestinoId != null) issue('setorDestinoId', TRANSFER_MSG.setorOnlyTransfer);
      if (b.localDestinoId != null) issue('localDestinoId', TRANSFER_MSG.setorOnlyTransfer);
    }
  });
export type TransferCreate = z.infer<typeof transferCreateBody>;

/** Body of POST /api/transferencias/:id/decisao (spec §4: the approver's decision and comment). */
export const transferDecisionBody = z.strictObject({
  status: z.enum(TRANSFER_DECISIONS, { error: TRANSFER_MSG.decisionInvalid }),
  comentariosAprovador: z
    .string()
    .trim()
    .max(TRANSFER_LIMITS.comentariosMax, { error: TRANSFER_MSG.comentariosTooLong })
    .nullable()
    .optional(),
  version,
});
export type TransferDecisionBody = z.infer<typeof transferDecisionBody>;

/**
 * A rejection says why (issue 35: the requester was told "rejeitada" and nothing more). Null when the
 * decision is complete, else the message: the server answers it as 422, the reject dialog shows it.
 */
export function missingRejectionReason(
  b: Pick<TransferDecisionBody, 'status' | 'comentariosAprovador'>,
): string | null {
  return b.status === 'rejeitada' && !b.comentariosAprovador?.trim() ? TRANSFER_MSG.rejectionReasonRequired : null;
}

const PAGE_MSG = 'Página inválida.';
const day = z.string().refine(isCalendarDay, { error: TRANSFER_MSG.dateInvalid });
/** One status or several separated by commas ('aprovada,rejeitada' = the decided ones). */
const statusList = z
  .string()
  .trim()
  .optional()
  .transform((s, ctx) => {
    if (!s) return undefined;
    const list = [...new Set(s.split(',').map((x) => x.trim()))].filter(Boolean);
    if (list.some((x) => !(TRANSFER_STATUSES as readonly string[]).includes(x))) {
      ctx.addIssue({ code: 'custom', message: TRANSFER_MSG.statusInvalid });
      return z.NEVER;
    }
    return list as TransferStatus[];
  });

/** The filters the list, the report and the export share: status, type, sector, period, asset number. */
export const transferFilterShape = {
  status: statusList,
  type: z.enum(TRANSFER_TYPES, { error: TRANSFER_MSG.typeInvalid }).optional(),
  /** Origin or destination sector. */
  sectorId: idFromText(TRANSFER_MSG.sectorInvalid).optional(),
  /** Request date, on the city hall's wall clock (YYYY-MM-DD, inclusive). */
  dataDe: day.optional(),
  dataAte: day.optional(),
  /** Asset number, from its start, case-insensitive. */
  numero: z.string().trim().max(40, { error: TRANSFER_MSG.numeroInvalid }).optional(),
};
const periodOrdered = (q: { dataDe?: string; dataAte?: string }) => !q.dataDe || !q.dataAte || q.dataDe <= q.dataAte;
const periodIssue = { error: TRANSFER_MSG.periodInvalid, path: ['dataAte'] };

export const transferFilters = z.strictObject(transferFilterShape).refine(periodOrdered, periodIssue);
export type TransferFilters = z.infer<typeof transferFilters>;

/** Query of GET /api/transferencias (newest request first). */
export const transferListQuery = z
  .strictObject({
    ...transferFilterShape,
    page: int4FromText(PAGE_MSG).min(1, { error: PAGE_MSG }).default(1),
    pageSize: int4FromText(PAGE_MSG).min(1, { error: PAGE_MSG }).max(100, { error: PAGE_MSG }).default(25),
  })
  .refine(periodOrdered, periodIssue);
export type TransferListQuery = z.infer<typeof transferListQuery>;

/** Body of POST /api/relatorios/transferencias/export: the report's filters; XLSX only. */
export const transferExportBody = z
  .strictObject({ ...transferFilterShape, format: z.literal('xlsx', { error: 'Formato inválido.' }).default('xlsx') })
  .refine(periodOrdered, periodIssue);
export type TransferExportBody = z.input<typeof transferExportBody>;
