import { z } from 'zod';
import { int4, int4FromText } from './common';

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
export const auditListQuery = z.strictObject({
  page: int4FromText('Página inválida.').min(1).default(1),
  pageSize: int4FromText().min(1).max(100).default(50),
  entityType: z.string().max(80).optional(),
  action: z.string().max(80).optional(),
});
export interface AuditLog {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  details: string | null;
  userId: number | null;
  userName: string | null;
  municipalityId: number | null;
  createdAt: string;
}
export interface AuditList {
  logs: AuditLog[];
  total: number;
  page: number;
  pageSize: number;
}
