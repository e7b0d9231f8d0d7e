import { idParam, localCreateBody, localListQuery, localUpdateBody } from '@tombo/shared';
import { route } from '../../http/route';
import { createLocal, deleteLocal, updateLocal } from './commands';
import { listLocais } from './queries';

/** Locations (spec §7 Locais). */
export const localRoutes = [
  route({
    method: 'get',
    path: '/locais',
    audience: 'municipal',
    permission: 'locais:read',
    query: localListQuery,
    handler: async (c) => {
      const locais = await c.read((tx) => listLocais(tx, c.scope, c.query.sectorId));
      return { locais, total: locais.length };
    },
  }),
  route({
    method: 'post',
    path: '/locais',
    audience: 'municipal',
    permission: 'locais:manage',
    body: localCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => createLocal(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'put',
    path: '/locais/:id',
    audience: 'municipal',
    permission: 'locais:manage',
    params: idParam,
    access: { param: 'id', rule: 'local.manage' },
    body: localUpdateBody,
    handler: (c) => c.command((tx, out) => updateLocal(tx, out, c.scope, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/locais/:id',
    audience: 'municipal',
    permission: 'locais:manage',
    params: idParam,
    access: { param: 'id', rule: 'local.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteLocal(tx, out, c.scope, c.params.id)),
  }),
];
