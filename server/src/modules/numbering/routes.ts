import { numberingBody, numberingNextQuery } from '@tombo/shared';
import { route } from '../../http/route';
import { savePattern } from './commands';
import { getPattern, nextNumbers } from './queries';

/** The municipality's asset numbering pattern (spec §3, default §9). */
export const numberingRoutes = [
  route({
    method: 'get',
    path: '/numeracao',
    audience: 'municipal',
    permission: 'bens:read',
    handler: async (c) => ({ pattern: await c.read((tx) => getPattern(tx, c.scope)) }),
  }),
  // The next number per sector, as it would be issued now (nothing reserved); a usuario sees its own sectors.
  route({
    method: 'get',
    path: '/numeracao/proximo',
    audience: 'municipal',
    permission: 'bens:read',
    query: numberingNextQuery,
    handler: (c) => c.read((tx) => nextNumbers(tx, c.scope, c.query.sectorId)),
  }),
  route({
    method: 'put',
    path: '/numeracao',
    audience: 'municipal',
    permission: 'catalogs:manage',
    body: numberingBody,
    handler: async (c) => ({ pattern: await c.command((tx, out) => savePattern(tx, out, c.scope, c.body)) }),
  }),
];
