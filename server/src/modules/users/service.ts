import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MSG, room, type User, type UserCreate, type UserUpdate } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { municipalities, sectors, userSectors, users } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { iso } from '../../db/owned';
import { HttpError, conflict, isUniqueViolation, notFound } from '../../http/errors';
import { hashPassword } from '../../auth/passwords';
import { revokeAllSessions } from '../auth';

type Row = typeof users.$inferSelect;
export const toUser = (r: Row, sectorIds: number[]): User => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role as User['role'],
  avatarUrl: r.avatarUrl,
  municipalityId: r.municipalityId,
  sectorIds,
  lockoutUntil: iso(r.lockoutUntil),
  failedLoginAttempts: r.failedLoginAttempts,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** null scope = every municipality (superuser). */
export type Scope = number | null;
const inScope = (scope: Scope) => (scope == null ? undefined : eq(users.municipalityId, scope));

async function sectorIdsOf(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db.select().from(userSectors).where(inArray(userSectors.userId, ids));
  for (const r of rows) map.get(r.userId)?.push(r.sectorId);
  return map;
}

async function setSectors(tx: Db, userId: number, municipalityId: number | null, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found =
      municipalityId == null
        ? []
        : await tx
            .select({ id: sectors.id })
            .from(sectors)
            .where(and(eq(sectors.municipalityId, municipalityId), inArray(sectors.id, unique)));
    if (found.length !== unique.length) {
      throw new HttpError(422, 'UNPROCESSABLE', 'Setor não encontrado.', { sectorIds: 'Setor não encontrado.' });
    }
  }
  await tx.delete(userSectors).where(eq(userSectors.userId, userId));
  if (unique.length > 0) await tx.insert(userSectors).values(unique.map((sectorId) => ({ userId, sectorId })));
}

const NO_MUNICIPALITY = 'Município não encontrado.';
/** The superuser names the municipality: it must exist (404, nothing written); locked against its deletion meanwhile. */
async function requireMunicipality(tx: Db, id: number): Promise<void> {
  const [m] = await tx
    .select({ id: municipalities.id })
    .from(municipalities)
    .where(eq(municipalities.id, id))
    .for('share');
  if (!m) throw new HttpError(404, 'NOT_FOUND', NO_MUNICIPALITY, { municipalityId: NO_MUNICIPALITY });
}

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'users_email_uq')) throw conflict(MSG.users.emailTaken, 'DUPLICATE');
  throw err;
}

export async function listUsers(ctx: AppContext, scope: Scope): Promise<User[]> {
  const rows = await ctx.db.select().from(users).where(inScope(scope)).orderBy(asc(users.name));
  const sectorMap = await sectorIdsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUser(r, sectorMap.get(r.id) ?? []));
}

export async function getUser(ctx: AppContext, scope: Scope, id: number): Promise<User> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inScope(scope)));
  if (!row) throw notFound(MSG.users.notFound);
  return toUser(row, (await sectorIdsOf(ctx.db, [id])).get(id) ?? []);
}

/** Who may read a user record: `users:read` holders of its municipality, the superusers, the user themself. */
const userRooms = (id: number, municipalityId: number | null) =>
  municipalityId == null
    ? [room.user(id), room.superusers]
    : [room.users(municipalityId), room.user(id), room.superusers];

export async function createUser(ctx: AppContext, actor: Actor, scope: Scope, input: UserCreate): Promise<User> {
  const municipalityId = scope ?? input.municipalityId ?? null;
  if (input.role === 'superuser' ? municipalityId != null || scope != null : municipalityId == null) {
    throw new HttpError(422, 'UNPROCESSABLE', 'Perfil incompatível com o município.', {
      role: 'Perfil incompatível com o município.',
    });
  }
  const passwordHash = await hashPassword(input.password);
  return mutate(ctx, actor, async (tx, out) => {
    if (scope == null && municipalityId != null) await requireMunicipality(tx, municipalityId);
    const [row] = await tx
      .insert(users)
      .values({
        municipalityId,
        name: input.name,
        email: input.email,
        passwordHash,
        role: input.role,
        avatarUrl: input.avatarUrl ?? null,
      })
      .returning()
      .catch(duplicate);
    await setSectors(tx, row.id, municipalityId, input.sectorIds ?? []);
    const user = toUser(row, [...new Set(input.sectorIds ?? [])]);
    await audit(
      tx,
      out,
      {
        action: 'USER_CREATE',
        entityType: 'User',
        entityId: row.id,
        details: { new_value: { name: row.name, email: row.email, role: row.role } },
      },
      municipalityId,
    );
    out.emit(userRooms(user.id, user.municipalityId), 'user.created', user, user.municipalityId);
    return user;
  });
}

