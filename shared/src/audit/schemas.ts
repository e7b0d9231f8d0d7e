import { z } from 'zod';
import { idFromText, int4, int4FromText } from '../common';
import { isCalendarDay, isoDayOf } from '../format/dates';
import { AUDIT_MSG } from './messages';

/**
 * What a browser may report to the activity log (spec §7 "Audit actions seen": the sync events;
 * every other action is written by the server itself). Stored as `CLIENT_<action>`.
 */
export const CLIENT_AUDIT_ACTIONS = ['SYNC_START', 'SYNC_SUCCESS', 'SYNC_FAIL', 'SYNC_CANCEL'] as const;
export type ClientAuditAction = (typeof CLIENT_AUDIT_ACTIONS)[number];
export const CLIENT_AUDIT_ENTITY_TYPES = ['Sync', 'Patrimonio'] as const;
/** Namespace of client-reported entries: no server action starts with it. */
export const CLIENT_AUDIT_PREFIX = 'CLIENT_';
/** Client-reported entries accepted per user and window (per server node). */
export const CLIENT_AUDIT_RATE = { max: 30, windowMs: 60_000 } as const;

/** True for an entry a browser reported (not something the server saw happen). */
export const isClientAudit = (action: string) => action.startsWith(CLIENT_AUDIT_PREFIX);

/** Body of POST /api/audit-logs: a client-reported entry. */
export const auditCreateBody = z.strictObject({
  action: z.enum(CLIENT_AUDIT_ACTIONS, { error: 'Ação não permitida em registros enviados pelo navegador.' }),
  entityType: z.enum(CLIENT_AUDIT_ENTITY_TYPES, { error: 'Entidade inválida.' }).default('Sync'),
  entityId: z
    .union([z.string().trim().max(80), int4()], { error: 'Identificador inválido.' })
    .nullable()
    .optional(),
  details: z.string().max(10_000, { error: 'Detalhes longos demais.' }).nullable().optional(),
});
export type AuditCreate = z.infer<typeof auditCreateBody>;

/**
 * The list counts exactly up to this many entries (one index range cut at cap + 1 rows: under a
 * millisecond); past it `total` is the planner's estimate and `totalIsEstimate` is true. Counting up to
 * 10,000 cost 3–7 ms a request alone and tens under load (docs/architecture.md, "Activity log").
 */
export const AUDIT_COUNT_CAP = 1_000;
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

const day = z.string({ error: AUDIT_MSG.invalidDate }).refine(isCalendarDay, { error: AUDIT_MSG.invalidDate });
/** An entry id (bigserial) from a query string. */
const entryId = z
  .string({ error: AUDIT_MSG.invalidCursor })
  .regex(/^[1-9]\d{0,14}$/, { error: AUDIT_MSG.invalidCursor })
  .transform(Number);

/**
 * Sign-ins and sign-outs: many a day, they would bury the changes. The list leaves them out unless asked
 * (`includeAccess=true`, the screen's "Mostrar acessos") or filtered by one of these actions.
 */
export const AUDIT_ACCESS_ACTIONS: readonly string[] = ['LOGIN', 'LOGOUT'];

/** The filters of the log (all optional, combined with AND); `from`/`to` are Brasília calendar days, both included. */
const filters = {
  userId: idFromText(AUDIT_MSG.invalidUser).optional(),
  entityType: z
    .string({ error: AUDIT_MSG.invalidEntity })
    .regex(/^[A-Za-z]{1,60}$/, { error: AUDIT_MSG.invalidEntity })
    .optional(),
  action: z
    .string({ error: AUDIT_MSG.invalidAction })
    .regex(/^[A-Z][A-Z_]{0,79}$/, { error: AUDIT_MSG.invalidAction })
    .optional(),
  from: day.optional(),
  to: day.optional(),
  includeAccess: z
    .enum(['true', 'false'], { error: AUDIT_MSG.invalidIncludeAccess })
    .transform((v) => v === 'true')
    .optional(),
};

/**
 * GET /api/audit-logs: newest first. Paging by cursor (`before` = the id of the last entry shown: the
 * next, older page) or, for the first pages, by number (`page`, up to AUDIT_COUNT_CAP entries deep).
 */
export const auditListQuery = z
  .strictObject({
    ...filters,
    page: int4FromText('Página inválida.').min(1, { error: 'Página inválida.' }).optional(),
    before: entryId.optional(),
    pageSize: int4FromText('Tamanho de página inválido.')
      .min(1, { error: 'Tamanho de página inválido.' })
      .max(100, { error: 'Tamanho de página inválido.' })
      .default(AUDIT_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_MSG.periodOrder });
    if (q.page != null && q.before != null)
      ctx.addIssue({ code: 'custom', path: ['before'], message: AUDIT_MSG.pageOrCursor });
    if (q.page != null && (q.page - 1) * q.pageSize >= AUDIT_COUNT_CAP)
      ctx.addIssue({ code: 'custom', path: ['page'], message: AUDIT_MSG.pageTooDeep(AUDIT_COUNT_CAP) });
  });
export type AuditListQuery = z.infer<typeof auditListQuery>;
/** The filters of a list query (what a live entry is matched against). */
export type AuditFilters = Pick<AuditListQuery, 'userId' | 'entityType' | 'action' | 'from' | 'to' | 'includeAccess'>;

/** Whether a list with these filters leaves sign-ins and sign-outs out (the default; an access action filter shows them). */
export const auditHidesAccess = (f: Pick<AuditFilters, 'action' | 'includeAccess'>) => !f.includeAccess && !f.action;

/** GET /api/audit-logs/recentes: the latest entries the caller may see (the dashboard's 'Atividade Recente'). */
export const auditRecentQuery = z.strictObject({
  limit: int4FromText(AUDIT_MSG.invalidLimit)
    .min(1, { error: AUDIT_MSG.invalidLimit })
    .max(20, { error: AUDIT_MSG.invalidLimit })
    .default(8),
});
export type AuditRecentQuery = z.infer<typeof auditRecentQuery>;

/** Whether an entry passes a list's filters (a live entry joins a page only if it does). */
export function auditMatches(
  f: AuditFilters,
  log: { userId: number | null; entityType: string; action: string; createdAt: string },
): boolean {
  if (f.userId != null && log.userId !== f.userId) return false;
  if (f.entityType && log.entityType !== f.entityType) return false;
  if (f.action && log.action !== f.action) return false;
  if (auditHidesAccess(f) && AUDIT_ACCESS_ACTIONS.includes(log.action)) return false;
  if (f.from || f.to) {
    const dayOf = isoDayOf(new Date(log.createdAt));
    if (f.from && dayOf < f.from) return false;
    if (f.to && dayOf > f.to) return false;
  }
  return true;
}
