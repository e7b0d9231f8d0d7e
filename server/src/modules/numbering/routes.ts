import { Router } from 'express';
import { numberingBody } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, municipalityOf } from '../../auth/middleware';
import { body } from '../../http/validate';
import * as service from './service';

/** The municipality's asset numbering pattern (spec §3, default §9). */
export function numberingRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/numeracao', can('bens:read'), async (req, res) => {
    res.json({ pattern: await service.getPattern(ctx.db, municipalityOf(req)) });
  });
  r.put('/numeracao', can('catalogs:manage'), async (req, res) => {
    res.json({ pattern: await service.savePattern(ctx, municipalActor(req), body(req, numberingBody)) });
  });
  return r;
}
