import {
  depreciacaoConfigBody,
  depreciacaoPatrimonioQuery,
  idParam,
  reavaliacaoBody,
  reducaoBody,
  reversaoBody,
  competenciaParam,
  fechamentoBody,
  resumoQuery,
} from '@tombo/shared';
import { route } from '../../http/route';
import { enqueueJob } from '../jobs';
import { registrarEvento, salvarConfig } from './commands';
import { listarFechamentos, reabrirFechamento, solicitarFechamento } from './fechamentos';
import { resumoDepreciacao } from './resumo';
import { configDoMunicipio, depreciacaoDoPatrimonio, eventosDoPatrimonio } from './queries';

const doBem = { param: 'id', rule: 'patrimonio.read' } as const;

/** Depreciation (issue 14; docs/depreciation.md). */
export const depreciacaoRoutes = [
  route({
    method: 'get',
    path: '/depreciacao/patrimonios/:id',
    audience: 'municipal',
    permission: 'bens:read',
    params: idParam,
    query: depreciacaoPatrimonioQuery,
    access: doBem,
    handler: (c) => c.read((tx) => depreciacaoDoPatrimonio(tx, c.scope, c.params.id, c.query.data)),
  }),
  route({
    method: 'get',
    path: '/patrimonios/:id/eventos-valor',
    audience: 'municipal',
    permission: 'bens:read',
    params: idParam,
    access: doBem,
    handler: (c) => c.read((tx) => eventosDoPatrimonio(tx, c.scope, c.params.id)),
  }),
  route({
    method: 'post',
    path: '/patrimonios/:id/reavaliacoes',
    audience: 'municipal',
    permission: 'depreciacao:manage',
    params: idParam,
    access: doBem,
    body: reavaliacaoBody,
    status: 201,
    handler: (c) =>
      c.command((tx, out) => registrarEvento(tx, out, c.scope, c.params.id, { tipo: 'reavaliacao', ...c.body })),
  }),
  route({
    method: 'post',
    path: '/patrimonios/:id/reducoes-valor-recuperavel',
    audience: 'municipal',
    permission: 'depreciacao:manage',
    params: idParam,
    access: doBem,
    body: reducaoBody,
    status: 201,
    handler: (c) =>
      c.command((tx, out) => registrarEvento(tx, out, c.scope, c.params.id, { tipo: 'reducao', ...c.body })),
  }),
  route({
    method: 'post',
    path: '/patrimonios/:id/reducoes-valor-recuperavel/reversao',
    audience: 'municipal',
    permission: 'depreciacao:manage',
    params: idParam,
    access: doBem,
    body: reversaoBody,
    status: 201,
    handler: (c) =>
      c.command((tx, out) => registrarEvento(tx, out, c.scope, c.params.id, { tipo: 'reversao', ...c.body })),
  }),
  route({
    method: 'get',
    path: '/depreciacao/config',
    audience: 'municipal',
    permission: 'bens:read',
    handler: async (c) => ({ config: await c.read((tx) => configDoMunicipio(tx, c.scope)) }),
  }),
  route({
    method: 'put',
    path: '/depreciacao/config',
    audience: 'municipal',
    permission: 'settings:update',
    body: depreciacaoConfigBody,
    handler: (c) => c.command((tx, out) => salvarConfig(tx, out, c.scope, c.body)),
  }),

  route({
    method: 'get',
    path: '/depreciacao/fechamentos',
    audience: 'municipal',
    permission: 'bens:read',
    handler: (c) => c.read((tx) => listarFechamentos(tx, c.scope)),
  }),
  route({
    method: 'post',
    path: '/depreciacao/fechamentos',
    audience: 'municipal',
    permission: 'depreciacao:manage',
    body: fechamentoBody,
    status: 202,
    handler: async (c) => {
      const row = await c.command((tx, out) => solicitarFechamento(tx, out, c.scope, c.actor, c.body.competencia));
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
  route({
    method: 'delete',
    path: '/depreciacao/fechamentos/:competencia',
    audience: 'municipal',
    permission: 'depreciacao:reopen',
    params: competenciaParam,
    handler: (c) => c.command((tx, out) => reabrirFechamento(tx, out, c.scope, c.params.competencia)),
  }),
  route({
    method: 'get',
    path: '/depreciacao/resumo',
    audience: 'municipal',
    permission: 'bens:read',
    query: resumoQuery,
    handler: (c) => c.read((tx) => resumoDepreciacao(tx, c.scope, c.query.data)),
  }),
];
