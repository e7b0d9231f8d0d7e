import fsp from 'node:fs/promises';
import {
  idParam,
  imovelCreateBody,
  imovelExportBody,
  imovelExportQuery,
  imovelFileParams,
  imovelFieldCreateBody,
  imovelFieldReorderBody,
  imovelFieldUpdateBody,
  imovelListQuery,
  imovelUpdateBody,
} from '@tombo/shared';
import { route } from '../../http/route';
import { XLSX_MIME } from '../../jobs/files';
import { sendStoredFile, withUpload } from '../../uploads';
import { createJob, enqueueJob } from '../jobs';
import { receiveFile } from '../patrimonios';
import * as commands from './commands';
import * as fields from './fields';
import { imovelFiles } from './files';
import { findImovelArquivo, getImovel, listImovelFields, listImoveis } from './queries';
import { importImoveis } from './import';
import { readImovelSheet, writeImovelSheet } from './sheet';

const read = { param: 'id', rule: 'imovel.read' } as const;
const write = { param: 'id', rule: 'imovel.write' } as const;

/** The real-estate register (spec §7 Properties, property fields), issue 13. */
export const imovelRoutes = [
  route({
    method: 'get',
    path: '/imoveis',
    audience: 'municipal',
    permission: 'imoveis:read',
    query: imovelListQuery,
    handler: (c) => c.read((tx) => listImoveis(tx, c.scope, c.query)),
  }),
  route({
    method: 'get',
    path: '/imoveis/exportar.xlsx',
    audience: 'municipal',
    permission: 'imoveis:read',
    query: imovelExportQuery,
    handler: async (c) => {
      const sheet = await c.read((tx) => readImovelSheet(tx, c.scope, c.query));
      const file = await writeImovelSheet(c.ctx.config, sheet);
      try {
        return await sendStoredFile(c.res, file, {
          fileName: 'imoveis.xlsx',
          mimeType: XLSX_MIME,
          generated: true,
        });
      } finally {
        await fsp.rm(file, { force: true }).catch(() => undefined);
      }
    },
  }),
  route({
    method: 'post',
    path: '/imoveis/export',
    audience: 'municipal',
    permission: 'imoveis:read',
    body: imovelExportBody,
    status: 202,
    handler: async (c) => {
      const row = await c.command((tx, out) =>
        createJob(tx, out, c.scope, {
          ownerId: c.principal.id,
          name: 'export.imoveis',
          title: 'Imóveis (XLSX)',
          payload: { ...c.body },
          audit: { action: 'EXPORT_REQUEST', entityType: 'Imovel' },
        }),
      );
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
  route({
    method: 'post',
    path: '/imoveis/importar',
    audience: 'municipal',
    permission: 'imoveis:write',
    body: 'upload',
    status: 201,
    handler: async (c) => {
      const file = await receiveFile(c.ctx, c.req, c.res, 'import');
      try {
        return await c.command((tx, out) => importImoveis(tx, out, c.scope, file.path));
      } finally {
        await fsp.rm(file.path, { force: true }).catch(() => undefined);
      }
    },
  }),
  route({
    method: 'post',
    path: '/imoveis',
    audience: 'municipal',
    permission: 'imoveis:write',
    body: imovelCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => commands.createImovel(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'get',
    path: '/imoveis/:id',
    audience: 'municipal',
    permission: 'imoveis:read',
    params: idParam,
    access: read,
    handler: (c) => c.read((tx) => getImovel(tx, c.scope, c.params.id)),
  }),
  route({
    method: 'put',
    path: '/imoveis/:id',
    audience: 'municipal',
    permission: 'imoveis:write',
    params: idParam,
    access: write,
    body: imovelUpdateBody,
    handler: (c) => c.command((tx, out) => commands.updateImovel(tx, out, c.scope, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/imoveis/:id',
    audience: 'municipal',
    permission: 'imoveis:delete',
    params: idParam,
    access: write,
    status: 204,
    handler: (c) => c.command((tx, out) => commands.deleteImovel(tx, out, c.scope, c.params.id, c.ctx.config)),
  }),
  ...(['fotos', 'documentos'] as const).map((segment) =>
    route({
      method: 'post',
      path: `/imoveis/:id/${segment}`,
      audience: 'municipal',
      permission: 'imoveis:write',
      params: idParam,
      access: write, // 404 before reading the upload
      body: 'upload',
      status: 201,
      handler: async (c) => {
        const kind = segment === 'fotos' ? 'foto' : 'documento';
        const file = await receiveFile(c.ctx, c.req, c.res, kind);
        return withUpload(file, async (placed) => {
          const processed = await imovelFiles.processUpload(c.ctx, c.scope, c.params.id, kind, file);
          placed(processed.final);
          return c.command((tx, out) => commands.attachImovelArquivo(tx, out, c.scope, c.params.id, kind, processed));
        });
      },
    }),
  ),
  route({
    method: 'get',
    path: '/imoveis/:id/arquivos/:fileId',
    audience: 'municipal',
    permission: 'imoveis:read',
    params: imovelFileParams,
    access: read,
    handler: async (c) => {
      const { row, path } = await c.read((tx) =>
        findImovelArquivo(tx, c.scope, c.ctx.config, c.params.id, c.params.fileId),
      );
      return sendStoredFile(c.res, path, { ...row, inline: row.kind === 'foto' });
    },
  }),
  route({
    method: 'delete',
    path: '/imoveis/:id/arquivos/:fileId',
    audience: 'municipal',
    permission: 'imoveis:write',
    params: imovelFileParams,
    access: write,
    handler: (c) =>
      c.command((tx, out) =>
        commands.removeImovelArquivo(tx, out, c.scope, c.params.id, c.params.fileId, c.ctx.config),
      ),
  }),

  // Custom fields of the property form (/imoveis/campos).
  route({
    method: 'get',
    path: '/imovel-fields',
    audience: 'municipal',
    permission: 'imoveis:read',
    handler: async (c) => {
      const list = await c.read((tx) => listImovelFields(tx, c.scope));
      return { fields: list, total: list.length };
    },
  }),
  // Declared before '/:id' so "reorder" is not taken for an id.
  route({
    method: 'put',
    path: '/imovel-fields/reorder',
    audience: 'municipal',
    permission: 'imoveis:manage_fields',
    body: imovelFieldReorderBody,
    handler: async (c) => {
      const list = await c.command((tx, out) => fields.reorderImovelFields(tx, out, c.scope, c.body.ids));
      return { fields: list, total: list.length };
    },
  }),
  route({
    method: 'post',
    path: '/imovel-fields',
    audience: 'municipal',
    permission: 'imoveis:manage_fields',
    body: imovelFieldCreateBody,
    status: 201,
    handler: (c) => c.command((tx, out) => fields.createImovelField(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'put',
    path: '/imovel-fields/:id',
    audience: 'municipal',
    permission: 'imoveis:manage_fields',
    params: idParam,
    access: { param: 'id', rule: 'imovelField.manage' },
    body: imovelFieldUpdateBody,
    handler: (c) => c.command((tx, out) => fields.updateImovelField(tx, out, c.scope, c.params.id, c.body)),
  }),
  route({
    method: 'delete',
    path: '/imovel-fields/:id',
    audience: 'municipal',
    permission: 'imoveis:manage_fields',
    params: idParam,
    access: { param: 'id', rule: 'imovelField.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => fields.deleteImovelField(tx, out, c.scope, c.params.id)),
  }),
];
