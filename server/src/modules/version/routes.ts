import { versionRollbackBody } from '@tombo/shared';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { read } from '../../db/tx';
import { allMunicipalities } from '../../tenancy/scope';
import { cancelRollback, scheduleRollback } from './commands';
import { versionInfo } from './queries';

/** The version manager (spec §2.7, §4): read by superuser and admin; 'Reverter' by the superuser only. */
export const versionRoutes = [
  route({
    method: 'get',
    path: '/version',
    audience: 'signed-in',
    handler: async (c) => {
      if (c.principal.role !== 'superuser' && c.principal.role !== 'admin') throw forbidden();
      // Installation-wide facts (no tenant rows): read under the all-municipalities tenancy.
      return read(c.ctx, allMunicipalities(), (tx) => versionInfo(tx, c.ctx.config));
    },
  }),
  route({
    method: 'post',
    path: '/superuser/version/rollback',
    audience: 'superuser',
    body: versionRollbackBody,
    status: 202,
    handler: async (c) => ({
      pendingRollback: await c.command((tx, out) => scheduleRollback(tx, out, c.ctx.config, c.principal.id, c.body)),
    }),
  }),
  route({
    method: 'delete',
    path: '/superuser/version/rollback',
    audience: 'superuser',
    status: 204,
    handler: (c) => c.command((tx, out) => cancelRollback(tx, out)),
  }),
];
