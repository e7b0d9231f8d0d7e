import {
  SECURITY_MSG,
  avatarParam,
  profileBody,
  sessionParam,
  twoFactorEnableBody,
  twoFactorEnrolConfirmBody,
  twoFactorEnrolStartBody,
  twoFactorProofBody,
  twoFactorVerifyBody,
} from '@tombo/shared';
import { sessionOf } from '../../auth/middleware';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { ownTenancy } from './access';
import * as twoFactor from './flows-2fa';
import { saveProfile, sendAvatar, uploadAvatar } from './profile';
import { clientOf, limited } from './request';
import { listSessions, revokeOneSession, revokeOtherSessions } from './sessions';

/** Two-step sign-in, the caller's 2FA, sessions and profile (/perfil). */
export const twoFactorRoutes = [
  route({
    method: 'post',
    path: '/auth/2fa/verify',
    audience: 'public',
    body: twoFactorVerifyBody,
    handler: async (c) => {
      await limited(c);
      return twoFactor.verifySignIn(c.ctx, c.body, clientOf(c.req));
    },
  }),
  route({
    method: 'post',
    path: '/auth/2fa/enrol/setup',
    audience: 'public',
    body: twoFactorEnrolStartBody,
    handler: (c) => twoFactor.enrolSetup(c.ctx, c.body.challengeToken),
  }),
  route({
    method: 'post',
    path: '/auth/2fa/enrol/confirm',
    audience: 'public',
    body: twoFactorEnrolConfirmBody,
    handler: async (c) => {
      await limited(c);
      return twoFactor.enrolConfirm(c.ctx, c.body, clientOf(c.req));
    },
  }),
  route({
    method: 'get',
    path: '/auth/2fa',
    audience: 'signed-in',
    handler: (c) => twoFactor.status(c.ctx, c.principal),
  }),
  route({
    method: 'post',
    path: '/auth/2fa/setup',
    audience: 'signed-in',
    handler: (c) => twoFactor.setup(c.ctx, c.principal),
  }),
  route({
    method: 'post',
    path: '/auth/2fa/enable',
    audience: 'signed-in',
    body: twoFactorEnableBody,
    handler: async (c) => {
      await limited(c);
      return { recoveryCodes: await twoFactor.enable(c.ctx, c.principal, c.body.code) };
    },
  }),
  route({
    method: 'post',
    path: '/auth/2fa/disable',
    audience: 'signed-in',
    body: twoFactorProofBody,
    handler: async (c) => {
      await limited(c);
      await twoFactor.disable(c.ctx, c.principal, c.body);
      return { message: SECURITY_MSG.twoFactorDisabled };
    },
  }),
  route({
    method: 'post',
    path: '/auth/2fa/recovery-codes',
    audience: 'signed-in',
    body: twoFactorProofBody,
    handler: async (c) => {
      await limited(c);
      return { recoveryCodes: await twoFactor.regenerate(c.ctx, c.principal, c.body) };
    },
  }),
  route({
    method: 'get',
    path: '/auth/sessions',
    audience: 'signed-in',
    handler: async (c) => {
      const own = ownTenancy(c.principal);
      return { sessions: await c.read((tx) => listSessions(tx, own, c.principal.id, sessionOf(c.req))) };
    },
  }),
  route({
    method: 'post',
    path: '/auth/sessions/revoke-others',
    audience: 'signed-in',
    handler: async (c) => {
      const own = ownTenancy(c.principal);
      const revoked = await c.command((tx, out) => revokeOtherSessions(tx, out, own, c.principal.id, sessionOf(c.req)));
      c.ctx.principals.forget(c.principal.id);
      return { revoked, message: SECURITY_MSG.othersRevoked };
    },
  }),
  route({
    method: 'delete',
    path: '/auth/sessions/:id',
    audience: 'signed-in',
    params: sessionParam,
    status: 204,
    handler: async (c) => {
      const own = ownTenancy(c.principal);
      const ok = await c.command((tx, out) => revokeOneSession(tx, out, own, c.principal.id, c.params.id));
      if (!ok) throw notFound(SECURITY_MSG.sessionNotFound);
      c.ctx.principals.forget(c.principal.id);
      return undefined;
    },
  }),
  route({
    method: 'put',
    path: '/auth/profile',
    audience: 'signed-in',
    body: profileBody,
    handler: (c) => saveProfile(c.ctx, c.principal, c.body.name),
  }),
  route({
    method: 'post',
    path: '/auth/avatar',
    audience: 'signed-in',
    body: 'upload',
    handler: (c) => uploadAvatar(c.ctx, c.principal, c.req, c.res),
  }),
  route({
    method: 'get',
    path: '/avatars/:file',
    audience: 'public',
    params: avatarParam,
    handler: (c) => sendAvatar(c.ctx, c.res, c.params.file),
  }),
];
