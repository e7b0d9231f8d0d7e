import { Router } from 'express';
import { catalogListQuery, formaAquisicaoCreateBody, formaAquisicaoUpdateBody, idParam } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, municipalityOf } from '../../auth/middleware';
import { body, params, query } from '../../http/validate';
import * as service from './service';

/** Acquisition forms (spec §7): read with bens:read, changed with catalogs:manage (admin, supervisor). */
export function formaAquisicaoRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/formas-aquisicao', can('bens:read'), async (req, res) => {
    const { active } = query(req, catalogListQuery);
    const formasAquisicao = await service.listFormas(ctx, municipalityOf(req), active === 'true');
    res.json({ formasAquisicao, total: formasAquisicao.length });
  });
  r.post('/formas-aquisicao', can('catalogs:manage'), async (req, res) => {
    res.status(201).json(await service.createForma(ctx, municipalActor(req), body(req, formaAquisicaoCreateBody)));
  });
  r.put('/formas-aquisicao/:id', can('catalogs:manage'), async (req, res) => {
    res.json(
      await service.updateForma(ctx, municipalActor(req), params(req, idParam).id, body(req, formaAquisicaoUpdateBody)),
    );
  });
  r.patch('/formas-aquisicao/:id/toggle-status', can('catalogs:manage'), async (req, res) => {
    res.json(await service.toggleForma(ctx, municipalActor(req), params(req, idParam).id));
  });
  r.delete('/formas-aquisicao/:id', can('catalogs:manage'), async (req, res) => {
    await service.deleteForma(ctx, municipalActor(req), params(req, idParam).id);
    res.status(204).end();
  });
  return r;
}
