import { and, asc, eq, inArray, isNotNull, isNull, max } from 'drizzle-orm';
import { MSG, type User } from '@tombo/shared';
import type { Db } from '../../db/client';
import { passwordResetTokens, userSectors, userTwoFactor, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentUser, type UserRow } from './presenters';

/** The sector ids of each user, by user id (every id present, [] for none). */
export async function sectorIdsOf(tx: Db, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await tx.select().from(userSectors).where(inArray(userSectors.userId, ids));
  for (const r of rows) map.get(r.userId)?.push(r.sectorId);
  return map;
}

/** Those of the users whose two-step sign-in is on (a pending, unconfirmed secret does not count). */
export async function twoFactorUserIds(tx: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(inArray(userTwoFactor.userId, ids), isNotNull(userTwoFactor.enabledAt)));
  return new Set(rows.map((r) => r.id));
}

/** When the newest unused, unrevoked link of each invited user expires (users without one are absent). */
export async function linkExpiries(tx: Db, rows: UserRow[]): Promise<Map<number, Date>> {
  const ids = rows.filter((r) => r.invitationStatus === 'pending').map((r) => r.id);
  if (ids.length === 0) return new Map();
  const found = await tx
    .select({ id: passwordResetTokens.userId, at: max(passwordResetTokens.expiresAt) })
    .from(passwordResetTokens)
    .where(
      and(
        inArray(passwordResetTokens.userId, ids),
        isNull(passwordResetTokens.usedAt),
        isNull(passwordResetTokens.revokedAt),
      ),
    )
    .groupBy(passwordResetTokens.userId);
  return new Map(found.flatMap((r) => (r.at ? [[r.id, new Date(r.at)] as const] : [])));
}

/** Rows → API users with their sectors, whether their 2FA is on and where their invitation stands. */
export async function presentUsers(tx: Db, rows: UserRow[]): Promise<User[]> {
  const ids = rows.map((r) => r.id);
  const [sectorMap, twoFactor, links] = [
    await sectorIdsOf(tx, ids),
    await twoFactorUserIds(tx, ids),
    await linkExpiries(tx, rows),
  ];
  return rows.map((r) => presentUser(r, sectorMap.get(r.id) ?? [], twoFactor.has(r.id), links.get(r.id) ?? null));
}

/** The municipality's users by name. */
export async function listUsers(tx: Db, scope: TenantScope): Promise<User[]> {
  return presentUsers(tx, await tx.select().from(users).where(ofTenant(users, scope)).orderBy(asc(users.name)));
}

/** A user of the scope's municipality, locked for update when asked; else 404. */
export async function findUser(tx: Db, scope: TenantScope, id: number, lock = false): Promise<UserRow> {
  const q = tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), ofTenant(users, scope)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(MSG.users.notFound);
  return row;
}

/** One user of the scope's municipality. */
export async function getUser(tx: Db, scope: TenantScope, id: number): Promise<User> {
  const [user] = await presentUsers(tx, [await findUser(tx, scope, id)]);
  return user;
}
