import { z } from 'zod';
import { int4FromText } from './common';

export const auditCreateBody = z.strictObject({
  action: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[A-Z0-9_]+$/, { error: 'Ação inválida.' }),
  entityType: z.string().trim().min(1).max(80),
  entityId: z
    .union([z.string().max(80), z.number()])
    .nullable()
    .optional(),
  details: z.string().max(10_000).nullable().optional(),
});
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