export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: number,
  input: UserUpdate,
): Promise<User> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return mutate(ctx, actor, async (tx, out) => {
    const [old] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), inScope(scope)))
      .for('update');
    if (!old) throw notFound(MSG.users.notFound);
    if (input.version !== undefined && input.version !== old.version) throw conflict();
    const role = input.role ?? old.role;
    if (scope != null && (role === 'superuser' || old.role === 'superuser')) throw notFound(MSG.users.notFound);
    if (scope != null && input.municipalityId != null && input.municipalityId !== scope) throw notFound();
    if (scope == null && input.municipalityId != null) await requireMunicipality(tx, input.municipalityId);
    const unlock = input.lockoutUntil === null || input.failedLoginAttempts === 0;
    const [row] = await tx
      .update(users)
      .set({
        name: input.name ?? old.name,
        email: input.email ?? old.email,
        role,
        avatarUrl: input.avatarUrl === undefined ? old.avatarUrl : input.avatarUrl,
        ...(passwordHash ? { passwordHash } : {}),
        ...(unlock ? { lockoutUntil: null, failedLoginAttempts: 0 } : {}),
        ...(scope == null && input.municipalityId !== undefined ? { municipalityId: input.municipalityId } : {}),
        updatedAt: new Date(),
        version: sql`${users.version} + 1`,
      })
      .where(eq(users.id, id))
      .returning()
      .catch(duplicate);
    if (input.sectorIds) await setSectors(tx, id, row.municipalityId, input.sectorIds);
    if (passwordHash || role !== old.role) await revokeAllSessions(tx, id);
    const user = toUser(row, (await sectorIdsOf(tx, [id])).get(id) ?? []);
    const changed = Object.keys(input).filter((k) => k !== 'version' && k !== 'password');
    await audit(
      tx,
      out,
      {
        action:
          unlock && changed.every((k) => k === 'lockoutUntil' || k === 'failedLoginAttempts')
            ? 'USER_UNLOCK'
            : 'USER_UPDATE',
        entityType: 'User',
        entityId: id,
        details: {
          old_value: { name: old.name, email: old.email, role: old.role },
          new_value: {
            name: row.name,
            email: row.email,
            role: row.role,
            ...(passwordHash ? { password: 'alterada' } : {}),
          },
        },
      },
      row.municipalityId,
    );
    out.emit(userRooms(user.id, user.municipalityId), 'user.updated', user, user.municipalityId);
    return user;
  });
}

export async function deleteUser(ctx: AppContext, actor: Actor, scope: Scope, id: number): Promise<void> {
  if (id === actor.id) throw new HttpError(422, 'UNPROCESSABLE', MSG.users.cannotDeleteSelf);
  await mutate(ctx, actor, async (tx, out) => {
    const [old] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), inScope(scope)))
      .for('update');
    if (!old || (scope != null && old.role === 'superuser')) throw notFound(MSG.users.notFound);
    await tx.delete(users).where(eq(users.id, id));
    await audit(
      tx,
      out,
      {
        action: 'USER_DELETE',
        entityType: 'User',
        entityId: id,
        details: { old_value: { name: old.name, email: old.email, role: old.role } },
      },
      old.municipalityId,
    );
    out.emit(userRooms(id, old.municipalityId), 'user.deleted', { id }, old.municipalityId);
  });
}
