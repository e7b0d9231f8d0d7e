import { asc, eq, sql } from 'drizzle-orm';
import { MSG, type User } from '@tombo/shared';
import type { Db } from '../../db/client';
import { municipalities, publicSearchSettings, rolePermissions, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AllMunicipalities } from '../../tenancy/scope';
import { presentUsers, type UserRow } from '../users';
import { presentMunicipality, presentRolePermissions, type PublicSearchSetting } from './presenters';

// The superuser sees the whole installation: every function here takes the `AllMunicipalities` value
// as proof that its caller entered that tenancy.

/** The permissions of every role, by role. */
export async function rolePermissionList(tx: Db, _all: AllMunicipalities) {
  const rows = await tx.select().from(rolePermissions).orderBy(asc(rolePermissions.role));
  return rows.map(presentRolePermissions);
}

/** Every municipality, by name. */
export async function municipalityList(tx: Db, _all: AllMunicipalities) {
  const rows = await tx.select().from(municipalities).orderBy(asc(municipalities.name));
  return rows.map(presentMunicipality);
}

/** Every user of the installation, by name. */
export async function userList(tx: Db, _all: AllMunicipalities): Promise<User[]> {
  return presentUsers(tx, await tx.select().from(users).orderBy(asc(users.name)));
}

/** Any user, locked for update; 404 for an unknown id. */
export async function lockAnyUser(tx: Db, _all: AllMunicipalities, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound(MSG.users.notFound);
  return row;
}

/** Every municipality's public-search switch, by name. */
export async function publicSearchList(tx: Db, _all: AllMunicipalities): Promise<PublicSearchSetting[]> {
  return tx
    .select({
      municipalityId: municipalities.id,
      name: municipalities.name,
      slug: municipalities.slug,
      isPublicSearchEnabled: sql<boolean>`coalesce(${publicSearchSettings.isPublicSearchEnabled}, true)`,
    })
    .from(municipalities)
    .leftJoin(publicSearchSettings, eq(publicSearchSettings.municipalityId, municipalities.id))
    .orderBy(asc(municipalities.name));
}
