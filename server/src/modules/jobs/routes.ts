import type { Response } from 'express';
import { exportSectorsBody, jobIdParam } from '@tombo/shared';
import { route } from '../../http/route';
import { cancelJob, createJob, deleteJob, retryJob } from './commands';
import { publishJob } from './publish';
import { presentJob } from './presenters';
import { getJob, jobFile, listJobs, type JobFile } from './queries';
import { enqueueJob } from './request';

/** Streams a result file as an attachment that is never cached nor sniffed. */
function sendJobFile(res: Response, file: JobFile): Promise<void> {
  res.setHeader('Content-Type', file.mimeType);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.attachment(file.fileName);
  return new Promise<void>((resolve, reject) =>
    res.sendFile(file.path, { dotfiles: 'allow' }, (err) => {
      // Once bytes went out (e.g. the client hung up), there is no error answer left to give.
      if (err && !res.headersSent) reject(err);
      else resolve();
    }),
  );
}

/**
 * Long tasks (exports, reports, imports): each user sees only their own. Jobs exist only in a
 * municipality (the superuser has none), so these routes are municipal; ownership is checked by the
 * queries (a job belongs to a user, which no access rule over a tenant scope can tell).
 */
export const jobRoutes = [
  route({
    method: 'post',
    path: '/sectors/export',
    audience: 'municipal',
    permission: 'sectors:read',
    body: exportSectorsBody,
    status: 202,
    handler: async (c) => {
      const { format } = c.body;
      const row = await c.command((tx, out) =>
        createJob(tx, out, c.scope, {
          ownerId: c.principal.id,
          name: 'export.sectors',
          title: `Setores (${format.toUpperCase()})`,
          payload: { format },
          audit: { action: 'EXPORT_REQUEST', entityType: 'Sector' },
        }),
      );
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
  route({
    method: 'get',
    path: '/jobs',
    audience: 'municipal',
    handler: (c) => c.read((tx) => listJobs(tx, c.scope, c.principal.id)),
  }),
  route({
    method: 'get',
    path: '/jobs/:id',
    audience: 'municipal',
    params: jobIdParam,
    handler: async (c) => ({ job: await c.read((tx) => getJob(tx, c.scope, c.principal.id, c.params.id)) }),
  }),
  route({
    method: 'delete',
    path: '/jobs/:id',
    audience: 'municipal',
    params: jobIdParam,
    status: 204,
    handler: (c) => c.command((tx, out) => deleteJob(tx, out, c.scope, c.principal.id, c.params.id, c.ctx.config)),
  }),
  route({
    method: 'post',
    path: '/jobs/:id/cancel',
    audience: 'municipal',
    params: jobIdParam,
    status: 202,
    handler: async (c) => {
      const row = await c.command((tx, out) => cancelJob(tx, out, c.scope, c.principal.id, c.params.id, c.ctx.config));
      // The owner's other tabs show "cancelando" until the runner deletes the row (job.deleted).
      if (row) publishJob(c.ctx, 'job.progress', row);
      return { job: row ? presentJob(row) : null };
    },
  }),
  route({
    method: 'post',
    path: '/jobs/:id/retry',
    audience: 'municipal',
    params: jobIdParam,
    status: 202,
    handler: async (c) => {
      const row = await c.command((tx, out) => retryJob(tx, out, c.scope, c.principal.id, c.params.id));
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
  route({
    method: 'get',
    path: '/jobs/:id/download',
    audience: 'municipal',
    params: jobIdParam,
    handler: async (c) => {
      const file = await c.read((tx) => jobFile(tx, c.scope, c.principal.id, c.params.id, c.ctx.config));
      await sendJobFile(c.res, file);
      return undefined;
    },
  }),
];
