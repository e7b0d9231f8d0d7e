import {
  idParam,
  manutencaoAnexoParams,
  manutencaoCreateBody,
  manutencaoImoveisQuery,
  manutencaoListQuery,
  manutencaoUpdateBody,
} from '@tombo/shared';
import { route } from '../../http/route';
import { sendStoredFile, withUpload } from '../../uploads';
import { attachAnexo, createManutencao, deleteManutencao, findAnexo, removeAnexo, updateManutencao } from './commands';
import { receiveAnexo, storeAnexo } from './files';
import { getManutencao, listManutencoes, lookupImoveis } from './queries';

const read = { param: 'id', rule: 'manutencao.read' } as const;
const manage = { param: 'id', rule: 'manutencao.manage' } as const;

/** Maintenance tasks of properties (/imoveis/manutencao): every role reads, `manutencoes:manage` writes. */
export const manutencaoRoutes = [
  route({
    method: 'get',
    path: '/manutencoes',
    audience: 'municipal',
    permission: 'imoveis:read',
    query: manutencaoListQuery,
    handler: (c) => c.read((tx) => listManutencoes(tx, c.scope, c.query)),
  }),
  route({
    method: 'get',
    path: '/manutencoes/imoveis',
    audience: 'municipal',
    permission: 'imoveis:read',
    query: manutencaoImoveisQuery,
    handler: (c) => c.read((tx) => lookupImoveis(tx, c.scope, c.query)),
  }),
  route({
    method: 'get',
    path: '/manutencoes/:id',
    audience: 'municipal',
    permission: 'imoveis:read',
    params: idParam,
    access: read,
    handler: async (c) => ({ manutencao: await c.read((tx) => getManutencao(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/manutencoes',
    audience: 'municipal',
    permission: 'manutencoes:manage',
    body: manutencaoCreateBody,
    status: 201,
    handler: async (c) => ({
      manutencao: await c.command((tx, out) => createManutencao(tx, out, c.scope, c.body)),
    }),
  }),
  route({
    method: 'put',
    path: '/manutencoes/:id',
    audience: 'municipal',
    permission: 'manutencoes:manage',
    params: idParam,
    access: manage,
    body: manutencaoUpdateBody,
    handler: async (c) => ({
      manutencao: await c.command((tx, out) => updateManutencao(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'delete',
    path: '/manutencoes/:id',
    audience: 'municipal',
    permission: 'manutencoes:manage',
    params: idParam,
    access: manage,
    status: 204,
    handler: (c) => c.command((tx, out) => deleteManutencao(tx, out, c.scope, c.params.id, c.ctx.config)),
  }),
  route({
    method: 'post',
    path: '/manutencoes/:id/anexos',
    audience: 'municipal',
    permission: 'manutencoes:manage',
    params: idParam,
    access: manage, // 404 before reading the upload
    body: 'upload',
    status: 201,
    handler: async (c) => {
      const file = await receiveAnexo(c.ctx, c.req, c.res);
      return withUpload(file, async (placed) => {
        const stored = await storeAnexo(c.ctx, c.scope, c.params.id, file);
        placed(stored.final);
        return { manutencao: await c.command((tx, out) => attachAnexo(tx, out, c.scope, c.params.id, stored)) };
      });
    },
  }),
  route({
    method: 'get',
    path: '/manutencoes/:id/anexos/:fileId',
    audience: 'municipal',
    permission: 'imoveis:read',
    params: manutencaoAnexoParams,
    access: read,
    handler: async (c) => {
      const { row, path } = await c.read((tx) => findAnexo(tx, c.scope, c.ctx.config, c.params.id, c.params.fileId));
      return sendStoredFile(c.res, path, { ...row, inline: row.mimeType.startsWith('image/') });
    },
  }),
  route({
    method: 'delete',
    path: '/manutencoes/:id/anexos/:fileId',
    audience: 'municipal',
    permission: 'manutencoes:manage',
    params: manutencaoAnexoParams,
    access: manage,
    handler: async (c) => ({
      manutencao: await c.command((tx, out) =>
        removeAnexo(tx, out, c.scope, c.params.id, c.params.fileId, c.ctx.config),
      ),
    }),
  }),
];
