import { Router } from 'express';
import { idParam, sectorCreateBody, sectorUpdateBody } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, municipalityOf } from '../../auth/middleware';
import { body, params } from '../../http/validate';
import * as service from './service';

export function sectorRoutes(ctx: AppContext): Router {
  const r = Router();

  r.get('/sectors', can('sectors:read'), async (req, res) => {
    const sectors = await service.listSectors(ctx, municipalityOf(req));
    res.json({ sectors, total: sectors.length });
  });
  r.post('/sectors', can('sectors:manage'), async (req, res) => {
    res.status(201).json(await service.createSector(ctx, municipalActor(req), body(req, sectorCreateBody)));
  });
  r.put('/sectors/:id', can('sectors:manage'), async (req, res) => {
    res.json(
      await service.updateSector(ctx, municipalActor(req), params(req, idParam).id, body(req, sectorUpdateBody)),
    );
  });
  r.delete('/sectors/:id', can('sectors:manage'), async (req, res) => {
    await service.deleteSector(ctx, municipalActor(req), params(req, idParam).id);
    res.status(204).end();
  });
  return r;
}
