import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  LOCKOUT_MINUTES,
  LOCKOUT_THRESHOLD,
  MSG,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  type LoginResponse,
  type RefreshResponse,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { HttpError, badRequest } from '../../http/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import { loadPrincipal } from '../../auth/principal';
import { PRINCIPAL_CHANNEL } from '../../auth/principal-cache';
import { newOpaqueToken, sha256 } from '../../auth/tokens';
import { logger } from '../../logger';
import { randomUUID } from 'node:crypto';

const invalid = () => new HttpError(401, 'INVALID_CREDENTIALS', MSG.loginFailed);
const days = (n: number) => new Date(Date.now() + n * 86_400_000);

async function issueRefresh(tx: Db, userId: number, familyId: string): Promise<string> {
  const token = newOpaqueToken();
  await tx
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: sha256(token), expiresAt: days(REFRESH_TOKEN_TTL_DAYS) });
  return token;
}

export async function login(ctx: AppContext, email: string, password: string): Promise<LoginResponse> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!u) {
    await verifyPassword(await dummyHash(), password); // same cost as a real attempt
    throw invalid();
  }
  const actor: Actor = { id: u.id, name: u.name, municipalityId: u.municipalityId };
  const locked = u.lockoutUntil != null && u.lockoutUntil > new Date();
  const ok = await verifyPassword(u.passwordHash, password);
  if (locked) throw invalid();
  if (!ok) {
    await countFailure(ctx, actor);
    throw invalid();
  }
  const principal = await loadPrincipal(ctx.database, u.id);
  if (!principal) throw invalid(); // municipality deactivated
  const sid = randomUUID();
  const refreshToken = await mutate(ctx, actor, async (tx, out) => {
    if (u.failedLoginAttempts > 0 || u.lockoutUntil) {
      await tx.update(users).set({ failedLoginAttempts: 0, lockoutUntil: null }).where(eq(users.id, u.id));
    }
    await audit(tx, out, { action: 'LOGIN', entityType: 'User', entityId: u.id, details: 'Acesso ao sistema.' });
    return issueRefresh(tx, u.id, sid);
  });
  return { user: principal, token: ctx.tokens.signAccess(u, sid), refreshToken };
}

/**
 * One more wrong password for the user (at login or as the current password of a change); the
 * LOCKOUT_THRESHOLD-th locks the account for LOCKOUT_MINUTES.
 */
async function countFailure(ctx: AppContext, user: Actor): Promise<void> {
  await mutate(ctx, user, async (tx, out) => {
    const [row] = await tx
      .update(users)
      .set({ failedLoginAttempts: sql`${users.failedLoginAttempts} + 1` })
      .where(eq(users.id, user.id))
      .returning({ attempts: users.failedLoginAttempts });
    if (row && row.attempts >= LOCKOUT_THRESHOLD) {
      await tx
        .update(users)
        .set({ lockoutUntil: new Date(Date.now() + LOCKOUT_MINUTES * 60_000) })
        .where(eq(users.id, user.id));
      await audit(tx, out, {
        action: 'USER_LOCKED',
        entityType: 'User',
        entityId: user.id,
        details: `Conta bloqueada após ${row.attempts} tentativas de acesso.`,
      });
    }
  });
}

/** Rotates a refresh token. A token presented twice revokes its whole family (theft detection). */
export async function refresh(ctx: AppContext, presented: string): Promise<RefreshResponse> {
  const hash = sha256(presented);
  type Outcome = { rotated: { userId: number; sid: string; refreshToken: string } } | { revokedFor: number } | null;
  const result = await ctx.db.transaction(async (txRaw): Promise<Outcome> => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for('update');
    if (!row) return null;
    if (row.usedAt || row.revokedAt) {
      await revokeSessions(tx, row.userId, eq(refreshTokens.familyId, row.familyId));
      return { revokedFor: row.userId };
    }
    if (row.expiresAt <= new Date()) return null;
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    const refreshToken = await issueRefresh(tx, row.userId, row.familyId);
    return { rotated: { userId: row.userId, sid: row.familyId, refreshToken } };
  });
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
  const [row] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (!row) return;
  await ctx.db.transaction((tx) =>
    revokeSessions(tx as unknown as Db, row.userId, eq(refreshTokens.familyId, row.familyId)),
  );
  ctx.principals.forget(row.userId);
}

