import {
  IMPORTACAO_LIMITS,
  IMPORTACAO_MSG,
  importacaoAnaliseBody,
  importacaoConfirmarBody,
  importacaoIdParam,
  importacaoPendentesBody,
  importacaoPendentesConfirmarBody,
} from '@tombo/shared';
import { route } from '../../http/route';
import { notFound } from '../../http/errors';
import { cleanName, receiveUpload, sendStoredFile } from '../../uploads';
import { enqueueJob } from '../jobs';
import {
  checkMapping,
  confirmImportacao,
  createImportacao,
  discard,
  inspectUpload,
  startAnalysis,
  storedFile,
} from './commands';
import { importacaoFolder } from './files';
import { confirmPending, listPending, savePending } from './pending';
import { importerOf } from './importer';
import { headersFor } from './presenters';
import { getImportacao, getImportacaoRow } from './queries';

const own = { param: 'id', rule: 'importacao.manage', message: IMPORTACAO_MSG.notFound } as const;

/**
 * The import wizard's API: every user with bens:create; what each may do (own uploads, their
 * sectors, creating catalog rows) is the Importer of importer.ts, decided here for every route.
 */
export const importacaoRoutes = [
  route({
    method: 'post',
    path: '/importacoes',
    audience: 'municipal',
    permission: 'bens:create',
    body: 'upload',
    status: 201,
    handler: async (c) => {
      const file = await receiveUpload(c.ctx.config, c.req, c.res, {
        maxBytes: IMPORTACAO_LIMITS.maxBytes,
        tooLarge: IMPORTACAO_MSG.tooLarge,
      });
      let placed: string | null = null;
      try {
        const inspected = await inspectUpload(file.path);
        const place = await importacaoFolder.moveIn(
          c.ctx.config,
          [String(c.scope.municipalityId)],
          inspected.format,
          file.path,
        );
        placed = place.final;
        const importacao = await c.command((tx, out) =>
          createImportacao(tx, out, c.scope, c.actor, {
            ...inspected,
            stored: place.stored,
            fileName: cleanName(file.originalname),
            size: file.size,
          }),
        );
        return { importacao };
      } catch (err) {
        await discard(file.path);
        if (placed) await discard(placed);
        throw err;
      }
    },
  }),
  route({
    method: 'get',
    path: '/importacoes/:id',
    audience: 'municipal',
    permission: 'bens:create',
    params: importacaoIdParam,
    access: own,
    handler: async (c) => {
      const { ownerId } = importerOf(c.principal, c.scope);
      return { importacao: await c.read((tx) => getImportacao(tx, c.scope, c.params.id, ownerId)) };
    },
  }),
  route({
    method: 'post',
    path: '/importacoes/:id/analise',
    audience: 'municipal',
    permission: 'bens:create',
    params: importacaoIdParam,
    body: importacaoAnaliseBody,
    access: own,
    status: 202,
    handler: async (c) => {
      const who = importerOf(c.principal, c.scope);
      const row = await c.read((tx) => getImportacaoRow(tx, c.scope, c.params.id, false, who.ownerId));
      checkMapping(c.body, headersFor(row, c.body.hasHeader));
      const job = await c.command((tx, out) => startAnalysis(tx, out, c.scope, c.actor, who, c.params.id, c.body));
      return { job: await enqueueJob(c.ctx, c.scope, job, c.requestId) };
    },
  }),
  route({
    method: 'get',
    path: '/importacoes/:id/erros',
    audience: 'municipal',
    permission: 'bens:create',
    params: importacaoIdParam,
    access: own,
    handler: async (c) => {
      const { ownerId } = importerOf(c.principal, c.scope);
      const row = await c.read((tx) => getImportacaoRow(tx, c.scope, c.params.id, false, ownerId));
      // Removed by the cleanup sweep: 404 with the reason, as an expired job file (jobs area).
      if (row.status === 'expirada') throw notFound(IMPORTACAO_MSG.errorsExpired(IMPORTACAO_LIMITS.fileRetentionDays));
      const abs = row.errorsPath ? storedFile(c.ctx.config, row.errorsPath) : null;
      if (!abs) throw notFound(IMPORTACAO_MSG.notAnalysed);
      const base = row.fileName.replace(/\.[^.]*$/, '') || 'importacao';
      return sendStoredFile(c.res, abs, {
        fileName: `${base}-erros.csv`,
        mimeType: 'text/csv; charset=utf-8',
        generated: true,
      });
    },
  }),
  route({
    method: 'post',
    path: '/importacoes/:id/confirmar',
    audience: 'municipal',
    permission: 'bens:create',
    params: importacaoIdParam,
    body: importacaoConfirmarBody,
    access: own,
    status: 202,
    handler: async (c) => {
      const who = importerOf(c.principal, c.scope);
      const row = await c.command((tx, out) => confirmImportacao(tx, out, c.scope, c.actor, who, c.params.id, c.body));
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
  route({
    method: 'get',
    path: '/importacoes/:id/pendentes',
    audience: 'municipal',
    permission: 'bens:create',
    params: importacaoIdParam,
    access: own,
    handler: async (c) => {
      const { ownerId } = importerOf(c.principal, c.scope);
      return { pendentes: await c.read((tx) => listPending(tx, c.scope, c.params.id, ownerId)) };
    },
  }),
  route({
    method: 'put',
    path: '/importacoes/:id/pendentes',
    audience: 'municipal',
    permission: 'bens:create',
    params: importacaoIdParam,
    body: importacaoPendentesBody,
    access: own,
    handler: async (c) => {
      const { ownerId } = importerOf(c.principal, c.scope);
      const pendentes = await c.command((tx, out) =>
        savePending(tx, out, c.scope, c.actor, c.params.id, ownerId, c.body),
      );
      return { pendentes };
    },
  }),
  route({
    method: 'post',
    path: '/importacoes/:id/pendentes/confirmar',
    audience: 'municipal',
    permission: 'bens:create',
    params: importacaoIdParam,
    body: importacaoPendentesConfirmarBody,
    access: own,
    handler: async (c) => {
      const { ownerId } = importerOf(c.principal, c.scope);
      const resultado = await c.command((tx, out) =>
        confirmPending(tx, out, c.scope, c.actor, c.params.id, ownerId, c.body.version),
      );
      return { resultado };
    },
  }),
];
