import { CLIENT_AUDIT_RATE, auditCreateBody, auditListQuery, auditRecentQuery } from '@tombo/shared';
import { rateLimiter } from '../../http/rate-limit';
import { route } from '../../http/route';
import { recordClientEntry } from './commands';
import { listAudit, listAuthors, recentAudit } from './queries';

/** Client-reported entries per user and window (one budget, shared by every node with Redis). */
const perUser = rateLimiter(() => ({
  name: 'audit',
  windowMs: CLIENT_AUDIT_RATE.windowMs,
  limit: CLIENT_AUDIT_RATE.max,
  keyGenerator: (req) => `u:${req.principal!.id}`,
  headers: 'draft-8',
  message: () => 'Muitos registros de atividade enviados. Aguarde um minuto e tente novamente.',
}));

/** The activity log (spec §7 Audit). */
export const auditRoutes = [
  route({
    method: 'get',
    path: '/audit-logs',
    audience: 'municipal',
    permission: 'audit:read',
    query: auditListQuery,
    handler: (c) => c.read((tx) => listAudit(tx, c.scope, c.query)),
  }),
  // The users an entry may be filtered by (a supervisor reads the log without `users:read`): ids and names only.
  route({
    method: 'get',
    path: '/audit-logs/autores',
    audience: 'municipal',
    permission: 'audit:read',
    handler: (c) => c.read((tx) => listAuthors(tx, c.scope)),
  }),
  // 'Atividade Recente': every municipal user, each seeing what they may (the query decides from the caller).
  route({
    method: 'get',
    path: '/audit-logs/recentes',
    audience: 'municipal',
    query: auditRecentQuery,
    handler: (c) => {
      const can = (p: 'audit:read' | 'bens:read') => c.principal.permissions.includes(p);
      const sight = can('audit:read') ? 'all' : can('bens:read') ? 'assets' : 'none';
      return c.read(async (tx) => ({ logs: await recentAudit(tx, c.scope, sight, c.query.limit) }));
    },
  }),
  // Client-reported events (spec §7): sync actions only, per-user rate limit; author and municipality from the token.
  route({
    method: 'post',
    path: '/audit-logs',
    audience: 'municipal',
    body: auditCreateBody,
    status: 201,
    handler: async (c) => {
      await perUser(c);
      await c.command((tx, out) => recordClientEntry(tx, out, c.scope, c.body));
      return { ok: true };
    },
  }),
];
