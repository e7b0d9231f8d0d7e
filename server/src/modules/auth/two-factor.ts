import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { room } from '@tombo/shared';
import { authChallenges, userRecoveryCodes, userTwoFactor, users } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { newOpaqueToken, sha256 } from '../../auth/tokens';
import { newRecoveryCodes, recoveryHash } from '../../auth/totp';
import type { Tenancy } from '../../tenancy/scope';

// The rows of two-step sign-in: the user's (encrypted) secret, their recovery codes and the
// short-lived challenges between the password and the code. Every function takes the caller's tenancy.

/** Seconds a sign-in challenge stays valid. */
export const CHALLENGE_TTL_SECONDS = 300;

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

/** Who hears about a user: their municipality's users lists, the user's other tabs and the superusers. */
export async function listenersOf(tx: Db, userId: number) {
  const [u] = await tx.select({ m: users.municipalityId }).from(users).where(eq(users.id, userId));
  const rooms = [room.user(userId), room.superusers, ...(u?.m == null ? [] : [room.users(u.m)])];
  return { rooms, municipalityId: u?.m ?? undefined };
}

/** `user.twoFactor` to the user's listeners. */
async function twoFactorChanged(tx: Db, userId: number, twoFactorEnabled: boolean) {
  const { rooms, municipalityId } = await listenersOf(tx, userId);
  return liveEvent(rooms, 'user.twoFactor', { id: userId, twoFactorEnabled }, municipalityId);
}

/** The user's 2FA row (pending or enabled), if any. */
export async function twoFactorOf(tx: Db, _t: Tenancy, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** How many unused recovery codes the user has. */
export async function recoveryCodesLeft(tx: Db, _t: Tenancy, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** A new challenge of the user (its hash stored); returns the token. */
export async function newChallenge(tx: Db, _t: Tenancy, userId: number, kind: 'verify' | 'enrol'): Promise<string> {
  const token = newOpaqueToken();
  await tx.insert(authChallenges).values({
    userId,
    kind,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return token;
}

/** An unused, unexpired challenge of that kind. */
export async function liveChallenge(tx: Db, _t: Tenancy, token: string, kind: 'verify' | 'enrol') {
  const [row] = await tx
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, sha256(token)),
        eq(authChallenges.kind, kind),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Uses a challenge up: false when another request used it first. */
export async function useChallenge(tx: Db, _t: Tenancy, id: string): Promise<boolean> {
  const rows = await tx
    .update(authChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  return rows.length > 0;
}

/** Stores a new pending secret (replacing a pending one; never an enabled one: the caller checked). */
export async function savePendingSecret(tx: Db, _t: Tenancy, userId: number, secretEnc: string): Promise<void> {
  await tx
    .insert(userTwoFactor)
    .values({ userId, secretEnc, enabledAt: null, lastStep: null })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretEnc, enabledAt: null, lastStep: null, updatedAt: new Date() },
    });
}

/** Remembers the step of an accepted code (a code is accepted once). */
export async function acceptStep(tx: Db, _t: Tenancy, userId: number, step: number): Promise<void> {
  await tx.update(userTwoFactor).set({ lastStep: step }).where(eq(userTwoFactor.userId, userId));
}

async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes();
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

/** Turns the pending secret on (its code was right at `step`); returns the recovery codes, shown once. */
export async function enableTwoFactor(
  tx: Db,
  out: Outbox,
  _t: Tenancy,
  userId: number,
  step: number,
): Promise<string[]> {
  await tx
    .update(userTwoFactor)
    .set({ enabledAt: new Date(), lastStep: step, updatedAt: new Date() })
    .where(eq(userTwoFactor.userId, userId));
  const codes = await replaceRecoveryCodes(tx, userId);
  await record(
    tx,
    out,
    {
      action: 'TWO_FACTOR_ENABLE',
      entityType: 'User',
      entityId: userId,
      details: 'Verificação em duas etapas ativada (aplicativo autenticador).',
    },
    await twoFactorChanged(tx, userId, true),
  );
  return codes;
}

/** Turns 2FA off: the secret and the recovery codes are deleted. */
export async function disableTwoFactor(tx: Db, out: Outbox, _t: Tenancy, userId: number): Promise<void> {
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await record(
    tx,
    out,
    {
      action: 'TWO_FACTOR_DISABLE',
      entityType: 'User',
      entityId: userId,
      details: 'Verificação em duas etapas desativada.',
    },
    await twoFactorChanged(tx, userId, false),
  );
}

/** A new set of recovery codes (the old ones stop working); shown once. */
export async function regenerateRecoveryCodes(tx: Db, out: Outbox, _t: Tenancy, userId: number): Promise<string[]> {
  const codes = await replaceRecoveryCodes(tx, userId);
  await record(tx, out, {
    action: 'TWO_FACTOR_RECOVERY_REGENERATE',
    entityType: 'User',
    entityId: userId,
    details: 'Novos códigos de recuperação gerados.',
  });
  return codes;
}

/** Uses one recovery code of the user: false when it is unknown or already used (single use). */
export async function useRecoveryCode(tx: Db, out: Outbox, _t: Tenancy, userId: number, code: string) {
  const used = await tx
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, recoveryHash(code)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  if (used.length === 0) return false;
  await record(tx, out, {
    action: 'TWO_FACTOR_RECOVERY_USED',
    entityType: 'User',
    entityId: userId,
    details: 'Acesso com um código de recuperação.',
  });
  return true;
}

/**
 * An admin turns off another user's 2FA (a lost phone and lost recovery codes): the user signs in with
 * the password again (or enrols at the next sign-in when their municipality requires it). False: none.
 */
export async function resetTwoFactor(
  tx: Db,
  out: Outbox,
  _t: Tenancy,
  userId: number,
  /** Whose activity log holds the entry when not the actor's (the superuser resetting a municipality's user). */
  municipalityId?: number | null,
): Promise<boolean> {
  const gone = await tx
    .delete(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .returning({ id: userTwoFactor.userId });
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  if (gone.length === 0) return false;
  await record(tx, out, {
    action: 'TWO_FACTOR_RESET',
    entityType: 'User',
    entityId: userId,
    details: 'Verificação em duas etapas desativada por um administrador.',
    ...(municipalityId === undefined ? {} : { municipalityId }),
  });
  return true;
}
