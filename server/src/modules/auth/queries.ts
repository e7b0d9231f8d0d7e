import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { municipalities, passwordResetTokens, refreshTokens, users } from '../../db/schema';
import type { AllMunicipalities, Tenancy } from '../../tenancy/scope';
import { sha256 } from '../../auth/tokens';

// Sign-in reads run before anyone is known: over all municipalities, which the caller shows it entered.

export type UserRow = typeof users.$inferSelect;

/** The user of an e-mail (case-insensitive), whatever their municipality. */
export async function userByEmail(tx: Db, _all: AllMunicipalities, email: string): Promise<UserRow | undefined> {
  const [u] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return u;
}

/** A user by id within the tenancy (the signed-in user's own row). */
export async function userById(tx: Db, _tenancy: Tenancy, id: number): Promise<UserRow | undefined> {
  const [u] = await tx.select().from(users).where(eq(users.id, id));
  return u;
}

/** The refresh token presented (by its hash), if it exists. */
export async function refreshTokenOf(tx: Db, _all: AllMunicipalities, presented: string, lock = false) {
  const q = tx
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The name of a municipality (null for none: the superuser). */
export async function municipalityNameOf(tx: Db, _all: AllMunicipalities, id: number | null): Promise<string | null> {
  if (id == null) return null;
  const [m] = await tx.select({ name: municipalities.name }).from(municipalities).where(eq(municipalities.id, id));
  return m?.name ?? null;
}

/** An unused, unrevoked, unexpired password-reset token and its user. */
export async function liveResetToken(tx: Db, all: AllMunicipalities, token: string) {
  const [row] = await tx
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(token)),
        isNull(passwordResetTokens.usedAt),
        isNull(passwordResetTokens.revokedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  const user = row ? await userById(tx, all, row.userId) : undefined;
  return row && user ? { row, user } : undefined;
}
