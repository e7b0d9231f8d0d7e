import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { CLIENT_AUDIT_PREFIX, room, type AuditCreate, type AuditList, type AuditLog } from '@tombo/shared';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Outbox } from '../../db/tx';

/** The only row → API mapping of an audit entry. */
export const toLog = (r: typeof auditLogs.$inferSelect): AuditLog => ({ ...r, createdAt: r.createdAt.toISOString() });

/** A page of one municipality's activity log, newest first. */
export async function listAudit(
  db: Db,
  municipalityId: number,
  q: { page: number; pageSize: number; entityType?: string; action?: string },
): Promise<AuditList> {
  const conds: SQL[] = [eq(auditLogs.municipalityId, municipalityId)];
  if (q.entityType) conds.push(eq(auditLogs.entityType, q.entityType));
  if (q.action) conds.push(eq(auditLogs.action, q.action));
  const where = and(...conds);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return { logs: rows.map(toLog), total: n, page: q.page, pageSize: q.pageSize };
}

/**
 * Writes an entry a browser reported, under the `CLIENT_` namespace; author and municipality from
 * the outbox's actor. Deliberately not `audit()`: a reported entry must never mark principals
 * changed nor pass for something the server did.
 */
export async function recordClientEntry(tx: Db, out: Outbox, entry: AuditCreate): Promise<AuditLog> {
  const municipalityId = out.actor?.municipalityId ?? null;
  const [row] = await tx
    .insert(auditLogs)
    .values({
      municipalityId,
      userId: out.actor?.id ?? null,
      userName: out.actor?.name ?? null,
      action: `${CLIENT_AUDIT_PREFIX}${entry.action}`,
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      details: entry.details ?? null,
    })
    .returning();
  const log = toLog(row);
  out.emit(municipalityId == null ? room.superusers : room.audit(municipalityId), 'audit.created', log, municipalityId);
  return log;
}
