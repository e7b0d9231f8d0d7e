import path from 'node:path';
import {
  IMPORTACAO_LIMITS,
  IMPORTACAO_MSG,
  importacaoAnaliseBody,
  importacaoConfirmarBody,
  importacaoIdParam,
  type ImportacaoAnalise,
} from '@tombo/shared';
import { route } from '../../http/route';
import { notFound } from '../../http/errors';
import { cleanName, receiveUpload, sendStoredFile } from '../../uploads';
import { enqueueJob } from '../jobs';
import { analyse } from './analyse';
import {
  analysisKey,
  checkMapping,
  confirmImportacao,
  createImportacao,
  discard,
  errorsPathOf,
  inspectUpload,
  saveAnalysis,
  storedFile,
} from './commands';
import { importacaoFolder } from './files';
import { numberedHeaders } from './presenters';
import { getImportacao, getImportacaoRow, loadCatalogs } from './queries';

const own = { param: 'id', rule: 'importacao.manage', message: IMPORTACAO_MSG.notFound } as const;

/** The register import wizard's API (admin: settings:update). */
export const importacaoRoutes = [
  route({
    method: 'post',
    path: '/importacoes',
    audience: 'municipal',
    permission: 'settings:update',
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
    permission: 'settings:update',
    params: importacaoIdParam,
    access: own,
    handler: async (c) => ({ importacao: await c.read((tx) => getImportacao(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/importacoes/:id/analise',
    audience: 'municipal',
    permission: 'settings:update',
    params: importacaoIdParam,
    body: importacaoAnaliseBody,
    access: own,
    handler: async (c) => {
      const { row, catalogs } = await c.read(async (tx) => {
        const found = await getImportacaoRow(tx, c.scope, c.params.id);
        return { row: found, catalogs: await loadCatalogs(tx, c.scope) };
      });
      const { mapping, hasHeader } = c.body;
      // Without a header row the first row is data; with one, it names the columns.
      const headers =
        hasHeader === row.hasHeader
          ? row.headers
          : hasHeader
            ? (row.preview[0] ?? [])
            : numberedHeaders(row.headers.length);
      checkMapping(mapping, hasHeader, headers);
      const file = storedFile(c.ctx.config, row.filePath);
      if (!file) throw notFound(IMPORTACAO_MSG.notFound);
      const errorsPath = errorsPathOf(row.filePath);
      const result = await analyse(c.ctx, c.scope, {
        file,
        hasHeader,
        mapping,
        catalogs,
        errorsFile: path.join(c.ctx.config.dataDir, errorsPath),
      });
      await c.command(async (tx) => {
        await saveAnalysis(
          tx,
          c.scope,
          row.id,
          analysisKey(mapping, hasHeader),
          hasHeader,
          result,
          errorsPath,
          headers,
        );
      });
      const { values: _values, ...analise } = result;
      return { analise: analise satisfies ImportacaoAnalise, headers };
    },
  }),
  route({
    method: 'get',
    path: '/importacoes/:id/erros',
    audience: 'municipal',
    permission: 'settings:update',
    params: importacaoIdParam,
    access: own,
    handler: async (c) => {
      const row = await c.read((tx) => getImportacaoRow(tx, c.scope, c.params.id));
      const abs = row.errorsPath ? storedFile(c.ctx.config, row.errorsPath) : null;
      if (!abs) throw notFound(IMPORTACAO_MSG.notAnalysed);
      const base = row.fileName.replace(/\.[^.]*$/, '') || 'importacao';
      return sendStoredFile(c.res, abs, { fileName: `${base}-erros.csv`, mimeType: 'text/csv; charset=utf-8' });
    },
  }),
  route({
    method: 'post',
    path: '/importacoes/:id/confirmar',
    audience: 'municipal',
    permission: 'settings:update',
    params: importacaoIdParam,
    body: importacaoConfirmarBody,
    access: own,
    status: 202,
    handler: async (c) => {
      const row = await c.command((tx, out) => confirmImportacao(tx, out, c.scope, c.actor, c.params.id, c.body));
      return { job: await enqueueJob(c.ctx, c.scope, row) };
    },
  }),
];
