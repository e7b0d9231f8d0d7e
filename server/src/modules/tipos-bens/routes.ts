import { Router } from 'express';
import { catalogListQuery, idParam, tipoBemCreateBody, tipoBemUpdateBody } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, municipalityOf } from '../../auth/middleware';
import { body, params, query } from '../../http/validate';
import * as service from './service';

/** Asset types (spec §7): read with bens:read, changed with catalogs:manage (admin, supervisor). */
export function tipoBemRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/tipos-bens', can('bens:read'), async (req, res) => {
    const { active } = query(req, catalogListQuery);
    const tiposBens = await service.listTipos(ctx, municipalityOf(req), active === 'true');
    res.json({ tiposBens, total: tiposBens.length });
  });
  r.post('/tipos-bens', can('catalogs:manage'), async (req, res) => {
    res.status(201).json(await service.createTipo(ctx, municipalActor(req), body(req, tipoBemCreateBody)));
  });
  r.put('/tipos-bens/:id', can('catalogs:manage'), async (req, res) => {
    res.json(await service.updateTipo(ctx, municipalActor(req), params(req, idParam).id, body(req, tipoBemUpdateBody)));
  });
  r.patch('/tipos-bens/:id/toggle', can('catalogs:manage'), async (req, res) => {
    res.json(await service.toggleTipo(ctx, municipalActor(req), params(req, idParam).id));
  });
  r.delete('/tipos-bens/:id', can('catalogs:manage'), async (req, res) => {
    await service.deleteTipo(ctx, municipalActor(req), params(req, idParam).id);
    res.status(204).end();
  });
  return r;
}
