import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { CLIENT_AUDIT_RATE, auditCreateBody, auditListQuery } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalityOf, principal } from '../../auth/middleware';
import { actorOf, mutate } from '../../db/tx';
import { HttpError } from '../../http/errors';
import { body, query } from '../../http/validate';
import { listAudit, recordClientEntry } from './service';

const TOO_MANY = 'Muitos registros de atividade enviados. Aguarde um minuto e tente novamente.';

export function auditRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/audit-logs', can('audit:read'), async (req, res) => {
    res.json(await listAudit(ctx.db, municipalityOf(req), query(req, auditListQuery)));
  });
  /** Client-reported events (spec §7): sync actions only, per-user rate limit; author and municipality from the token. */
  const perUser = rateLimit({
    windowMs: CLIENT_AUDIT_RATE.windowMs,
    limit: CLIENT_AUDIT_RATE.max,
    keyGenerator: (req) => `u:${principal(req).id}`,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new HttpError(429, 'RATE_LIMITED', TOO_MANY)),
  });
  r.post('/audit-logs', perUser, async (req, res) => {
    const entry = body(req, auditCreateBody);
    await mutate(ctx, actorOf(principal(req)), (tx, out) => recordClientEntry(tx, out, entry));
    res.status(201).json({ ok: true });
  });
  return r;
}
