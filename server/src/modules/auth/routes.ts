import {
  MSG,
  acceptInvitationBody,
  changeOwnPasswordBody,
  invitationTokenParam,
  forgotPasswordBody,
  loginBody,
  logoutBody,
  refreshBody,
  resetPasswordBody,
} from '@tombo/shared';
import { clientOf, limited } from './request';
import { twoFactorRoutes } from './routes-2fa';
import { sessionOf } from '../../auth/middleware';
import { route } from '../../http/route';
import * as flows from './flows';

/** Sign-in, sessions and passwords (spec §5). */
export const authRoutes = [
  route({
    method: 'post',
    path: '/auth/login',
    audience: 'public',
    body: loginBody,
    handler: async (c) => {
      await limited(c);
      return flows.login(c.ctx, c.body.email, c.body.password, clientOf(c.req));
    },
  }),
  route({
    method: 'post',
    path: '/auth/refresh',
    audience: 'public',
    body: refreshBody,
    handler: (c) => flows.refresh(c.ctx, c.body.refreshToken, clientOf(c.req)),
  }),
  route({
    method: 'post',
    path: '/auth/logout',
    audience: 'public',
    body: logoutBody,
    status: 204,
    handler: (c) => flows.logout(c.ctx, c.body.refreshToken),
  }),
  route({
    method: 'post',
    path: '/auth/forgot-password',
    audience: 'public',
    body: forgotPasswordBody,
    handler: async (c) => {
      await limited(c);
      // the same answer at the same time for any e-mail: the work starts once it is sent
      c.res.json({ message: MSG.auth.forgotSent });
      flows.forgotPassword(c.ctx, c.body.email);
      return undefined;
    },
  }),
  route({
    method: 'post',
    path: '/auth/reset-password',
    audience: 'public',
    body: resetPasswordBody,
    handler: async (c) => {
      await limited(c);
      await flows.resetPassword(c.ctx, c.body.token, c.body.password);
      return { message: MSG.auth.resetDone };
    },
  }),
  // An invitation's link (/criar-senha/:token): whom it is for, then the user's own password.
  route({
    method: 'get',
    path: '/auth/invitations/:token',
    audience: 'public',
    params: invitationTokenParam,
    handler: async (c) => {
      await limited(c);
      return flows.invitationInfo(c.ctx, c.params.token);
    },
  }),
  route({
    method: 'post',
    path: '/auth/accept-invitation',
    audience: 'public',
    body: acceptInvitationBody,
    handler: async (c) => {
      await limited(c);
      await flows.resetPassword(c.ctx, c.body.token, c.body.password, MSG.auth.invitationInvalid);
      return { message: MSG.auth.invitationAccepted };
    },
  }),
  route({
    method: 'get',
    path: '/auth/me',
    audience: 'signed-in',
    beforePasswordChange: true,
    handler: async (c) => ({ user: c.principal }),
  }),
  route({
    method: 'put',
    path: '/auth/password',
    audience: 'signed-in',
    beforePasswordChange: true,
    body: changeOwnPasswordBody,
    handler: async (c) => {
      // a current password is a password guess too: the same per-IP budget as logins
      await limited(c);
      await flows.changeOwnPassword(c.ctx, c.principal, sessionOf(c.req), c.body.currentPassword, c.body.password);
      return { message: MSG.passwordChanged };
    },
  }),
  ...twoFactorRoutes,
];
