import { comissaoCreateBody, comissaoListQuery, comissaoUpdateBody, idParam } from '@tombo/shared';
import { route } from '../../http/route';
import { createComissao, updateComissao } from './commands';
import { getComissao, listComissoes, listMembrosPossiveis } from './queries';

/** Standing patrimonial commissions (issue 37): inventory, evaluation and write-off. */
export const comissaoRoutes = [
  route({
    method: 'get',
    path: '/comissoes',
    audience: 'municipal',
    permission: 'comissoes:read',
    query: comissaoListQuery,
    handler: async (c) => ({ comissoes: await c.read((tx) => listComissoes(tx, c.scope, c.query)) }),
  }),
  route({
    method: 'get',
    path: '/comissoes/membros',
    audience: 'municipal',
    permission: 'comissoes:manage',
    handler: (c) => c.read((tx) => listMembrosPossiveis(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/comissoes/:id',
    audience: 'municipal',
    permission: 'comissoes:read',
    params: idParam,
    access: { param: 'id', rule: 'comissao.own' },
    handler: async (c) => ({ comissao: await c.read((tx) => getComissao(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/comissoes',
    audience: 'municipal',
    permission: 'comissoes:manage',
    body: comissaoCreateBody,
    status: 201,
    handler: async (c) => ({ comissao: await c.command((tx, out) => createComissao(tx, out, c.scope, c.body)) }),
  }),
  route({
    method: 'put',
    path: '/comissoes/:id',
    audience: 'municipal',
    permission: 'comissoes:manage',
    params: idParam,
    access: { param: 'id', rule: 'comissao.own' },
    body: comissaoUpdateBody,
    handler: async (c) => ({
      comissao: await c.command((tx, out) => updateComissao(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
];
