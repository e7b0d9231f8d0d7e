import { and, eq, inArray } from 'drizzle-orm';
import { BACKUP_MSG, room, type BackupSettings, type BackupSettingsInput } from '@tombo/shared';
import type { Db } from '../../db/client';
import { liveEvent, mutate, type ChangeEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { conflict } from '../../http/errors';
import type { JobContext } from '../../jobs/define';
import { scopeOfMunicipality, type TenantScope } from '../../tenancy/scope';
import { createJob, type JobRow } from '../jobs';
import { municipalities } from '../../db/schema';
import { backups, backupSettings } from './schema';
import { presentBackupSettings, type BackupRow } from './presenters';
import type { Manifest } from './archive';

/** `backup.changed` to the municipality's room and the superusers (the lists refetch). */
export const backupChanged = (municipalityId: number | null, id: number, removed?: boolean): ChangeEvent =>
  liveEvent(
    municipalityId != null ? [room.municipality(municipalityId), room.superusers] : room.superusers,
    'backup.changed',
    removed ? { id, municipalityId, removed } : { id, municipalityId },
  );

/** 409 when the municipality already has a backup queued or running (one at a time). */
async function assertIdle(tx: Db, municipalityId: number): Promise<void> {
  const [busy] = await tx
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.municipalityId, municipalityId), inArray(backups.status, ['queued', 'running'])))
    .for('update');
  if (busy) throw conflict(BACKUP_MSG.running);
}

/**
 * 'Gerar backup': a queued backups row and its `backup.create` job (owned by the requester, who
 * sees its progress); the caller enqueues the job after the commit.
 */
export async function requestBackup(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  ownerId: number,
): Promise<{ backup: BackupRow; job: JobRow }> {
  await assertIdle(tx, scope.municipalityId);
  const [row] = await tx
    .insert(backups)
    .values({ municipalityId: scope.municipalityId, kind: 'manual', status: 'queued', createdBy: ownerId })
    .returning();
  const job = await createJob(tx, out, scope, {
    ownerId,
    name: 'backup.create',
    title: `Backup do município (#${row.id})`,
    payload: { backupId: row.id },
    audit: { action: 'BACKUP_CREATE', entityType: 'Backup', entityId: row.id, label: `#${row.id}` },
  });
  const [linked] = await tx.update(backups).set({ jobId: job.id }).where(eq(backups.id, row.id)).returning();
  await record(tx, out, null, backupChanged(scope.municipalityId, row.id));
  return { backup: linked, job };
}

/** A scheduled backup's row (no job row: the scheduler runs it itself). */
export async function insertScheduledBackup(tx: Db, out: Outbox, municipalityId: number): Promise<BackupRow | null> {
  const [busy] = await tx
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.municipalityId, municipalityId), inArray(backups.status, ['queued', 'running'])));
  if (busy) return null;
  const [row] = await tx.insert(backups).values({ municipalityId, kind: 'scheduled', status: 'running' }).returning();
  await record(tx, out, null, backupChanged(municipalityId, row.id));
  return row;
}

/**
 * An archive the superuser uploaded, kept as a completed backup: of its own municipality when it was made
 * by this installation and that municipality still exists (so it may be restored in place), otherwise of
 * none (restored only into a new municipality).
 */
export async function registerUploadedBackup(
  tx: Db,
  out: Outbox,
  ownerId: number,
  upload: { stored: string; fileName: string; size: number; sha256: string; manifest: Manifest; ours: boolean },
): Promise<BackupRow> {
  const { manifest } = upload;
  const [own] = upload.ours
    ? await tx
        .select({ id: municipalities.id })
        .from(municipalities)
        .where(eq(municipalities.id, manifest.municipality.id))
    : [];
  const [row] = await tx
    .insert(backups)
    .values({
      municipalityId: own?.id ?? null,
      kind: 'uploaded',
      status: 'completed',
      progress: 100,
      filePath: upload.stored,
      fileName: upload.fileName,
      size: upload.size,
      sha256: upload.sha256,
      summary: {
        tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows, md5: t.md5 })),
        files: manifest.files.length,
        municipality: { name: manifest.municipality.name, slug: manifest.municipality.slug },
      },
      createdBy: ownerId,
      finishedAt: new Date(),
    })
    .returning();
  await record(
    tx,
    out,
    {
      action: 'BACKUP_UPLOAD',
      entityType: 'Backup',
      entityId: row.id,
      label: `#${row.id}`,
      municipalityId: null,
      details: {
        new_value: { arquivo: upload.fileName, municipio: manifest.municipality.name, criadoEm: manifest.createdAt },
      },
    },
    backupChanged(row.municipalityId, row.id),
  );
  return row;
}

/** Saves the municipality's schedule (409 on a stale version). */
export async function saveBackupSettings(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: BackupSettingsInput,
): Promise<BackupSettings> {
  const [old] = await tx
    .select()
    .from(backupSettings)
    .where(eq(backupSettings.municipalityId, scope.municipalityId))
    .for('update');
  if ((old?.version ?? 0) !== input.version) throw conflict();
  const values = {
    enabled: input.enabled,
    hour: input.hour,
    frequency: input.frequency,
    keepDays: input.keepDays,
    updatedAt: new Date(),
    version: input.version + 1,
  };
  const [row] = await tx
    .insert(backupSettings)
    .values({ municipalityId: scope.municipalityId, ...values })
    .onConflictDoUpdate({ target: backupSettings.municipalityId, set: values })
    .returning();
  await record(
    tx,
    out,
    {
      action: 'BACKUP_SETTINGS_UPDATE',
      entityType: 'BackupSettings',
      entityId: scope.municipalityId,
      details: { old_value: presentBackupSettings(old), new_value: presentBackupSettings(row) },
    },
    backupChanged(scope.municipalityId, 0),
  );
  return presentBackupSettings(row);
}

/** The worker's bookkeeping of a backup row (status, progress, result), with its live event. */
export async function updateBackup(
  ctx: Pick<JobContext, 'db' | 'publisher'>,
  municipalityId: number,
  id: number,
  patch: Partial<typeof backups.$inferInsert>,
): Promise<BackupRow | undefined> {
  return mutate(
    ctx,
    null,
    async (tx, out) => {
      const [row] = await tx.update(backups).set(patch).where(eq(backups.id, id)).returning();
      if (row) await record(tx, out, null, backupChanged(municipalityId, id));
      return row;
    },
    scopeOfMunicipality(municipalityId),
  );
}
