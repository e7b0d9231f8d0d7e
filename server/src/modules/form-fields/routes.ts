import { Router } from 'express';
import { formFieldCreateBody, formFieldReorderBody, formFieldUpdateBody, idParam } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalActor, municipalityOf } from '../../auth/middleware';
import { body, params } from '../../http/validate';
import * as service from './service';

/** Asset form fields (spec §3/§8), persisted per municipality. */
export function formFieldRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get('/asset-form-fields', can('bens:read'), async (req, res) => {
    const fields = await service.listFields(ctx.db, municipalityOf(req));
    res.json({ fields, total: fields.length });
  });
  // Registered before '/:id' so "reorder" is not taken for an id.
  r.put('/asset-form-fields/reorder', can('catalogs:manage'), async (req, res) => {
    const fields = await service.reorderFields(ctx, municipalActor(req), body(req, formFieldReorderBody).ids);
    res.json({ fields, total: fields.length });
  });
  r.post('/asset-form-fields', can('catalogs:manage'), async (req, res) => {
    res.status(201).json(await service.createField(ctx, municipalActor(req), body(req, formFieldCreateBody)));
  });
  r.put('/asset-form-fields/:id', can('catalogs:manage'), async (req, res) => {
    res.json(
      await service.updateField(ctx, municipalActor(req), params(req, idParam).id, body(req, formFieldUpdateBody)),
    );
  });
  r.delete('/asset-form-fields/:id', can('catalogs:manage'), async (req, res) => {
    await service.deleteField(ctx, municipalActor(req), params(req, idParam).id);
    res.status(204).end();
  });
  return r;
}
