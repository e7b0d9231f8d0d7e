import { Router, type Request } from 'express';
import { customizationBody } from '@tombo/shared';
import type { AppContext } from '../../context';
import { authenticate, principal } from '../../auth/middleware';
import { actorOf } from '../../db/tx';
import { forbidden } from '../../http/errors';
import { body } from '../../http/validate';
import * as service from './service';

/** Superusers edit the installation-wide (login page) settings; admins their municipality's. */
function editableScope(req: Request): number | null {
  const p = principal(req);
  if (p.permissions.includes('superuser:access')) return null;
  if (!p.permissions.includes('settings:update') || p.municipalityId == null) throw forbidden();
  return p.municipalityId;
}

export function customizationPublicRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/customization/public', async (_req, res) => {
    res.json({ customization: await service.effective(ctx, null) });
  });
  r.get('/customization', authenticate(ctx), async (req, res) => {
    res.json({ customization: await service.effective(ctx, principal(req).municipalityId) });
  });
  r.put('/customization', authenticate(ctx), async (req, res) => {
    const scope = editableScope(req);
    const patch = body(req, customizationBody);
    res.json({ customization: await service.save(ctx, actorOf(principal(req)), scope, patch) });
  });
  r.post('/customization/reset', authenticate(ctx), async (req, res) => {
    const scope = editableScope(req);
    res.json({ customization: await service.reset(ctx, actorOf(principal(req)), scope) });
  });
  return r;
}
