import { sql } from 'drizzle-orm';
import type { Permission, Role, SessionUser } from '@tombo/shared';
import type { Database } from '../db/client';
import { read } from '../db/tx';
import { allMunicipalities } from '../tenancy/scope';

/** The signed-in user as the server sees them on every request (loaded fresh, never trusted from the token). */
export interface Principal extends SessionUser {
  permissions: Permission[];
}

/** A principal with the user's live sessions (refresh-token families neither revoked, used up nor expired). */
export interface SignedIn {
  principal: Principal;
  sessions: ReadonlySet<string>;
}

interface Row {
  id: number;
  name: string;
  email: string;
  role: Role;
  avatar_url: string | null;
  municipality_id: number | null;
  municipality_name: string | null;
  permissions: Permission[] | null;
  sector_ids: number[] | null;
  sessions: string[] | null;
  must_change_password: boolean;
}

// A family is live while its newest token is unused, unrevoked and unexpired (rotation marks the
// older ones used in the transaction that issues the next).
const selectSignedIn = (userId: number) => sql`
select u.id, u.name, u.email, u.role, u.avatar_url, u.municipality_id, m.name as municipality_name,
       u.must_change_password,
       rp.permissions,
       array(select us.sector_id from user_sectors us where us.user_id = u.id order by 1) as sector_ids,
       array(select rt.family_id::text from refresh_tokens rt
              where rt.user_id = u.id and rt.revoked_at is null and rt.used_at is null and rt.expires_at > now()) as sessions
  from users u
  left join municipalities m on m.id = u.municipality_id
  left join role_permissions rp on rp.role = u.role
 where u.id = ${userId} and (u.municipality_id is null or m.active)`;

/**
 * The user's principal and live sessions; null = unknown user, or their municipality is inactive.
 * Installation-wide auth code: the user may be of any municipality (or the superuser), and who they
 * are is what decides the tenancy of everything after, so this read asks for all municipalities.
 */
export async function loadSignedIn(database: Pick<Database, 'db'>, userId: number): Promise<SignedIn | null> {
  const result = await read(database, allMunicipalities(), (tx) => tx.execute(selectSignedIn(userId)));
  const [r] = (result as unknown as { rows: Row[] }).rows;
  if (!r) return null;
  const principal: Principal = {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    avatarUrl: r.avatar_url,
    municipalityId: r.municipality_id,
    municipalityName: r.municipality_name,
    permissions: r.permissions ?? [],
    sectorIds: r.sector_ids ?? [],
    mustChangePassword: r.must_change_password === true,
  };
  return { principal, sessions: new Set(r.sessions ?? []) };
}

/** The user's principal (null = unknown user, or their municipality is inactive). */
export async function loadPrincipal(database: Pick<Database, 'db'>, userId: number): Promise<Principal | null> {
  return (await loadSignedIn(database, userId))?.principal ?? null;
}
