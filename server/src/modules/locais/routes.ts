import { Router } from 'express';
import { idParam, localCreateBody, localListQuery, localUpdateBody } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, municipalityOf } from '../../auth/middleware';
import { body, params, query } from '../../http/validate';
import * as service from './service';

export function localRoutes(ctx: AppContext): Router {
  const r = Router();

  r.get('/locais', can('locais:read'), async (req, res) => {
    const { sectorId } = query(req, localListQuery);
    const locais = await service.listLocais(ctx, municipalityOf(req), sectorId);
    res.json({ locais, total: locais.length });
  });
  r.post('/locais', can('locais:manage'), async (req, res) => {
    res.status(201).json(await service.createLocal(ctx, municipalActor(req), body(req, localCreateBody)));
  });
  r.put('/locais/:id', can('locais:manage'), async (req, res) => {
    res.json(await service.updateLocal(ctx, municipalActor(req), params(req, idParam).id, body(req, localUpdateBody)));
  });
  r.delete('/locais/:id', can('locais:manage'), async (req, res) => {
    await service.deleteLocal(ctx, municipalActor(req), params(req, idParam).id);
    res.status(204).end();
  });
  return r;
}
