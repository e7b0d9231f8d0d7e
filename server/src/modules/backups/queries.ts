import { and, desc, eq, sql } from 'drizzle-orm';
import { BACKUP_MSG, type Backup, type BackupListResponse, type LastBackup } from '@tombo/shared';
import type { Db } from '../../db/client';
import { municipalities, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AllMunicipalities, TenantScope } from '../../tenancy/scope';
import { backups, backupSettings } from './schema';
import { presentBackup, presentBackupSettings, type BackupRow } from './presenters';

const LIST_LIMIT = 200;

const withNames = (tx: Db) =>
  tx
    .select({ row: backups, municipalityName: municipalities.name, createdByName: users.name })
    .from(backups)
    .leftJoin(municipalities, eq(municipalities.id, backups.municipalityId))
    .leftJoin(users, eq(users.id, backups.createdBy));

/** The municipality's backups (newest first) and its schedule. */
export async function listBackups(tx: Db, scope: TenantScope): Promise<BackupListResponse> {
  const rows = await withNames(tx)
    .where(eq(backups.municipalityId, scope.municipalityId))
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .limit(LIST_LIMIT);
  const [settings] = await tx
    .select()
    .from(backupSettings)
    .where(eq(backupSettings.municipalityId, scope.municipalityId));
  return {
    backups: rows.map((r) => presentBackup(r.row, r)),
    settings: presentBackupSettings(settings),
  };
}

/** Every backup of the installation, or one municipality's (superuser). */
export async function listAllBackups(tx: Db, _all: AllMunicipalities, municipalityId?: number): Promise<Backup[]> {
  const rows = await withNames(tx)
    .where(municipalityId ? eq(backups.municipalityId, municipalityId) : undefined)
    .orderBy(desc(backups.createdAt), desc(backups.id))
    .limit(LIST_LIMIT * 5);
  return rows.map((r) => presentBackup(r.row, r));
}

/** One backup row of the municipality (404 otherwise). */
export async function getBackupRow(tx: Db, scope: TenantScope | null, id: number): Promise<BackupRow> {
  const [row] = await tx
    .select()
    .from(backups)
    .where(and(eq(backups.id, id), scope ? eq(backups.municipalityId, scope.municipalityId) : undefined));
  if (!row) throw notFound(BACKUP_MSG.notFound);
  return row;
}

/** One backup as the API shows it. */
export async function getBackup(tx: Db, id: number): Promise<Backup> {
  const [r] = await withNames(tx).where(eq(backups.id, id));
  if (!r) throw notFound(BACKUP_MSG.notFound);
  return presentBackup(r.row, r);
}

/**
 * The last completed backup of every municipality (null fields when it has none): for the superuser
 * dashboard. Runs under the all-municipalities tenancy the caller passes.
 */
export async function lastBackupPerMunicipality(tx: Db, _all: AllMunicipalities): Promise<LastBackup[]> {
  const res = (await tx.execute(sql`
    select m.id "municipalityId", b.id "backupId", b.finished_at "at", b.size, b.status
      from municipalities m
      left join lateral (select id, finished_at, size, status from backups
                          where municipality_id = m.id and status = 'completed'
                          order by finished_at desc nulls last, id desc limit 1) b on true
     order by m.id`)) as unknown as {
    rows: {
      municipalityId: number;
      backupId: number | null;
      at: Date | string | null;
      size: number | null;
      status: string | null;
    }[];
  };
  return res.rows.map((r) => ({
    municipalityId: r.municipalityId,
    backupId: r.backupId,
    at: r.at == null ? null : new Date(r.at).toISOString(),
    size: r.size == null ? null : Number(r.size),
    status: (r.status as LastBackup['status']) ?? null,
  }));
}
