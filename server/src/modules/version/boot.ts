import path from 'node:path';
import type { Config } from '../../config';
import type { OwnerDatabase } from '../../db/client';
import { logger } from '../../logger';
import {
  dumpInstallation,
  hashFile,
  installationBackupDir,
  restoreInstallation,
  type InstallationDump,
} from '../backups';
import { appVersion, schemaVersion } from '../../installation';

/** A 'Reverter' waiting for the older version to start (a row the API wrote, read at boot). */
export interface RollbackMarker {
  upgradeId: number;
  fromVersion: string;
  toVersion: string;
  /** The file name under DATA_DIR/backups/installation and its SHA-256 as this installation recorded it. */
  backupFile: string;
  backupSha256: string;
  requestedBy: number | null;
  requestedAt: string;
}

/** The pending rollback as the owner reads it at boot (before the migrations: the table may not exist yet). */
async function pendingAtBoot(owner: OwnerDatabase): Promise<RollbackMarker | null> {
  if (!(await exists(owner, 'version_rollback_pending'))) return null;
  const [r] = await owner.query<Record<string, unknown>>('select * from version_rollback_pending where id = 1');
  if (!r) return null;
  return {
    upgradeId: Number(r.upgrade_id),
    fromVersion: String(r.from_version),
    toVersion: String(r.to_version),
    backupFile: String(r.backup_file),
    backupSha256: String(r.backup_sha256),
    requestedBy: r.requested_by == null ? null : Number(r.requested_by),
    requestedAt: new Date(r.requested_at as string).toISOString(),
  };
}

/**
 * Restores the marker's backup, but only the very file this installation wrote: under its backups folder by
 * the recorded name, with the recorded SHA-256 (a file planted or swapped in DATA_DIR is never run).
 */
async function restoreRecorded(owner: OwnerDatabase, config: Config, marker: RollbackMarker): Promise<void> {
  const file = path.join(installationBackupDir(config), path.basename(marker.backupFile));
  const { sha256 } = await hashFile(file);
  if (sha256 !== marker.backupSha256) throw new Error(`o arquivo ${path.basename(file)} não é o que foi gravado`);
  await restoreInstallation(owner, config, file);
}

/** What boot found before the migrations; `recordVersion` writes it after them. */
export interface VersionBoot {
  from: string | null;
  to: string;
  changed: boolean;
  /** The sealed pre-upgrade dump taken before the migrations, if any. */
  backup: InstallationDump | null;
  rollback: { marker: RollbackMarker; ok: boolean; error: string | null; history: History } | null;
}

type History = { upgrades: Record<string, unknown>[]; rollbacks: Record<string, unknown>[] };

const exists = async (owner: OwnerDatabase, table: string) =>
  !!(await owner.query<{ t: string | null }>('select to_regclass($1)::text t', [`public.${table}`]))[0]?.t;

async function readHistory(owner: OwnerDatabase): Promise<History> {
  if (!(await exists(owner, 'version_upgrades'))) return { upgrades: [], rollbacks: [] };
  return {
    upgrades: await owner.query('select * from version_upgrades order by id'),
    rollbacks: await owner.query('select * from version_rollbacks order by id'),
  };
}

/**
 * Before the migrations: a pending 'Reverter' for this version restores its pre-upgrade backup; else,
 * when the database has data and the version changed since the last start, a whole-installation
 * backup is taken first (its file goes into the upgrade history).
 */
