import { TERMO_MSG, idParam, termoGenerateBody, termoListQuery } from '@tombo/shared';
import { route } from '../../http/route';
import { sendStoredFile } from '../../uploads';
import { enqueueJob } from '../jobs';
import { requestTermo } from './commands';
import { listTermos, termoFile } from './queries';

/**
 * Custody terms (termos de responsabilidade): issued and read with `exports:generate` (the four main
 * roles; a usuario only for their sectors). Every version stays downloadable by anyone who sees its
 * sector — not only by whoever asked for it — through /termos/:id/download.
 */
export const termoRoutes = [
  route({
    method: 'get',
    path: '/termos',
    audience: 'municipal',
    permission: 'exports:generate',
    query: termoListQuery,
    handler: (c) => c.read((tx) => listTermos(tx, c.scope, c.query.setorId)),
  }),
  route({
    method: 'post',
    path: '/termos',
    audience: 'municipal',
    permission: 'exports:generate',
    body: termoGenerateBody,
    status: 202,
    handler: async (c) => {
      const { job, termo } = await c.command((tx, out) => requestTermo(tx, out, c.scope, c.principal.id, c.body));
      return { job: await enqueueJob(c.ctx, c.scope, job, c.requestId), termo };
    },
  }),
  route({
    method: 'get',
    path: '/termos/:id/download',
    audience: 'municipal',
    permission: 'exports:generate',
    params: idParam,
    access: { param: 'id', rule: 'termo.read', message: TERMO_MSG.notFound },
    handler: async (c) => {
      const file = await c.read((tx) => termoFile(tx, c.scope, c.params.id, c.ctx.config));
      return sendStoredFile(c.res, file.path, file);
    },
  }),
];
