import { CLIENT_AUDIT_PREFIX, room, type AuditCreate, type AuditLog } from '@tombo/shared';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { Outbox } from '../../db/tx';
import type { TenantScope } from '../../tenancy/scope';
import { presentLogs } from './presenters';

/**
 * Writes an entry a browser reported, under the `CLIENT_` namespace; author from the outbox's actor,
 * municipality from the scope. Deliberately not `record()`: a reported entry must never mark
 * principals changed nor pass for something the server did (nor reach a sector's feed).
 */
export async function recordClientEntry(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  entry: AuditCreate,
): Promise<AuditLog> {
  const [row] = await tx
    .insert(auditLogs)
    .values({
      municipalityId: scope.municipalityId,
      userId: out.actor?.id ?? null,
      userName: out.actor?.name ?? null,
      action: `${CLIENT_AUDIT_PREFIX}${entry.action}`,
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      details: entry.details ?? null,
    })
    .returning();
  const [log] = await presentLogs(tx, [row], scope.municipalityId);
  out.emit(room.audit(scope.municipalityId), 'audit.created', log, scope.municipalityId);
  return log;
}
