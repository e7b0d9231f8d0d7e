import { randomUUID } from 'node:crypto';
import {
  MSG,
  RESET_TOKEN_TTL_MINUTES,
  SUPERUSER_MSG,
  type InvitationInfo,
  type LoginResult,
  type RefreshResponse,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import { actorOf, mutate, read } from '../../db/tx';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { loadPrincipal, type Principal } from '../../auth/principal';
import { logger } from '../../logger';
import { allMunicipalities } from '../../tenancy/scope';
import { ownTenancy } from './access';
import {
  countFailure,
  endSession,
  finishReset,
  recordLogin,
  rotateRefresh,
  setOwnPassword,
  startReset,
  type ClientInfo,
} from './commands';
import { assertPasswordPolicy, policyOf } from '../security';
import { secondStep } from './flows-2fa';
import { liveResetToken, municipalityNameOf, userByEmail, userById } from './queries';

// Each flow runs its reads and writes in short transactions with the slow password hashing between
// them. The sign-in flows run before anyone is known: they use system access (all municipalities), explicitly.

const invalid = () => new HttpError(401, 'INVALID_CREDENTIALS', MSG.loginFailed);
const isLocked = (u: { lockoutUntil: Date | null }) => u.lockoutUntil != null && u.lockoutUntil > new Date();

/**
 * Signs in by e-mail and password: the session's tokens, or the same 401 for every failure. A user
 * with 2FA (or an admin who must set it up) gets a challenge for the second step instead.
 */
export async function login(
  ctx: AppContext,
  email: string,
  password: string,
  client?: ClientInfo,
): Promise<LoginResult> {
  const all = allMunicipalities(); // before anyone is known: system access
  const u = await read(ctx, all, (tx) => userByEmail(tx, all, email));
  if (!u) {
    await verifyPassword(await dummyHash(), password); // same cost as a real attempt
    throw invalid();
  }
  const actor = actorOf(u);
  const locked = isLocked(u);
  const ok = await verifyPassword(u.passwordHash, password);
  if (locked) throw invalid();
  if (!ok) {
    await mutate(ctx, actor, (tx, out) => countFailure(tx, out, all, u.id), all);
    throw invalid();
  }
  const principal = await loadPrincipal(ctx.database, u.id);
  // the right password of a user whose municipality was deactivated: say so (issue 12)
  if (!principal) throw new HttpError(403, 'FORBIDDEN', SUPERUSER_MSG.municipalityInactive);
  const challenge = await secondStep(ctx, u);
  if (challenge) return challenge;
  const sid = randomUUID();
  const refreshToken = await mutate(ctx, actor, (tx, out) => recordLogin(tx, out, all, u, sid, client), all);
  return { user: principal, token: ctx.tokens.signAccess(u, sid), refreshToken };
}

/** Rotates a refresh token into a new access token; a reused token revokes its family (401). */
export async function refresh(ctx: AppContext, presented: string, client?: ClientInfo): Promise<RefreshResponse> {
  const all = allMunicipalities(); // the token names the user: system access
  const result = await mutate(ctx, null, (tx) => rotateRefresh(tx, all, presented, client), all);
  if (result && 'revokedFor' in result) ctx.principals.forget(result.revokedFor);
  const rotated = result && 'rotated' in result ? result.rotated : null;
  // the user may have been deleted, or their municipality deactivated, since the last login
  const user = rotated && (await loadPrincipal(ctx.database, rotated.userId));
  if (!rotated || !user) throw new HttpError(401, 'UNAUTHORIZED', MSG.http.unauthorized);
  return { token: ctx.tokens.signAccess(user, rotated.sid), refreshToken: rotated.refreshToken };
}

/** Ends the session of the refresh token: its family is revoked, its access tokens and sockets stop working. */
export async function logout(ctx: AppContext, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const all = allMunicipalities(); // the token names the user: system access
  const userId = await mutate(ctx, null, (tx) => endSession(tx, all, presented), all);
  if (userId != null) ctx.principals.forget(userId);
}

/**
 * Starts a password reset and returns at once: the answer must not tell whether the e-mail exists,
 * so the lookup, the token and the mail all happen after it (failures are logged).
 */
export function forgotPassword(ctx: AppContext, email: string): void {
  sendResetLink(ctx, email).catch((err: unknown) => logger.error({ err }, 'redefinição de senha: falha ao enviar'));
}

async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  const all = allMunicipalities(); // before anyone is known: system access
  const u = await read(ctx, all, (tx) => userByEmail(tx, all, email));
  if (!u) return;
  const token = await mutate(ctx, actorOf(u), (tx, out) => startReset(tx, out, all, u.id), all);
  const link = `${ctx.config.appUrl.replace(/\/$/, '')}/redefinir-senha/${token}`;
  await ctx.mailer.send({
    to: u.email,
    subject: 'Tombo — redefinição de senha',
    text: `Olá, ${u.name}.\n\nPara criar uma nova senha, acesse:\n${link}\n\nO link vale por ${RESET_TOKEN_TTL_MINUTES} minutos e pode ser usado uma única vez. Se você não pediu a redefinição, ignore esta mensagem.`,
  });
}

