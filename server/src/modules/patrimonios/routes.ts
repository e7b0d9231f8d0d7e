import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Request } from 'express';
import { z } from 'zod';
import {
  exportPatrimoniosBody,
  idFromText,
  idParam,
  importModeQuery,
  patrimonioBulkBody,
  patrimonioBulkResult,
  patrimonioCreateBody,
  patrimonioListQuery,
  patrimonioLoteBody,
  patrimonioSyncQuery,
  patrimonioUpdateBody,
} from '@tombo/shared';
import { route } from '../../http/route';
import { sendStoredFile, withUpload } from '../../uploads';
import { parse } from '../../http/validate';
import { requestJob } from '../jobs';
import * as commands from './commands';
import { processUpload, receiveFile } from './files';
import { listPatrimonios } from './list';
import { getByNumero, getPatrimonio, syncPatrimonios } from './queries';
import { importPatrimonios } from './import';

const fileParams = z.strictObject({
  id: idFromText(),
  fileId: z.uuid({ error: 'Identificador inválido.' }),
});
const numeroParam = z.strictObject({ numero: z.string().trim().min(1).max(40) });

/** `cf.<key>=<value>` custom-field filters are taken apart from the strict list query. */
function listQuery(req: Request) {
  const cf: Record<string, string> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(req.query)) {
    if (k.startsWith('cf.')) {
      if (typeof v === 'string' && v !== '') cf[k.slice(3)] = v;
    } else rest[k] = v;
  }
  return { ...parse(patrimonioListQuery, rest), cf };
}

const asset = { param: 'id', rule: 'patrimonio.update' } as const;

