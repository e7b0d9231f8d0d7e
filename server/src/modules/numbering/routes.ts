import { Router } from 'express';
import { numberingBody, numberingNextQuery } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, municipalityOf, principal } from '../../auth/middleware';
import { body, query } from '../../http/validate';
import { scopeOf } from '../patrimonios/scope';
import * as service from './service';

/** The municipality's asset numbering pattern (spec §3, default §9). */
export function numberingRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/numeracao', can('bens:read'), async (req, res) => {
    res.json({ pattern: await service.getPattern(ctx.db, municipalityOf(req)) });
  });
  // The next number per sector, as it would be issued now (nothing reserved); a usuario sees its own sectors.
  r.get('/numeracao/proximo', can('bens:read'), async (req, res) => {
    const { sectorId } = query(req, numberingNextQuery);
    res.json(await service.nextNumbers(ctx.db, scopeOf(principal(req)), sectorId));
  });
  r.put('/numeracao', can('catalogs:manage'), async (req, res) => {
    res.json({ pattern: await service.savePattern(ctx, municipalActor(req), body(req, numberingBody)) });
  });
  return r;
}
