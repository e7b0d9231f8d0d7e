import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
    await mutate(ctx, actor, async (tx, out) => {
      const [row] = await tx
        .update(users)
        .set({ failedLoginAttempts: sql`${users.failedLoginAttempts} + 1` })
        .where(eq(users.id, u.id))
        .returning({ attempts: users.failedLoginAttempts });
      if (row.attempts >= LOCKOUT_THRESHOLD) {
        await tx
          .update(users)
          .set({ lockoutUntil: new Date(Date.now() + LOCKOUT_MINUTES * 60_000) })
          .where(eq(users.id, u.id));
        await audit(tx, out, {
          action: 'USER_LOCKED',
          entityType: 'User',
          entityId: u.id,
          details: `Conta bloqueada após ${row.attempts} tentativas de acesso.`,
        });
      }
    });
    throw invalid();
  }
  const principal = await loadPrincipal(ctx.database, u.id);
  if (!principal) throw invalid(); // municipality deactivated
  const refreshToken = await mutate(ctx, actor, async (tx, out) => {
    if (u.failedLoginAttempts > 0 || u.lockoutUntil) {
      await tx.update(users).set({ failedLoginAttempts: 0, lockoutUntil: null }).where(eq(users.id, u.id));
    }
    await audit(tx, out, { action: 'LOGIN', entityType: 'User', entityId: u.id, details: 'Acesso ao sistema.' });
    return issueRefresh(tx, u.id, randomUUID());
  });
  return { user: principal, token: ctx.tokens.signAccess(u), refreshToken };
}

/** Rotates a refresh token. A token presented twice revokes its whole family (theft detection). */
export async function refresh(ctx: AppContext, presented: string): Promise<RefreshResponse> {
  const hash = sha256(presented);
  const result = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for('update');
    if (!row) return null;
    if (row.usedAt || row.revokedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return null;
    }
    if (row.expiresAt <= new Date()) return null;
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    return { userId: row.userId, refreshToken: await issueRefresh(tx, row.userId, row.familyId) };
  });
  // the user may have been deleted, or their municipality deactivated, since the last login
  const user = result && (await loadPrincipal(ctx.database, result.userId));
  if (!result || !user) throw new HttpError(401, 'UNAUTHORIZED', MSG.http.unauthorized);
  return { token: ctx.tokens.signAccess(user), refreshToken: result.refreshToken };
}

export async function logout(ctx: AppContext, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [row] = await ctx.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (!row) return;
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllSessions(tx: Db, userId: number): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
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

export async function changeOwnPassword(
  ctx: AppContext,
  actor: Actor,
  current: string,
  password: string,
): Promise<void> {
  const [u] = await ctx.db.select().from(users).where(eq(users.id, actor.id));
  if (!u || !(await verifyPassword(u.passwordHash, current))) {
    throw badRequest(MSG.auth.currentPasswordWrong, { currentPassword: MSG.auth.currentPasswordWrong });
  }
  const passwordHash = await hashPassword(password);
  await mutate(ctx, actor, async (tx, out) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, actor.id));
    await audit(tx, out, {
      action: 'PASSWORD_CHANGE',
      entityType: 'User',
      entityId: actor.id,
      details: 'Senha alterada pelo próprio usuário.',
    });
  });
}
