import { and, asc, count, eq, ilike, isNotNull, isNull, lte, or, gt, sql, type SQL } from 'drizzle-orm';
import {
  JOB_STATUSES,
  MSG,
  type AssetsByUserPage,
  type AssetsByUserQuery,
  type DashboardMunicipalityRow,
  type QueueCounts,
  type SuperuserUser,
  type SuperuserUserPage,
  type SuperuserUsersQuery,
  type User,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { installationSettings, municipalities, publicSearchSettings, rolePermissions, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AllMunicipalities } from '../../tenancy/scope';
import { presentUsers, type UserRow } from '../users';
import { presentMunicipality, presentRolePermissions, type PublicSearchSetting } from './presenters';
import { rowsOf } from '../../db/rows';

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every user of the installation, filtered, by name, one page (with their municipality's name). */
export async function userPage(tx: Db, _all: AllMunicipalities, q: SuperuserUsersQuery): Promise<SuperuserUserPage> {
  const now = new Date();
  const where: (SQL | undefined)[] = [
    q.municipalityId ? eq(users.municipalityId, q.municipalityId) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
    q.status === 'locked' ? and(isNotNull(users.lockoutUntil), gt(users.lockoutUntil, now)) : undefined,
    q.status === 'active' ? or(isNull(users.lockoutUntil), lte(users.lockoutUntil, now)) : undefined,
    q.q ? or(ilike(users.name, `%${escapeLike(q.q)}%`), ilike(users.email, `%${escapeLike(q.q)}%`)) : undefined,
  ];
  const filter = and(...where);
  const [{ total }] = await tx.select({ total: count() }).from(users).where(filter);
  const rows = await tx
    .select({ user: users, municipalityName: municipalities.name })
    .from(users)
    .leftJoin(municipalities, eq(municipalities.id, users.municipalityId))
    .where(filter)
    .orderBy(asc(users.name), asc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const presented = await presentUsers(
    tx,
    rows.map((r) => r.user),
  );
  const list: SuperuserUser[] = presented.map((u, i) => ({ ...u, municipalityName: rows[i].municipalityName }));
  return { users: list, total, page: q.page, pageSize: q.pageSize };
}

/** Any user, locked for update; 404 for an unknown id. */
export async function lockAnyUser(tx: Db, _all: AllMunicipalities, id: number): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound(MSG.users.notFound);
  return row;
}

/** One user as the superuser sees it. */
export async function anyUser(tx: Db, all: AllMunicipalities, id: number): Promise<User> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound(MSG.users.notFound);
  return (await presentUsers(tx, [row]))[0];
}

/** Whether the installation-wide public consultation is on (spec §9: on by default). */
export async function installationPublicSearch(tx: Db, _all: AllMunicipalities): Promise<boolean> {
  const [row] = await tx
    .select({ on: installationSettings.isPublicSearchEnabled })
    .from(installationSettings)
    .where(eq(installationSettings.id, true));
  return row?.on ?? true;
}

/** Every municipality's public-search switch, by name. */
export async function publicSearchList(tx: Db, _all: AllMunicipalities): Promise<PublicSearchSetting[]> {
  return tx
    .select({
      municipalityId: municipalities.id,
      name: municipalities.name,
      slug: municipalities.slug,
      active: municipalities.active,
      isPublicSearchEnabled: sql<boolean>`coalesce(${publicSearchSettings.isPublicSearchEnabled}, true)`,
    })
    .from(municipalities)
    .leftJoin(publicSearchSettings, eq(publicSearchSettings.municipalityId, municipalities.id))
    .orderBy(asc(municipalities.name));
}

/** Jobs of the durable `jobs` table by status (the queue's truth in both modes). */
export async function queueCounts(tx: Db, _all: AllMunicipalities): Promise<QueueCounts> {
  const found = rowsOf<{ status: string; n: number }>(
    await tx.execute(sql`select status, count(*)::int as n from jobs group by status`),
  );
  const counts = Object.fromEntries(JOB_STATUSES.map((s) => [s, 0])) as QueueCounts;
  for (const r of found) if (r.status in counts) counts[r.status as keyof QueueCounts] = Number(r.n);
  return counts;
}

/**
 * Per municipality: users, assets and the bytes of its stored files (asset photos and documents,
 * general documents, job results still kept), by name.
 */
export async function dashboardRows(tx: Db, _all: AllMunicipalities): Promise<DashboardMunicipalityRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select m.id, m.name, m.slug, m.uf, m.active,
             (select count(*) from users u where u.municipality_id = m.id)::int as users,
             (select count(*) from patrimonios p where p.municipality_id = m.id)::int as assets,
             (coalesce((select sum(a.size) from patrimonio_arquivos a where a.municipality_id = m.id), 0)
              + coalesce((select sum(d.size) from documents d where d.municipality_id = m.id), 0)
              + coalesce((select sum(j.file_size) from jobs j
                           where j.municipality_id = m.id and j.file_path is not null and j.file_removed_at is null), 0)
             )::bigint as storage,
             (select max(b.finished_at) from backups b
               where b.municipality_id = m.id and b.status = 'completed') as last_backup
        from municipalities m
       order by m.name, m.id`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    slug: String(r.slug),
    uf: (r.uf as string | null) ?? null,
    active: Boolean(r.active),
    users: Number(r.users),
    assets: Number(r.assets),
    storageBytes: Number(r.storage),
    lastBackupAt: r.last_backup == null ? null : new Date(r.last_backup as string | Date).toISOString(),
  }));
}

/**
 * Assets grouped by the user who registered them (`registered`: created_by, the name kept when the
 * account is gone) or who holds them (`holder`: the users assigned to the asset's sector), biggest first.
 */
export async function assetsByUser(tx: Db, _all: AllMunicipalities, q: AssetsByUserQuery): Promise<AssetsByUserPage> {
  const byMunicipality = q.municipalityId ? sql`and p.municipality_id = ${q.municipalityId}` : sql``;
  const groups =
    q.by === 'holder'
      ? sql`select p.municipality_id, us.user_id, u.name as user_name, count(*)::int as assets,
                   coalesce(sum(p.valor_aquisicao), 0)::text as total_value
              from patrimonios p
              join user_sectors us on us.sector_id = p.sector_id
              join users u on u.id = us.user_id
             where true ${byMunicipality}
             group by p.municipality_id, us.user_id, u.name`
      : sql`select p.municipality_id, p.created_by_id as user_id,
                   coalesce(u.name, p.created_by_name, 'Não informado') as user_name, count(*)::int as assets,
                   coalesce(sum(p.valor_aquisicao), 0)::text as total_value
              from patrimonios p
              left join users u on u.id = p.created_by_id
             where true ${byMunicipality}
             group by p.municipality_id, p.created_by_id, coalesce(u.name, p.created_by_name, 'Não informado')`;
  const text = q.q ? sql`where g.user_name ilike ${`%${escapeLike(q.q)}%`}` : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select g.*, m.name as municipality_name, count(*) over ()::int as total
        from (${groups}) g
        join municipalities m on m.id = g.municipality_id
        ${text}
       order by g.assets desc, g.user_name, g.municipality_id
       limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    const [c] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (${groups}) g ${text}`));
    total = Number(c?.n ?? 0);
  }
  return {
    groups: rows.map((r) => ({
      userId: r.user_id == null ? null : Number(r.user_id),
      userName: String(r.user_name),
      municipalityId: Number(r.municipality_id),
      municipalityName: String(r.municipality_name),
      assets: Number(r.assets),
      totalValue: Number(r.total_value).toFixed(2),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The database's server version and size (null where the engine cannot tell). */
export async function databaseFacts(tx: Db, _all: AllMunicipalities) {
  const [v] = rowsOf<{ v: string }>(await tx.execute(sql`select current_setting('server_version') as v`));
  let sizeBytes: number | null = null;
  try {
    // a savepoint: a refusal (no CONNECT privilege) must not abort the caller's transaction
    const [s] = await tx.transaction(async (sp) =>
      rowsOf<{ n: string }>(await sp.execute(sql`select pg_database_size(current_database())::text as n`)),
    );
    sizeBytes = Number(s.n);
  } catch {
    sizeBytes = null;
  }
  return { serverVersion: v?.v ?? '', sizeBytes };
}
