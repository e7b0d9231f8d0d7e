import { FICHA_MSG, fichaGenerateBody, fichaTemplateBody, fichaTemplateUpdateBody, idParam } from '@tombo/shared';
import { route } from '../../http/route';
import { enqueueJob } from '../jobs';
import { createFichaTemplate, deleteFichaTemplate, requestFichas, updateFichaTemplate } from './commands';
import { getFichaTemplate, listFichaTemplates } from './queries';

/**
 * Record sheets (fichas): templates read by anyone who may generate (`exports:generate`, they must pick
 * one) and changed with `reports:manage_templates` (admin, supervisor); POST /fichas queues the PDF.
 */
export const fichaRoutes = [
  route({
    method: 'get',
    path: '/ficha-templates',
    audience: 'municipal',
    permission: 'exports:generate',
    handler: (c) => c.read((tx) => listFichaTemplates(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/ficha-templates/:id',
    audience: 'municipal',
    permission: 'exports:generate',
    params: idParam,
    access: { param: 'id', rule: 'fichaTemplate.use', message: FICHA_MSG.notFound },
    handler: async (c) => ({ template: await c.read((tx) => getFichaTemplate(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/ficha-templates',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    body: fichaTemplateBody,
    status: 201,
    handler: async (c) => ({
      template: await c.command((tx, out) => createFichaTemplate(tx, out, c.scope, c.body)),
    }),
  }),
  route({
    method: 'put',
    path: '/ficha-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: { param: 'id', rule: 'fichaTemplate.use', message: FICHA_MSG.notFound },
    body: fichaTemplateUpdateBody,
    handler: async (c) => ({
      template: await c.command((tx, out) => updateFichaTemplate(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'delete',
    path: '/ficha-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: { param: 'id', rule: 'fichaTemplate.use', message: FICHA_MSG.notFound },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteFichaTemplate(tx, out, c.scope, c.params.id)),
  }),
  route({
    method: 'post',
    path: '/fichas',
    audience: 'municipal',
    permission: 'exports:generate',
    body: fichaGenerateBody,
    status: 202,
    handler: async (c) => {
      const row = await c.command((tx, out) => requestFichas(tx, out, c.scope, c.principal.id, c.body));
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
];
