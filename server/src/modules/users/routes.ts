import { SECURITY_MSG, idParam, userCreateBody, userUpdateBody } from '@tombo/shared';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { requireMayUpdate } from './access';
import {
  createUser,
  deleteUser,
  hashed,
  inviteNewUser,
  resendInvitation,
  resetUserTwoFactor,
  revokeUserInvitation,
  updateUser,
} from './commands';
import { sendInvitation, unusableHash } from './invitations';
import { getUser, listUsers } from './queries';
import { assertPasswordPolicy, policyOf } from '../security';

/** The users of a municipality (spec §7 Users); everyone reads their own record and edits its name and avatar. */
export const userRoutes = [
  route({
    method: 'get',
    path: '/users',
    audience: 'municipal',
    permission: 'users:read',
    handler: async (c) => {
      const users = await c.read((tx) => listUsers(tx, c.scope));
      return { users, total: users.length };
    },
  }),
  route({
    method: 'get',
    path: '/users/:id',
    audience: 'municipal',
    permission: 'users:read',
    params: idParam,
    self: 'id',
    access: { param: 'id', rule: 'user.read' },
    handler: (c) => c.read((tx) => getUser(tx, c.scope, c.params.id)),
  }),
  route({
    method: 'post',
    path: '/users',
    audience: 'municipal',
    permission: 'users:create',
    body: userCreateBody,
    status: 201,
    handler: async (c) => {
      const { password, municipalityId: _ignored, ...rest } = c.body;
      if (password === undefined) {
        // no password: an invitation by e-mail, sent after the commit
        const input = { ...rest, passwordHash: await unusableHash() };
        const { user, token } = await c.command((tx, out) => inviteNewUser(tx, out, c.scope.municipalityId, input));
        await sendInvitation(c.ctx, user, c.principal.municipalityName, token);
        return user;
      }
      assertPasswordPolicy(await c.read((tx) => policyOf(tx, c.scope, c.scope.municipalityId)), password);
      const input = await hashed({ ...rest, password });
      return c.command((tx, out) => createUser(tx, out, c.scope, input));
    },
  }),
  route({
    method: 'put',
    path: '/users/:id',
    audience: 'municipal',
    permission: 'users:update',
    params: idParam,
    self: 'id',
    access: { param: 'id', rule: 'user.manage' },
    body: userUpdateBody,
    handler: async (c) => {
      requireMayUpdate(c.self, c.principal.permissions, c.body);
      if (c.body.password)
        assertPasswordPolicy(await c.read((tx) => policyOf(tx, c.scope, c.scope.municipalityId)), c.body.password);
      const input = await hashed(c.body);
      return c.command((tx, out) => updateUser(tx, out, c.scope, c.params.id, input));
    },
  }),
  route({
    method: 'delete',
    path: '/users/:id',
    audience: 'municipal',
    permission: 'users:delete',
    params: idParam,
    access: { param: 'id', rule: 'user.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteUser(tx, out, c.scope, c.params.id)),
  }),
  // "Reenviar convite": a new link by e-mail, the old one stops working.
  route({
    method: 'post',
    path: '/users/:id/invitation',
    audience: 'municipal',
    permission: 'users:create',
    params: idParam,
    access: { param: 'id', rule: 'user.manage' },
    status: 202,
    handler: async (c) => {
      const { user, token } = await c.command((tx, out) => resendInvitation(tx, out, c.scope, c.params.id));
      await sendInvitation(c.ctx, user, c.principal.municipalityName, token);
      return user;
    },
  }),
  // "Revogar convite": the link stops working; no sign-in until invited again.
  route({
    method: 'delete',
    path: '/users/:id/invitation',
    audience: 'municipal',
    permission: 'users:create',
    params: idParam,
    access: { param: 'id', rule: 'user.manage' },
    handler: async (c) => {
      const unusable = await unusableHash();
      return c.command((tx, out) => revokeUserInvitation(tx, out, c.scope, c.params.id, unusable));
    },
  }),
  route({
    method: 'delete',
    path: '/users/:id/2fa',
    audience: 'municipal',
    permission: 'users:update',
    params: idParam,
    access: { param: 'id', rule: 'user.manage' },
    status: 204,
    handler: async (c) => {
      const done = await c.command((tx, out) => resetUserTwoFactor(tx, out, c.scope, c.params.id));
      if (!done) throw notFound(SECURITY_MSG.twoFactorNotEnabled);
      return undefined;
    },
  }),
];
