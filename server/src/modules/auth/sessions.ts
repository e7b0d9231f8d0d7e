import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { ActiveSession } from '@tombo/shared';
import type { Db } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import { type Outbox } from '../../db/tx';
import { record } from '../audit';
import { notifyPrincipals } from '../../auth/principal-cache';
import type { Tenancy } from '../../tenancy/scope';
import { revokeSessions } from './commands';

// A session is a refresh-token family: created with its first token, last used when its newest
// token was issued (each refresh rotates), on the device of that newest token's request.

/** The user's live sessions, newest use first; `current` marks the caller's. */
export async function listSessions(tx: Db, _t: Tenancy, userId: number, currentSid: string): Promise<ActiveSession[]> {
  const rows = await tx
    .select({
      id: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
      lastUsedAt: refreshTokens.createdAt,
      // Qualified by hand: inside a subquery Drizzle writes the outer column unqualified, which would name f's own.
      createdAt: sql<Date>`(select min(f.created_at) from refresh_tokens f where f.family_id = refresh_tokens.family_id)`,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(sql`${refreshTokens.createdAt} desc`);
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.userAgent,
    ip: r.ip,
    createdAt: new Date(r.createdAt).toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    current: r.id === currentSid,
  }));
}

/** Ends one session of the user (false: none live with that id); its access tokens and sockets stop. */
export async function revokeOneSession(tx: Db, out: Outbox, _t: Tenancy, userId: number, sid: string) {
  const n = await revokeSessions(tx, userId, eq(refreshTokens.familyId, sid));
  if (n === 0) return false;
  await record(tx, out, {
    action: 'SESSION_REVOKE',
    entityType: 'User',
    entityId: userId,
    details: 'Sessão encerrada pelo próprio usuário.',
  });
  return true;
}

/** Ends every session of the user but the caller's; returns how many. */
export async function revokeOtherSessions(tx: Db, out: Outbox, _t: Tenancy, userId: number, sid: string) {
  const n = await revokeSessions(tx, userId, ne(refreshTokens.familyId, sid));
  await record(tx, out, {
    action: 'SESSIONS_REVOKE_OTHERS',
    entityType: 'User',
    entityId: userId,
    details: `Outras sessões encerradas pelo próprio usuário (${n}).`,
  });
  return n;
}

/** The caller's own name or avatar; every node reloads their principal on commit. */
export async function updateOwnProfile(
  tx: Db,
  out: Outbox,
  _t: Tenancy,
  userId: number,
  change: { name: string } | { avatarUrl: string },
): Promise<string | null> {
  const [old] = await tx
    .select({ name: users.name, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  await tx
    .update(users)
    .set({ ...change, updatedAt: new Date(), version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
  await notifyPrincipals(tx, [userId]);
  const isName = 'name' in change;
  await record(tx, out, {
    action: isName ? 'PROFILE_UPDATE' : 'AVATAR_UPDATE',
    entityType: 'User',
    entityId: userId,
    label: isName ? change.name : old?.name,
    details: isName ? { old_value: { name: old?.name }, new_value: change } : 'Avatar alterado pelo próprio usuário.',
  });
  return old?.avatarUrl ?? null;
}
