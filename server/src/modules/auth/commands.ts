import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_DAYS, RESET_TOKEN_TTL_MINUTES } from '@tombo/shared';
import type { Db } from '../../db/client';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { notifyPrincipals } from '../../auth/principal-cache';
import { newOpaqueToken, sha256 } from '../../auth/tokens';
import type { AllMunicipalities, Tenancy } from '../../tenancy/scope';
import { policyOf } from '../security';
import { refreshTokenOf, type UserRow } from './queries';
import { listenersOf } from './two-factor';

/** The device a request came from, kept with each refresh token (the sessions list of /perfil). */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}
const NO_CLIENT: ClientInfo = { userAgent: null, ip: null };
/** A lock with no end: lifted only by an admin (policy lockoutMinutes 0). */
export const UNTIL_UNLOCKED = new Date('9999-12-31T00:00:00Z');

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

async function issueRefresh(tx: Db, userId: number, familyId: string, client: ClientInfo): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: days(REFRESH_TOKEN_TTL_DAYS),
    userAgent: client.userAgent,
    ip: client.ip,
  });
  return token;
}

/** A successful login: failures cleared, the entry written, the session's first refresh token issued. */
export async function recordLogin(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  u: UserRow,
  sid: string,
  client: ClientInfo = NO_CLIENT,
) {
  if (u.failedLoginAttempts > 0 || u.lockoutUntil) {
    await tx.update(users).set({ failedLoginAttempts: 0, lockoutUntil: null }).where(eq(users.id, u.id));
  }
  await record(tx, out, {
    action: 'LOGIN',
    entityType: 'User',
    entityId: u.id,
    label: u.name,
    details: 'Acesso ao sistema.',
  });
  return issueRefresh(tx, u.id, sid, client);
}

/**
 * One more wrong password or code for the user (at login, at the second step, or as the current
 * password of a change); the policy's lockoutThreshold-th locks the account for its lockoutMinutes
 * (0: until an admin unlocks it).
 */
export async function countFailure(tx: Db, out: Outbox, tenancy: Tenancy, userId: number): Promise<void> {
  const [row] = await tx
    .update(users)
    .set({ failedLoginAttempts: sql`${users.failedLoginAttempts} + 1` })
    .where(eq(users.id, userId))
    .returning({ attempts: users.failedLoginAttempts, municipalityId: users.municipalityId });
  if (!row) return;
  const policy = await policyOf(tx, tenancy, row.municipalityId);
  if (row.attempts >= policy.lockoutThreshold) {
    const until = policy.lockoutMinutes === 0 ? UNTIL_UNLOCKED : new Date(Date.now() + policy.lockoutMinutes * 60_000);
    await tx.update(users).set({ lockoutUntil: until }).where(eq(users.id, userId));
    await record(tx, out, {
      action: 'USER_LOCKED',
      entityType: 'User',
      entityId: userId,
      details: `Conta bloqueada após ${row.attempts} tentativas de acesso.`,
    });
  }
}

export type Rotation =
  { rotated: { userId: number; sid: string; refreshToken: string } } | { revokedFor: number } | null;

/** Rotates a refresh token. A token presented twice revokes its whole family (theft detection). */
export async function rotateRefresh(
  tx: Db,
  all: AllMunicipalities,
  presented: string,
  client: ClientInfo = NO_CLIENT,
): Promise<Rotation> {
  const row = await refreshTokenOf(tx, all, presented, true);
  if (!row) return null;
  if (row.usedAt || row.revokedAt) {
    await revokeSessions(tx, row.userId, eq(refreshTokens.familyId, row.familyId));
    return { revokedFor: row.userId };
  }
  if (row.expiresAt <= new Date()) return null;
  await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
  const refreshToken = await issueRefresh(tx, row.userId, row.familyId, client);
  return { rotated: { userId: row.userId, sid: row.familyId, refreshToken } };
}

/** Ends the session of a refresh token (its family); the user's id, or null for an unknown token. */
export async function endSession(tx: Db, all: AllMunicipalities, presented: string): Promise<number | null> {
  const row = await refreshTokenOf(tx, all, presented);
  if (!row) return null;
  await revokeSessions(tx, row.userId, eq(refreshTokens.familyId, row.familyId));
  return row.userId;
}