/**
 * Sets the user's own password with a link's token (400 with `invalid` when unknown, expired, revoked or used):
 * a reset, or the acceptance of an invitation. Every session ends; a password change owed is settled.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  invalid: string = MSG.auth.resetInvalid,
): Promise<void> {
  const all = allMunicipalities(); // the link names the user: system access
  const found = await read(ctx, all, (tx) => liveResetToken(tx, all, token));
  if (!found) throw badRequest(invalid, { token: invalid });
  const { row, user } = found;
  assertPasswordPolicy(await read(ctx, all, (tx) => policyOf(tx, all, user.municipalityId)), password);
  const passwordHash = await hashPassword(password);
  const ok = await mutate(
    ctx,
    actorOf(user),
    (tx, out) => finishReset(tx, out, all, { tokenId: row.id, userId: user.id, passwordHash }),
    all,
  );
  if (!ok) throw badRequest(invalid, { token: invalid });
}

/** Whom a live invitation link is for (the "Criar sua senha" page); 404 when it is not live. */
export async function invitationInfo(ctx: AppContext, token: string): Promise<InvitationInfo> {
  const all = allMunicipalities(); // the link names the user: system access
  const found = await read(ctx, all, async (tx) => {
    const live = await liveResetToken(tx, all, token);
    return live && { ...live, municipalityName: await municipalityNameOf(tx, all, live.user.municipalityId) };
  });
  if (!found) throw notFound(MSG.auth.invitationInvalid);
  const { user, row, municipalityName } = found;
  return { name: user.name, email: user.email, municipalityName, expiresAt: row.expiresAt.toISOString() };
}

/**
 * Changes the caller's password. A wrong current password counts toward the lockout like a wrong
 * login (and, while locked, even the right one is refused the same way); on success every other
 * session of the user is revoked, the caller's own (`sid`) stays signed in.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  me: Principal,
  sid: string,
  current: string,
  password: string,
): Promise<void> {
  const wrong = () => badRequest(MSG.auth.currentPasswordWrong, { currentPassword: MSG.auth.currentPasswordWrong });
  const own = ownTenancy(me);
  const actor = actorOf(me);
  const u = await read(ctx, own, (tx) => userById(tx, own, me.id));
  if (!u) throw wrong();
  const locked = isLocked(u);
  const ok = await verifyPassword(u.passwordHash, current);
  if (locked) throw wrong();
  if (!ok) {
    await mutate(ctx, actor, (tx, out) => countFailure(tx, out, own, me.id), own);
    throw wrong();
  }
  assertPasswordPolicy(await read(ctx, own, (tx) => policyOf(tx, own, me.municipalityId)), password);
  // a password someone else set is replaced by one only the user knows
  if (u.mustChangePassword && (await verifyPassword(u.passwordHash, password)))
    throw badRequest(MSG.auth.samePassword, { password: MSG.auth.samePassword });
  const passwordHash = await hashPassword(password);
  await mutate(ctx, actor, (tx, out) => setOwnPassword(tx, out, own, { userId: me.id, sid, passwordHash }), own);
}