export async function prepareVersion(owner: OwnerDatabase, config: Config): Promise<VersionBoot> {
  const to = appVersion(config);
  const marker = await pendingAtBoot(owner);
  if (marker && marker.toVersion === to) {
    const history = await readHistory(owner);
    let error: string | null = null;
    try {
      await restoreRecorded(owner, config, marker);
      logger.warn(`Versão revertida para ${to}: backup ${path.basename(marker.backupFile)} restaurado.`);
    } catch (err) {
      error = (err as Error).message.slice(0, 500);
      logger.error({ err }, `Falha ao reverter para a versão ${to}`);
    }
    // Done either way (the restored database may predate the table): never tried again at the next start.
    if (await exists(owner, 'version_rollback_pending')) await owner.query('delete from version_rollback_pending');
    return {
      from: marker.fromVersion,
      to,
      changed: true,
      backup: null,
      rollback: { marker, ok: !error, error, history },
    };
  }
  if (marker) logger.warn(`Reversão pendente para a versão ${marker.toVersion}; esta é a ${to}: nada restaurado.`);
  const hasData =
    (await exists(owner, 'municipalities')) && (await owner.query('select 1 from municipalities limit 1')).length > 0;
  const last = (await exists(owner, 'version_upgrades'))
    ? ((await owner.query<{ v: string }>('select to_version v from version_upgrades order by id desc limit 1'))[0]?.v ??
      null)
    : null;
  if (last === to) return { from: last, to, changed: false, backup: null, rollback: null };
  if (!hasData) return { from: last, to, changed: true, backup: null, rollback: null };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const backup = await dumpInstallation(owner, config, `pre-upgrade-${last ?? 'anterior'}-para-${to}-${stamp}`);
  logger.info(
    `Nova versão ${to} (antes: ${last ?? 'desconhecida'}): backup completo em ${backup.file} antes das migrações.`,
  );
  return { from: last, to, changed: true, backup, rollback: null };
}

/** After the migrations: the upgrade (and a rollback's outcome, with the history kept across the restore). */
export async function recordVersion(owner: OwnerDatabase, boot: VersionBoot): Promise<void> {
  if (!boot.changed) return;
  const q = owner.query;
  if (boot.rollback?.ok) {
    // The restored database holds the history as it was before the upgrade: put back the full one.
    const { upgrades, rollbacks } = boot.rollback.history;
    await q('delete from version_rollbacks');
    await q('delete from version_upgrades');
    for (const u of upgrades)
      await q(
        `insert into version_upgrades (id, from_version, to_version, schema_version, backup_file, backup_size,
           backup_sha256, at) values ($1,$2,$3,$4,$5,$6,$7,$8)`,
        [u.id, u.from_version, u.to_version, u.schema_version, u.backup_file, u.backup_size, u.backup_sha256, u.at],
      );
    for (const r of rollbacks)
      await q(
        'insert into version_rollbacks (id, from_version, to_version, status, error, requested_by, at) values ($1,$2,$3,$4,$5,$6,$7)',
        [r.id, r.from_version, r.to_version, r.status, r.error, null, r.at],
      );
    await q(`select setval('version_upgrades_id_seq', greatest((select max(id) from version_upgrades), 1))`);
    await q(`select setval('version_rollbacks_id_seq', greatest((select max(id) from version_rollbacks), 1))`);
  }
  if (boot.rollback) {
    const { marker, ok, error } = boot.rollback;
    await q('insert into version_rollbacks (from_version, to_version, status, error) values ($1, $2, $3, $4)', [
      marker.fromVersion,
      marker.toVersion,
      ok ? 'success' : 'failure',
      error,
    ]);
    await notifyRollback(owner, marker.toVersion, ok);
    if (!ok) return;
  }
  await q(
    `insert into version_upgrades (from_version, to_version, schema_version, backup_file, backup_size, backup_sha256)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      boot.from,
      boot.to,
      schemaVersion(),
      boot.backup ? path.basename(boot.backup.file) : null,
      boot.backup?.size ?? null,
      boot.backup?.sha256 ?? null,
    ],
  );
}

/** The stored rollback notification (spec §8) to every admin of every active municipality. */
async function notifyRollback(owner: OwnerDatabase, version: string, ok: boolean): Promise<void> {
  const title = ok ? 'Versão revertida' : 'Falha na reversão';
  const text = ok
    ? `Sistema revertido com sucesso para a versão ${version}.`
    : `Falha ao reverter para a versão ${version}.`;
  await owner.query(
    `insert into notifications (municipality_id, user_id, title, description, type, link)
     select u.municipality_id, u.id, $1, $2, 'system', null from users u
       join municipalities m on m.id = u.municipality_id and m.active
      where u.role = 'admin'`,
    [title, text],
  );
}
