import {
  catalogListQuery,
  catalogToggleBody,
  formaAquisicaoCreateBody,
  formaAquisicaoUpdateBody,
  idParam,
} from '@tombo/shared';
import { route } from '../../http/route';
import { createFormaAquisicao, deleteFormaAquisicao, toggleFormaAquisicao, updateFormaAquisicao } from './commands';
import { listFormasAquisicao } from './queries';

/** Acquisition forms (spec §7): read with bens:read, changed with catalogs:manage (admin, supervisor). */
export const formaAquisicaoRoutes = [
  route({
    method: 'get',
    path: '/formas-aquisicao',
    audience: 'municipal',
    permission: 'bens:read',
    query: catalogListQuery,
    handler: async (c) => {
      const formasAquisicao = await c.read((tx) => listFormasAquisicao(tx, c.scope, c.query.active === 'true'));
      return { formasAquisicao, total: formasAquisicao.length };
    },
  }),
  route({
    method: 'post',
    path: '/formas-aquisicao',
    audience: 'municipal',
    permission: 'catalogs:manage',
    body: formaAquisicaoCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => createFormaAquisicao(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'put',
    path: '/formas-aquisicao/:id',
    audience: 'municipal',
    permission: 'catalogs:manage',
    params: idParam,
    access: { param: 'id', rule: 'formaAquisicao.manage' },
    body: formaAquisicaoUpdateBody,
    handler: (c) => c.command((tx, out) => updateFormaAquisicao(tx, out, c.scope, c.params.id, c.body)),
  }),
  route({
    method: 'patch',
    path: '/formas-aquisicao/:id/toggle-status',
    audience: 'municipal',
    permission: 'catalogs:manage',
    params: idParam,
    access: { param: 'id', rule: 'formaAquisicao.manage' },
    body: catalogToggleBody,
    handler: (c) => c.command((tx, out) => toggleFormaAquisicao(tx, out, c.scope, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/formas-aquisicao/:id',
    audience: 'municipal',
    permission: 'catalogs:manage',
    params: idParam,
    access: { param: 'id', rule: 'formaAquisicao.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteFormaAquisicao(tx, out, c.scope, c.params.id)),
  }),
];
