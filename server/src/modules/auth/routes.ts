import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import {
  MSG,
  changeOwnPasswordBody,
  forgotPasswordBody,
  loginBody,
  logoutBody,
  refreshBody,
  resetPasswordBody,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import { authenticate, principal, sessionOf } from '../../auth/middleware';
import { actorOf } from '../../db/tx';
import { body } from '../../http/validate';
import * as auth from './service';

export function authRoutes(ctx: AppContext): Router {
  const r = Router();
  const limiter = rateLimit({
    windowMs: ctx.config.loginRateLimitWindowMs,
    limit: ctx.config.loginRateLimitMax,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: { code: 'RATE_LIMITED', message: MSG.auth.tooManyAttempts } });
    },
  });

  r.post('/auth/login', limiter, async (req, res) => {
    const { email, password } = body(req, loginBody);
    res.json(await auth.login(ctx, email, password));
  });
  r.post('/auth/refresh', async (req, res) => {
    res.json(await auth.refresh(ctx, body(req, refreshBody).refreshToken));
  });
  r.post('/auth/logout', async (req, res) => {
    await auth.logout(ctx, body(req, logoutBody).refreshToken);
    res.status(204).end();
  });
  r.post('/auth/forgot-password', limiter, (req, res) => {
    const { email } = body(req, forgotPasswordBody);
    // the same answer at the same time for any e-mail: the work starts once it is sent
    res.json({ message: MSG.auth.forgotSent });
    auth.forgotPassword(ctx, email);
  });
  r.post('/auth/reset-password', limiter, async (req, res) => {
    const { token, password } = body(req, resetPasswordBody);
    await auth.resetPassword(ctx, token, password);
    res.json({ message: MSG.auth.resetDone });
  });
  r.get('/auth/me', authenticate(ctx), (req, res) => {
    res.json({ user: principal(req) });
  });
  // a current password is a password guess too: the same per-IP budget as logins
  r.put('/auth/password', limiter, authenticate(ctx), async (req, res) => {
    const { currentPassword, password } = body(req, changeOwnPasswordBody);
    await auth.changeOwnPassword(ctx, actorOf(principal(req)), sessionOf(req), currentPassword, password);
    res.json({ message: MSG.passwordChanged });
  });
  return r;
}
