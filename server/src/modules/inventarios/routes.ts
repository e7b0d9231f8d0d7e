import {
  idParam,
  INVENTARIO_LIMITS,
  INVENTARIO_MSG,
  inventarioCreateBody,
  inventarioItensQuery,
  inventarioLeiturasQuery,
  inventarioListQuery,
  inventarioUpdateBody,
  leiturasBody,
  leiturasEnvelope,
} from '@tombo/shared';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { parse } from '../../http/validate';
import { applyLeituras, createInventario, deleteInventario, finalizeInventario, updateInventario } from './commands';
import { listMembrosPossiveis } from '../comissoes';
import { getInventario, listInventarios, listItens, listLeituras } from './queries';
import { getResumo } from './report';

/** Inventories (spec §3 Inventário, §4 Inventory, §7): a commission counting live, readings applied once. */
export const inventarioRoutes = [
  route({
    method: 'get',
    path: '/inventarios',
    audience: 'municipal',
    permission: 'inventarios:read',
    query: inventarioListQuery,
    handler: (c) => c.read((tx) => listInventarios(tx, c.scope, c.principal.id, c.query)),
  }),
  route({
    method: 'get',
    path: '/inventarios/membros',
    audience: 'municipal',
    permission: 'inventarios:create',
    // Who may sit on an inventory's commission: the same people a standing commission may name.
    handler: (c) => c.read((tx) => listMembrosPossiveis(tx, c.scope)),
  }),
  route({
    method: 'post',
    path: '/inventarios',
    audience: 'municipal',
    permission: 'inventarios:create',
    body: inventarioCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => createInventario(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'get',
    path: '/inventarios/:id',
    audience: 'municipal',
    permission: 'inventarios:read',
    params: idParam,
    access: { param: 'id', rule: 'inventario.read', message: INVENTARIO_MSG.notFound },
    handler: async (c) => ({
      inventario: await c.read((tx) => getInventario(tx, c.scope, c.principal.id, c.params.id)),
    }),
  }),
  route({
    method: 'put',
    path: '/inventarios/:id',
    audience: 'municipal',
    permission: 'inventarios:manage',
    params: idParam,
    access: { param: 'id', rule: 'inventario.manage', message: INVENTARIO_MSG.notFound },
    body: inventarioUpdateBody,
    handler: (c) => c.command((tx, out) => updateInventario(tx, out, c.scope, c.principal.id, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/inventarios/:id',
    audience: 'municipal',
    permission: 'inventarios:manage',
    params: idParam,
    access: { param: 'id', rule: 'inventario.manage', message: INVENTARIO_MSG.notFound },
    status: 204,
    handler: async (c) => {
      await c.command((tx, out) => deleteInventario(tx, out, c.scope, c.principal.id, c.params.id));
      return undefined;
    },
  }),
  route({
    method: 'get',
    path: '/inventarios/:id/itens',
    audience: 'municipal',
    permission: 'inventarios:read',
    params: idParam,
    access: { param: 'id', rule: 'inventario.read', message: INVENTARIO_MSG.notFound },
    query: inventarioItensQuery,
    handler: (c) => c.read((tx) => listItens(tx, c.scope, c.principal.id, c.params.id, c.query)),
  }),
  route({
    method: 'get',
    path: '/inventarios/:id/leituras',
    audience: 'municipal',
    permission: 'inventarios:read',
    params: idParam,
    access: { param: 'id', rule: 'inventario.read', message: INVENTARIO_MSG.notFound },
    query: inventarioLeiturasQuery,
    handler: (c) => c.read((tx) => listLeituras(tx, c.scope, c.principal.id, c.params.id, c.query)),
  }),
  route({
    method: 'post',
    path: '/inventarios/:id/leituras',
    audience: 'municipal',
    permission: 'inventarios:count',
    params: idParam,
    access: { param: 'id', rule: 'inventario.count', message: INVENTARIO_MSG.notFound },
    body: leiturasEnvelope,
    handler: async (c) => {
      if (c.body.leituras.length > INVENTARIO_LIMITS.batchMax)
        throw new HttpError(413, 'TOO_LARGE', INVENTARIO_MSG.batchTooLarge(INVENTARIO_LIMITS.batchMax));
      const { leituras } = parse(leiturasBody, c.body);
      return c.command((tx, out) => applyLeituras(tx, out, c.scope, c.principal.id, c.params.id, leituras));
    },
  }),
  route({
    method: 'post',
    path: '/inventarios/:id/finalizar',
    audience: 'municipal',
    permission: 'inventarios:manage',
    params: idParam,
    access: { param: 'id', rule: 'inventario.manage', message: INVENTARIO_MSG.notFound },
    handler: (c) => c.command((tx, out) => finalizeInventario(tx, out, c.scope, c.principal.id, c.params.id)),
  }),
  route({
    method: 'get',
    path: '/inventarios/:id/resumo',
    audience: 'municipal',
    permission: 'inventarios:read',
    params: idParam,
    access: { param: 'id', rule: 'inventario.read', message: INVENTARIO_MSG.notFound },
    handler: (c) => c.read((tx) => getResumo(tx, c.scope, c.principal.id, c.params.id)),
  }),
];
