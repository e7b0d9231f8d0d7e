import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq, desc } from 'drizzle-orm';
import { VERSION_MSG, type PendingRollback, type VersionRollbackInput } from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type Outbox } from '../../db/tx';
import { record } from '../audit';
import { badRequest, conflict, notFound } from '../../http/errors';
import { installationBackupDir } from '../backups';
import { appVersion } from '../../installation';
import { presentPendingRollback } from './queries';
import { versionRollbackPending, versionUpgrades } from './schema';

/**
 * 'Reverter' (superuser): schedules the restore of the backup taken before the running version's
 * upgrade. Code cannot swap itself while it runs, so the restore happens when the older version
 * starts (server boot reads the pending row, and runs only the file whose SHA-256 the installation
 * recorded when it wrote it); the answer says exactly how. Nothing is pretended.
 */
export async function scheduleRollback(
  tx: Db,
  out: Outbox,
  config: Config,
  actorId: number,
  input: VersionRollbackInput,
): Promise<PendingRollback> {
  const [pending] = await tx.select().from(versionRollbackPending).for('update');
  if (pending) throw conflict(VERSION_MSG.alreadyPending);
  const [u] = await tx.select().from(versionUpgrades).where(eq(versionUpgrades.id, input.upgradeId));
  if (!u) throw notFound(VERSION_MSG.upgradeNotFound);
  const [last] = await tx.select().from(versionUpgrades).orderBy(desc(versionUpgrades.id)).limit(1);
  if (last.id !== u.id || u.toVersion !== appVersion(config)) throw badRequest(VERSION_MSG.notCurrent);
  const file = u.backupFile ? path.join(installationBackupDir(config), path.basename(u.backupFile)) : null;
  if (!u.fromVersion || !file || !u.backupSha256 || !(await fsp.stat(file).catch(() => null)))
    throw badRequest(VERSION_MSG.noBackup);
  const [row] = await tx
    .insert(versionRollbackPending)
    .values({
      upgradeId: u.id,
      fromVersion: u.toVersion,
      toVersion: u.fromVersion,
      backupFile: path.basename(file),
      backupSha256: u.backupSha256,
      requestedBy: actorId,
    })
    .returning();
  await record(tx, out, {
    action: 'VERSION_ROLLBACK_REQUEST',
    entityType: 'Version',
    entityId: u.id,
    label: `v${u.toVersion} → v${u.fromVersion}`,
    municipalityId: null,
    details: { new_value: { fromVersion: row.fromVersion, toVersion: row.toVersion, backupFile: row.backupFile } },
  });
  return presentPendingRollback(row);
}

/** Cancels a scheduled rollback (superuser). */
export async function cancelRollback(tx: Db, out: Outbox): Promise<void> {
  const [marker] = await tx.delete(versionRollbackPending).returning();
  if (!marker) throw notFound('Nenhuma reversão agendada.');
  await record(tx, out, {
    action: 'VERSION_ROLLBACK_CANCEL',
    entityType: 'Version',
    entityId: marker.upgradeId,
    label: `v${marker.fromVersion} → v${marker.toVersion}`,
    municipalityId: null,
  });
}