/** Revokes every session of the user but `except` (the caller's own, on a password change). */
export async function revokeAllSessions(tx: Db, userId: number, except?: string): Promise<void> {
  await revokeSessions(tx, userId, except ? ne(refreshTokens.familyId, except) : undefined);
}

/**
 * Revokes the user's live refresh tokens matching `which`, and tells every node on commit
 * (`u:<id>` on the principals channel): their caches reload the user's sessions, so the access
 * tokens of those sessions are refused and their sockets disconnected (realtime/socket.ts).
 */
async function revokeSessions(tx: Db, userId: number, which: SQL | undefined): Promise<void> {
  const revoked = await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), which))
    .returning({ id: refreshTokens.id });
  if (revoked.length > 0) await tx.execute(sql`select pg_notify(${PRINCIPAL_CHANNEL}, ${`u:${userId}`})`);
}

/**
 * Starts a password reset and returns at once: the answer must not tell whether the e-mail exists,
 * so the lookup, the token and the mail all happen after it (failures are logged).
 */
export function forgotPassword(ctx: AppContext, email: string): void {
  sendResetLink(ctx, email).catch((err: unknown) => logger.error({ err }, 'redefinição de senha: falha ao enviar'));
}

async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!u) return;
  const token = newOpaqueToken();
  await mutate(ctx, { id: u.id, name: u.name, municipalityId: u.municipalityId }, async (tx, out) => {
    await tx.insert(passwordResetTokens).values({
      userId: u.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000),
    });
    await audit(tx, out, {
      action: 'PASSWORD_RESET_REQUEST',
      entityType: 'User',
      entityId: u.id,
      details: 'Redefinição de senha solicitada.',
    });
  });
  const link = `${ctx.config.appUrl.replace(/\/$/, '')}/redefinir-senha/${token}`;
  await ctx.mailer.send({
    to: u.email,
    subject: 'Tombo — redefinição de senha',
    text: `Olá, ${u.name}.\n\nPara criar uma nova senha, acesse:\n${link}\n\nO link vale por ${RESET_TOKEN_TTL_MINUTES} minutos e pode ser usado uma única vez. Se você não pediu a redefinição, ignore esta mensagem.`,
  });
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const [row] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  const [u] = row ? await ctx.db.select().from(users).where(eq(users.id, row.userId)) : [];
  if (!row || !u) throw badRequest(MSG.auth.resetInvalid, { token: MSG.auth.resetInvalid });
  const ok = await mutate(ctx, { id: u.id, name: u.name, municipalityId: u.municipalityId }, async (tx, out) => {
    // single use: only the request that flips used_at goes on
    const used = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (used.length === 0) return false;
    await tx
      .update(users)
      .set({
        passwordHash,
        failedLoginAttempts: 0,
        lockoutUntil: null,
        updatedAt: new Date(),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, u.id));
    await revokeAllSessions(tx, u.id);
    await audit(tx, out, {
      action: 'PASSWORD_RESET',
      entityType: 'User',
      entityId: u.id,
      details: 'Senha redefinida pelo link enviado por e-mail.',
    });
    return true;
  });
  if (!ok) throw badRequest(MSG.auth.resetInvalid, { token: MSG.auth.resetInvalid });
}

/**
 * Changes the caller's password. A wrong current password counts toward the lockout like a wrong
 * login (and, while locked, even the right one is refused the same way); on success every other
 * session of the user is revoked, the caller's own (`sid`) stays signed in.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  actor: Actor,
  sid: string,
  current: string,
  password: string,
): Promise<void> {
  const wrong = () => badRequest(MSG.auth.currentPasswordWrong, { currentPassword: MSG.auth.currentPasswordWrong });
  const [u] = await ctx.db.select().from(users).where(eq(users.id, actor.id));
  if (!u) throw wrong();
  const locked = u.lockoutUntil != null && u.lockoutUntil > new Date();
  const ok = await verifyPassword(u.passwordHash, current);
  if (locked) throw wrong();
  if (!ok) {
    await countFailure(ctx, actor);
    throw wrong();
  }
  const passwordHash = await hashPassword(password);
  await mutate(ctx, actor, async (tx, out) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        failedLoginAttempts: 0,
        lockoutUntil: null,
        updatedAt: new Date(),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, actor.id));
    await revokeAllSessions(tx, actor.id, sid);
    await audit(tx, out, {
      action: 'PASSWORD_CHANGE',
      entityType: 'User',
      entityId: actor.id,
      details: 'Senha alterada pelo próprio usuário; as outras sessões foram encerradas.',
    });
  });
}
