import { Router } from 'express';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { auditCreateBody, auditListQuery, type AuditLog } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalityOf, principal } from '../../auth/middleware';
import { auditLogs } from '../../db/schema';
import { actorOf, audit, mutate } from '../../db/tx';
import { body, query } from '../../http/validate';

const toLog = (r: typeof auditLogs.$inferSelect): AuditLog => ({ ...r, createdAt: r.createdAt.toISOString() });

export function auditRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/audit-logs', can('audit:read'), async (req, res) => {
    const q = query(req, auditListQuery);
    const conds: SQL[] = [eq(auditLogs.municipalityId, municipalityOf(req))];
    if (q.entityType) conds.push(eq(auditLogs.entityType, q.entityType));
    if (q.action) conds.push(eq(auditLogs.action, q.action));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      ctx.db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(desc(auditLogs.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
      ctx.db.select({ n: count() }).from(auditLogs).where(where),
    ]);
    res.json({ logs: rows.map(toLog), total: n, page: q.page, pageSize: q.pageSize });
  });
  /** Client-reported events (spec §7); the author and municipality come from the token. */
  r.post('/audit-logs', async (req, res) => {
    const entry = body(req, auditCreateBody);
    await mutate(ctx, actorOf(principal(req)), (tx, out) => audit(tx, out, entry));
    res.status(201).json({ ok: true });
  });
  return r;
}
