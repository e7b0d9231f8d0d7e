import { securityPolicyBody } from '@tombo/shared';
import { route } from '../../http/route';
import { savePolicy } from './commands';
import { presentPolicy, presentSessionPolicy } from './presenters';
import { policyRow } from './queries';

const noPolicy = () => policyRow(undefined as never, undefined as never, null);

/** The municipality's security policy (/configuracoes/seguranca) and its session slice for every user. */
export const securityRoutes = [
  route({
    method: 'get',
    path: '/security/policy',
    audience: 'municipal',
    permission: 'settings:read',
    handler: async (c) => presentPolicy(await c.read((tx) => policyRow(tx, c.scope, c.scope.municipalityId))),
  }),
  route({
    method: 'put',
    path: '/security/policy',
    audience: 'municipal',
    permission: 'settings:update',
    body: securityPolicyBody,
    handler: async (c) => {
      await c.command((tx, out) => savePolicy(tx, out, c.scope, c.body));
      return presentPolicy(await c.read((tx) => policyRow(tx, c.scope, c.scope.municipalityId)));
    },
  }),
  route({
    method: 'get',
    path: '/security/session-policy',
    audience: 'signed-in',
    beforePasswordChange: true, // the idle logout runs on the "Trocar senha" screen too
    handler: async (c) => {
      const scope = c.scope; // none for the superuser: the defaults, no read
      const row = scope ? await c.read((tx) => policyRow(tx, scope, scope.municipalityId)) : await noPolicy();
      return presentSessionPolicy(row);
    },
  }),
];