/** The asset register (spec §7 Assets). */
export const patrimonioRoutes = [
  route({
    method: 'get',
    path: '/patrimonios',
    audience: 'municipal',
    permission: 'bens:read',
    handler: (c) => c.read((tx) => listPatrimonios(tx, c.scope, listQuery(c.req))),
  }),
  route({
    method: 'get',
    path: '/patrimonios/sync',
    audience: 'municipal',
    permission: 'bens:read',
    query: patrimonioSyncQuery,
    handler: (c) => c.read((tx) => syncPatrimonios(tx, c.scope, c.query.after, c.query.limit)),
  }),
  route({
    method: 'get',
    path: '/patrimonios/numero/:numero',
    audience: 'municipal',
    permission: 'bens:read',
    params: numeroParam,
    handler: async (c) => ({ patrimonio: await c.read((tx) => getByNumero(tx, c.scope, c.params.numero)) }),
  }),
  route({
    method: 'post',
    path: '/patrimonios/lote',
    audience: 'municipal',
    permission: 'bens:create',
    body: patrimonioLoteBody,
    status: 201,
    handler: (c) => c.command((tx, out) => commands.createLote(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'post',
    path: '/patrimonios/import',
    audience: 'municipal',
    permission: 'bens:create',
    query: importModeQuery,
    body: 'upload',
    handler: async (c) => {
      const file = await receiveFile(c.ctx, c.req, c.res, 'import');
      if (c.query.mode === 'commit') {
        // The commit runs as a job (progress via job.progress, the ImportReport as its JSON result
        // file); the job deletes the upload when it is over. The scope comes from the principal.
        try {
          const job = await requestJob(
            c.ctx,
            { ...c.actor, municipalityId: c.scope.municipalityId },
            {
              name: 'import.patrimonios',
              title: `Importação de bens (${file.originalname})`.slice(0, 200),
              payload: {
                uploadPath: path.relative(c.ctx.config.dataDir, file.path),
                fileName: file.originalname.slice(0, 255),
                actorName: c.actor.name,
                sectorIds: c.scope.sectorIds ? [...c.scope.sectorIds] : null,
              },
              audit: { action: 'IMPORT_REQUEST', entityType: 'Patrimonio' },
            },
            c.requestId,
          );
          c.res.status(202).json({ job });
        } catch (err) {
          await fsp.rm(file.path, { force: true }).catch(() => undefined);
          throw err;
        }
        return undefined;
      }
      try {
        return await importPatrimonios(
          c.ctx,
          { ...c.actor, municipalityId: c.scope.municipalityId },
          c.scope,
          file.path,
          c.query.mode,
        );
      } finally {
        await fsp.rm(file.path, { force: true }).catch(() => undefined);
      }
    },
  }),
  route({
    method: 'post',
    path: '/patrimonios/export',
    audience: 'municipal',
    permission: 'bens:read',
    body: exportPatrimoniosBody,
    status: 202,
    handler: async (c) => {
      const { status, ...filters } = c.body;
      const job = await requestJob(
        c.ctx,
        { ...c.actor, municipalityId: c.scope.municipalityId },
        {
          name: 'export.patrimonios',
          title: 'Bens (XLSX)',
          // `status` goes back to its query form: the processor parses the payload with the same schema.
          payload: {
            ...filters,
            ...(status ? { status: status.join(',') } : {}),
            sectorIds: c.scope.sectorIds ? [...c.scope.sectorIds] : null,
          },
          audit: { action: 'EXPORT_REQUEST', entityType: 'Patrimonio' },
        },
        c.requestId,
      );
      return { job };
    },
  }),
  route({
    method: 'get',
    path: '/patrimonios/:id',
    audience: 'municipal',
    permission: 'bens:read',
    params: idParam,
    access: { param: 'id', rule: 'patrimonio.read' },
    handler: async (c) => ({ patrimonio: await c.read((tx) => getPatrimonio(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/patrimonios',
    audience: 'municipal',
    permission: 'bens:create',
    body: patrimonioCreateBody,
    status: 201,
    handler: async (c) => ({
      patrimonio: await c.command((tx, out) => commands.createPatrimonio(tx, out, c.scope, c.body)),
    }),
  }),
  route({
    method: 'put',
    path: '/patrimonios/:id',
    audience: 'municipal',
    permission: 'bens:update',
    params: idParam,
    access: asset,
    body: patrimonioUpdateBody,
    handler: async (c) => ({
      patrimonio: await c.command((tx, out) => commands.updatePatrimonio(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'patch',
    path: '/patrimonios',
    audience: 'municipal',
    permission: 'bens:update',
    body: patrimonioBulkBody,
    response: patrimonioBulkResult,
    handler: (c) => c.command((tx, out) => commands.bulkUpdatePatrimonios(tx, out, c.scope, c.body)),
  }),
  route({
    method: 'delete',
    path: '/patrimonios/:id',
    audience: 'municipal',
    permission: 'bens:delete',
    params: idParam,
    access: asset,
    handler: (c) => c.command((tx, out) => commands.deletePatrimonio(tx, out, c.scope, c.params.id, c.ctx.config)),
  }),
  ...(['fotos', 'documentos'] as const).map((segment) =>
    route({
      method: 'post',
      path: `/patrimonios/:id/${segment}`,
      audience: 'municipal',
      permission: 'bens:update',
      params: idParam,
      access: asset, // 404 before reading the upload
      body: 'upload',
      status: 201,
      handler: async (c) => {
        const kind = segment === 'fotos' ? 'foto' : 'documento';
        const file = await receiveFile(c.ctx, c.req, c.res, kind);
        return withUpload(file, async (placed) => {
          const processed = await processUpload(c.ctx, c.scope, c.params.id, kind, file);
          placed(processed.final);
          const patrimonio = await c.command((tx, out) =>
            commands.attachArquivo(tx, out, c.scope, c.params.id, kind, processed),
          );
          return { patrimonio };
        });
      },
    }),
  ),
  route({
    method: 'get',
    path: '/patrimonios/:id/arquivos/:fileId',
    audience: 'municipal',
    permission: 'bens:read',
    params: fileParams,
    access: { param: 'id', rule: 'patrimonio.read' },
    handler: async (c) => {
      const { row, path: abs } = await c.read((tx) =>
        commands.findArquivo(tx, c.scope, c.ctx.config, c.params.id, c.params.fileId),
      );
      return sendStoredFile(c.res, abs, { ...row, inline: row.kind === 'foto' });
    },
  }),
  route({
    method: 'delete',
    path: '/patrimonios/:id/arquivos/:fileId',
    audience: 'municipal',
    permission: 'bens:update',
    params: fileParams,
    access: asset,
    handler: async (c) => ({
      patrimonio: await c.command((tx, out) =>
        commands.removeArquivo(tx, out, c.scope, c.params.id, c.params.fileId, c.ctx.config),
      ),
    }),
  }),
];
