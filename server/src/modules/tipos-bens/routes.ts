import { catalogListQuery, catalogToggleBody, idParam, tipoBemCreateBody, tipoBemUpdateBody } from '@tombo/shared';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { createTipoBem, deleteTipoBem, toggleTipoBem, updateTipoBem } from './commands';
import { listTiposBens } from './queries';

/** Asset types (spec §7): read with bens:read, changed with catalogs:manage (admin, supervisor). */
export const tipoBemRoutes = [
  route({
    method: 'get',
    path: '/tipos-bens',
    audience: 'municipal',
    permission: 'bens:read',
    query: catalogListQuery,
    handler: async (c) => {
      const tiposBens = await c.read((tx) => listTiposBens(tx, c.scope, c.query.active === 'true'));
      return { tiposBens, total: tiposBens.length };
    },
  }),
  route({
    method: 'post',
    path: '/tipos-bens',
    audience: 'municipal',
    permission: 'catalogs:manage',
    body: tipoBemCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => createTipoBem(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'put',
    path: '/tipos-bens/:id',
    audience: 'municipal',
    permission: 'catalogs:manage',
    params: idParam,
    access: { param: 'id', rule: 'tipoBem.manage' },
    body: tipoBemUpdateBody,
    handler: (c) => {
      // The accounts are the accountant's (contabilidade:manage); the rest of the type, the catalogue's.
      if (c.body.contas && !c.principal.permissions.includes('contabilidade:manage')) throw forbidden();
      return c.command((tx, out) => updateTipoBem(tx, out, c.scope, c.params.id, c.body));
    },
  }),
  route({
    method: 'patch',
    path: '/tipos-bens/:id/toggle',
    audience: 'municipal',
    permission: 'catalogs:manage',
    params: idParam,
    access: { param: 'id', rule: 'tipoBem.manage' },
    body: catalogToggleBody,
    handler: (c) => c.command((tx, out) => toggleTipoBem(tx, out, c.scope, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/tipos-bens/:id',
    audience: 'municipal',
    permission: 'catalogs:manage',
    params: idParam,
    access: { param: 'id', rule: 'tipoBem.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteTipoBem(tx, out, c.scope, c.params.id)),
  }),
];
