import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AuditList } from '@tombo/shared';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentLog } from './presenters';

/** A page of the scope's municipality's activity log, newest first. */
export async function listAudit(
  tx: Db,
  scope: TenantScope,
  q: { page: number; pageSize: number; entityType?: string; action?: string },
): Promise<AuditList> {
  const conds: SQL[] = [ofTenant(auditLogs, scope)];
  if (q.entityType) conds.push(eq(auditLogs.entityType, q.entityType));
  if (q.action) conds.push(eq(auditLogs.action, q.action));
  const where = and(...conds);
  const rows = await tx
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(desc(auditLogs.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ n }] = await tx.select({ n: count() }).from(auditLogs).where(where);
  return { logs: rows.map(presentLog), total: n, page: q.page, pageSize: q.pageSize };
}