/** Revokes every session of the user but `except` (the caller's own, on a password change). */
export async function revokeAllSessions(tx: Db, userId: number, except?: string): Promise<void> {
  await revokeSessions(tx, userId, except ? ne(refreshTokens.familyId, except) : undefined);
}

/**
 * Revokes the user's live refresh tokens matching `which`, and tells every node on commit
 * (`u:<id>` on the principals channel): their caches reload the user's sessions, so the access
 * tokens of those sessions are refused and their sockets disconnected (realtime/socket.ts). Returns
 * how many sessions (families) it ended.
 */
export async function revokeSessions(tx: Db, userId: number, which: SQL | undefined): Promise<number> {
  const revoked = await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), which))
    .returning({ familyId: refreshTokens.familyId });
  if (revoked.length > 0) await notifyPrincipals(tx, [userId]);
  return new Set(revoked.map((r) => r.familyId)).size;
}

/** Ends the user's unused set-password links (an invitation sent again or revoked, a password now set). */
export async function revokeLinks(tx: Db, userId: number): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        isNull(passwordResetTokens.revokedAt),
      ),
    );
}

/** A new single-use set-password link of the user (its hash stored), valid `ttlMs`; returns the token. */
export async function newLink(tx: Db, userId: number, ttlMs: number): Promise<string> {
  const token = newOpaqueToken();
  await tx
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** A new single-use reset token of the user (its hash stored), with its audit entry; returns the token. */
export async function startReset(tx: Db, out: Outbox, _all: AllMunicipalities, userId: number): Promise<string> {
  const token = await newLink(tx, userId, RESET_TOKEN_TTL_MINUTES * 60_000);
  await record(tx, out, {
    action: 'PASSWORD_RESET_REQUEST',
    entityType: 'User',
    entityId: userId,
    details: 'Redefinição de senha solicitada.',
  });
  return token;
}

/**
 * The user's own new password: failures and lockout cleared, no change owed any more, no invitation waiting,
 * every other link ended.
 */
async function setPassword(tx: Db, userId: number, passwordHash: string): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash,
      failedLoginAttempts: 0,
      lockoutUntil: null,
      mustChangePassword: false,
      invitationStatus: null,
      updatedAt: new Date(),
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, userId));
  await revokeLinks(tx, userId);
}

/** `user.password` to the user's listeners: the users lists' invitation and password chips follow. */
async function passwordChanged(tx: Db, userId: number) {
  const { rooms, municipalityId } = await listenersOf(tx, userId);
  return liveEvent(rooms, 'user.password', { id: userId }, municipalityId);
}

/**
 * Uses a reset or invitation token: false when another request used it first (single use: only the request
 * that flips used_at goes on); else the password is set and every session of the user ends. An invitation
 * waiting on the user makes it their acceptance.
 */
export async function finishReset(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  input: { tokenId: number; userId: number; passwordHash: string },
): Promise<boolean> {
  const used = await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.id, input.tokenId),
        isNull(passwordResetTokens.usedAt),
        isNull(passwordResetTokens.revokedAt),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  if (used.length === 0) return false;
  const [before] = await tx
    .select({ invitation: users.invitationStatus })
    .from(users)
    .where(eq(users.id, input.userId))
    .for('update');
  await setPassword(tx, input.userId, input.passwordHash);
  await revokeAllSessions(tx, input.userId);
  const invited = before?.invitation != null;
  await record(
    tx,
    out,
    {
      action: invited ? 'USER_INVITE_ACCEPT' : 'PASSWORD_RESET',
      entityType: 'User',
      entityId: input.userId,
      details: invited
        ? 'Convite aceito: senha criada pelo próprio usuário.'
        : 'Senha redefinida pelo link enviado por e-mail.',
    },
    await passwordChanged(tx, input.userId),
  );
  return true;
}

/** The caller's own new password (checked against the current one before): every other session ends. */
export async function setOwnPassword(
  tx: Db,
  out: Outbox,
  _own: Tenancy,
  input: { userId: number; sid: string; passwordHash: string },
): Promise<void> {
  await setPassword(tx, input.userId, input.passwordHash);
  await revokeAllSessions(tx, input.userId, input.sid);
  await record(
    tx,
    out,
    {
      action: 'PASSWORD_CHANGE',
      entityType: 'User',
      entityId: input.userId,
      details: 'Senha alterada pelo próprio usuário; as outras sessões foram encerradas.',
    },
    await passwordChanged(tx, input.userId),
  );
}
