import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Config } from '../../config';
import type { OwnerDatabase } from '../../db/client';
import { loadBackupKey } from '../../auth/secrets';
import { hashFile } from './archive';
import { BACKUPS_DIR } from './paths';
import { openBuffer, openFile, sealBuffer, sealFile } from './sealed';

const run = promisify(execFile);

type Keyed = Pick<Config, 'dataDir' | 'backupKey'>;

/** Where whole-installation dumps go: DATA_DIR/backups/installation. */
export const installationBackupDir = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, BACKUPS_DIR, 'installation');

/** A sealed whole-installation dump: its path, and the size and SHA-256 recorded with it. */
export interface InstallationDump {
  file: string;
  size: number;
  sha256: string;
}

/**
 * A whole-installation dump with the database's own tools (`pg_dump --format=custom` of the server
 * database, or the PGlite tools' pg_dump, plain SQL, of the embedded one), sealed with the backup key
 * (it holds every user's credentials: docs/operations.md). The plain dump never stays on disk.
 */
export async function dumpInstallation(owner: OwnerDatabase, config: Keyed, name: string): Promise<InstallationDump> {
  const dir = installationBackupDir(config);
  await fsp.mkdir(dir, { recursive: true });
  const key = loadBackupKey(config);
  if (owner.kind === 'postgres') {
    if (!owner.url) throw new Error('no database url for pg_dump');
    const file = path.join(dir, `${name}.dump.sealed`);
    const plain = await fsp.mkdtemp(path.join(os.tmpdir(), 'tombo-dump-'));
    try {
      const dumped = path.join(plain, 'installation.dump');
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dumped}`, `--dbname=${owner.url}`], {
        maxBuffer: 16 * 1024 * 1024,
      });
      await sealFile(dumped, file, key);
    } finally {
      await fsp.rm(plain, { recursive: true, force: true });
    }
    return { file, ...(await hashFile(file)) };
  }
  if (!owner.pglite) throw new Error('no embedded database to dump');
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const file = path.join(dir, `${name}.sql.sealed`);
  // The dump tool reads through the embedded database's one connection, as its owner.
  const pg = owner.pglite;
  const dump = await owner.session(async () => {
    try {
      return await pgDump({ pg: pg as never, args: ['--no-owner'] });
    } finally {
      // pg_dump may leave its snapshot transaction open, and its session settings (empty search_path,
      // row_security off...) would stay on the shared connection: end and reset them.
      await pg.exec('ROLLBACK').catch(() => undefined);
      await pg.exec('RESET ALL');
    }
  });
  await fsp.writeFile(file, sealBuffer(Buffer.from(await dump.arrayBuffer()), key), { mode: 0o600 });
  return { file, ...(await hashFile(file)) };
}

/**
 * Replaces the whole database with a dump made by `dumpInstallation` (before any migration of the
 * version that starts): the dump is opened with the backup key (an altered or foreign file fails here),
 * then restored by `pg_restore` in one transaction, or executed on the embedded database in one.
 */
export async function restoreInstallation(owner: OwnerDatabase, config: Keyed, file: string): Promise<void> {
  const key = loadBackupKey(config);
  const reset = 'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;';
  if (owner.kind === 'postgres') {
    if (!owner.url) throw new Error('no database url for pg_restore');
    const plain = await fsp.mkdtemp(path.join(os.tmpdir(), 'tombo-restore-'));
    try {
      const opened = path.join(plain, 'installation.dump');
      await openFile(file, opened, key);
      // --clean drops what the dump holds before recreating it, all in one transaction.
      const args = ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error'];
      await run('pg_restore', [...args, `--dbname=${owner.url}`, opened], { maxBuffer: 16 * 1024 * 1024 });
    } finally {
      await fsp.rm(plain, { recursive: true, force: true });
    }
    return;
  }
  if (!owner.pglite) throw new Error('no embedded database to restore');
  const pg = owner.pglite;
  const text = openBuffer(await fsp.readFile(file), key).toString('utf8');
  await owner.session(async () => {
    try {
      // One transaction: a dump that fails half-way leaves the database as it was.
      await pg.exec(`BEGIN; ${reset}`);
      await pg.exec(text);
      await pg.exec('COMMIT');
    } catch (err) {
      await pg.exec('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      // The dump's session settings (empty search_path...) must not stay on the shared connection.
      await pg.exec('RESET ALL');
    }
  });
}
