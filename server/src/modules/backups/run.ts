import fsp from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_MSG } from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobContext } from '../../jobs/define';
import { badRequest } from '../../http/errors';
import { appVersion, installationId, schemaVersion } from '../../installation';
import { ArchiveRefused, hashFile, readManifest, type Manifest } from './archive';
import { updateBackup } from './commands';
import { writeMunicipalityBackup } from './dump';
import { municipalityBackupPath, resolveBackupFile } from './paths';
import type { BackupRow } from './presenters';

/**
 * Runs one backup (a user's or the scheduler's): the archive under DATA_DIR/backups, then the row
 * completed with its size, SHA-256 and per-table summary. Progress goes to the row (10 % steps).
 */
export async function runBackup(
  ctx: Pick<JobContext, 'db' | 'config' | 'publisher' | 'database'>,
  municipalityId: number,
  backupId: number,
  onProgress: (percent: number) => Promise<void> = async () => undefined,
): Promise<{ manifest: Manifest; size: number; sha256: string }> {
  const at = new Date();
  const rel = municipalityBackupPath(municipalityId, backupId, at);
  const abs = path.join(ctx.config.dataDir, rel);
  await updateBackup(ctx, municipalityId, backupId, { status: 'running', progress: 0, error: null });
  let step = 0;
  const progress = async (p: number) => {
    await onProgress(p);
    if (Math.floor(p / 10) <= step) return;
    step = Math.floor(p / 10);
    await updateBackup(ctx, municipalityId, backupId, { progress: Math.min(99, Math.floor(p)) });
  };
  try {
    const manifest = await writeMunicipalityBackup(ctx, municipalityId, abs, progress);
    const { sha256, size } = await hashFile(abs);
    const stamp = at.toISOString().slice(0, 16).replace(/[-:T]/g, '');
    await updateBackup(ctx, municipalityId, backupId, {
      status: 'completed',
      progress: 100,
      filePath: rel,
      fileName: `backup-${manifest.municipality.slug}-${stamp}.tar.gz`,
      size,
      sha256,
      summary: {
        tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows, md5: t.md5 })),
        files: manifest.files.length,
      },
      finishedAt: new Date(),
    });
    return { manifest, size, sha256 };
  } catch (err) {
    await fsp.rm(abs, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** An archive's refusal as the 400 the superuser reads; anything else (the disk) stays an internal error. */
export async function refusedAs400<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ArchiveRefused) throw badRequest(err.message);
    throw err;
  }
}

/**
 * Reads and checks an archive's manifest without changing anything: a readable archive of this schema
 * whose manifest names only members it may hold (its tables, its own municipality's files) and, unless
 * `foreignAllowed`, of this installation. Any failure is a 400 with a pt-BR reason.
 */
export async function checkManifest(
  tx: Db,
  config: Pick<Config, 'appVersion'>,
  file: string,
  foreignAllowed = false,
): Promise<Manifest> {
  const manifest = await refusedAs400(readManifest(file));
  if (!foreignAllowed && manifest.installationId !== (await installationId(tx))) throw badRequest(BACKUP_MSG.foreign);
  if (manifest.schemaVersion !== schemaVersion())
    throw badRequest(
      BACKUP_MSG.schema(`${manifest.appVersion}/${manifest.schemaVersion}`, `${appVersion(config)}/${schemaVersion()}`),
    );
  return manifest;
}

/**
 * Checks a stored backup before a restore, without changing anything: the file is there, its manifest
 * passes `checkManifest` (an uploaded archive may come from another installation: it was checked when
 * it arrived and, with no municipality here, restores only into a new one), and its SHA-256 is the one
 * recorded when it was made or received. Returns the manifest and the file.
 */
export async function checkBackupFile(
  tx: Db,
  config: Pick<Config, 'dataDir' | 'appVersion'>,
  row: BackupRow,
): Promise<{ manifest: Manifest; file: string }> {
  if (row.status !== 'completed' || !row.filePath) throw badRequest(BACKUP_MSG.notReady);
  const file = resolveBackupFile(config, row.filePath);
  if (!file || !(await fsp.stat(file).catch(() => null))) throw badRequest(BACKUP_MSG.fileMissing);
  const manifest = await checkManifest(tx, config, file, row.kind === 'uploaded');
  const { sha256 } = await hashFile(file);
  if (sha256 !== row.sha256) throw badRequest(BACKUP_MSG.checksum);
  return { manifest, file };
}
