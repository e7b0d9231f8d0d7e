import { exportSectorsBody, jobIdParam } from '@tombo/shared';
import { route } from '../../http/route';
import { sendStoredFile } from '../../uploads';
import { cancelJob, createJob, deleteJob, retryJob } from './commands';
import { publishJob } from './publish';
import { presentJob } from './presenters';
import { getJob, jobFile, listJobs } from './queries';
import { enqueueJob } from './request';

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
      return sendStoredFile(c.res, file.path, { ...file, generated: true });
    },
  }),
];
