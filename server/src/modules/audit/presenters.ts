import type { AuditLog } from '@tombo/shared';
import type { auditLogs } from '../../db/schema';

/** The only row → API mapping of an audit entry. */
export const presentLog = (r: typeof auditLogs.$inferSelect): AuditLog => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});
