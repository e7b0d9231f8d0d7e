import { dashboardLayoutBody, painelParam } from '@tombo/shared';
import { route } from '../../http/route';
import { assetStats } from './queries';
import { imovelResumo } from './imoveis';
import {
  administracaoResumo,
  aprovacoesPendentes,
  emprestimosResumo,
  inventariosEmAndamento,
  pendencias,
} from './pendencias';
import { getLayout } from './layouts';
import { primeirosPassos } from './primeiros-passos';
import { resetLayout, saveLayout } from './commands/layouts';

/** Figures for the dashboard widgets; a usuario's figures cover only its own sectors. */
export const dashboardRoutes = [
  route({
    method: 'get',
    path: '/dashboard/bens',
    audience: 'municipal',
    permission: 'bens:read',
    handler: (c) => c.read((tx) => assetStats(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/dashboard/pendencias',
    audience: 'municipal',
    permission: 'bens:read',
    handler: (c) => c.read((tx) => pendencias(tx, c.scope, c.principal.id)),
  }),
  route({
    method: 'get',
    path: '/dashboard/imoveis',
    audience: 'municipal',
    permission: 'imoveis:read',
    handler: (c) => c.read((tx) => imovelResumo(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/dashboard/aprovacoes',
    audience: 'municipal',
    permission: 'transfers:decide',
    handler: (c) => c.read((tx) => aprovacoesPendentes(tx, c.scope, c.principal.id)),
  }),
  route({
    method: 'get',
    path: '/dashboard/inventarios',
    audience: 'municipal',
    permission: 'inventarios:read',
    handler: (c) => c.read((tx) => inventariosEmAndamento(tx, c.scope, c.principal.id)),
  }),
  route({
    method: 'get',
    path: '/dashboard/emprestimos/atrasados',
    audience: 'municipal',
    permission: 'bens:read',
    handler: (c) => c.read((tx) => emprestimosResumo(tx, c.scope, 'atrasado')),
  }),
  route({
    method: 'get',
    path: '/dashboard/emprestimos/abertos',
    audience: 'municipal',
    permission: 'bens:read',
    handler: (c) => c.read((tx) => emprestimosResumo(tx, c.scope, 'aberto')),
  }),
  route({
    method: 'get',
    path: '/dashboard/minhas-solicitacoes',
    audience: 'municipal',
    permission: 'transfers:request',
    handler: (c) => c.read((tx) => aprovacoesPendentes(tx, c.scope, c.principal.id)),
  }),
  route({
    method: 'get',
    path: '/dashboard/primeiros-passos',
    audience: 'municipal',
    permission: 'settings:update',
    handler: (c) => c.read((tx) => primeirosPassos(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/dashboard/administracao',
    audience: 'municipal',
    permission: 'users:update',
    handler: (c) => c.read((tx) => administracaoResumo(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/dashboard/layouts/:painel',
    audience: 'municipal',
    params: painelParam,
    handler: (c) => c.read((tx) => getLayout(tx, c.scope, c.principal, c.params.painel)),
  }),
  route({
    method: 'put',
    path: '/dashboard/layouts/:painel',
    audience: 'municipal',
    params: painelParam,
    body: dashboardLayoutBody,
    handler: (c) => c.command((tx, out) => saveLayout(tx, out, c.scope, c.principal, c.params.painel, c.body)),
  }),
  route({
    method: 'delete',
    path: '/dashboard/layouts/:painel',
    audience: 'municipal',
    params: painelParam,
    handler: (c) => c.command((tx, out) => resetLayout(tx, out, c.scope, c.principal, c.params.painel)),
  }),
];
