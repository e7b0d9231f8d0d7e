import { Router } from 'express';
import { idParam, userCreateBody, userUpdateBody } from '@tombo/shared';
import type { AppContext } from '../../context';
import { can, municipalityOf, principal } from '../../auth/middleware';
import { actorOf } from '../../db/tx';
import { forbidden } from '../../http/errors';
import { body, params } from '../../http/validate';
import * as service from './service';

const SELF_EDITABLE = new Set(['name', 'avatarUrl', 'version']);

export function userRoutes(ctx: AppContext): Router {
  const r = Router();

  r.get('/users', can('users:read'), async (req, res) => {
    const users = await service.listUsers(ctx, municipalityOf(req));
    res.json({ users, total: users.length });
  });
  r.get('/users/:id', async (req, res) => {
    const me = principal(req);
    const { id } = params(req, idParam);
    if (id === me.id) return void res.json(await service.getUser(ctx, me.municipalityId, id));
    if (!me.permissions.includes('users:read')) throw forbidden();
    res.json(await service.getUser(ctx, municipalityOf(req), id));
  });
  r.post('/users', can('users:create'), async (req, res) => {
    const input = body(req, userCreateBody);
    res.status(201).json(await service.createUser(ctx, actorOf(principal(req)), municipalityOf(req), input));
  });
  r.put('/users/:id', async (req, res) => {
    const me = principal(req);
    const { id } = params(req, idParam);
    const input = body(req, userUpdateBody);
    const selfOnly = id === me.id && Object.keys(input).every((k) => SELF_EDITABLE.has(k));
    if (!selfOnly && !me.permissions.includes('users:update')) throw forbidden();
    res.json(await service.updateUser(ctx, actorOf(me), selfOnly ? me.municipalityId : municipalityOf(req), id, input));
  });
  r.delete('/users/:id', can('users:delete'), async (req, res) => {
    await service.deleteUser(ctx, actorOf(principal(req)), municipalityOf(req), params(req, idParam).id);
    res.status(204).end();
  });
  return r;
}
