import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Config } from '../../config';
import type { OwnerDatabase } from '../../db/client';
import { BACKUPS_DIR } from './paths';

const run = promisify(execFile);

/** Where whole-installation dumps go: DATA_DIR/backups/installation. */
export const installationBackupDir = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, BACKUPS_DIR, 'installation');

/**
 * A whole-installation dump with the database's own tools: `pg_dump --format=custom` of the server
 * database, or the PGlite tools' pg_dump (plain SQL) of the embedded one. Returns the file's path.
 */
export async function dumpInstallation(
  owner: OwnerDatabase,
  config: Pick<Config, 'dataDir'>,
  name: string,
): Promise<string> {
  const dir = installationBackupDir(config);
  await fsp.mkdir(dir, { recursive: true });
  if (owner.kind === 'postgres') {
    if (!owner.url) throw new Error('no database url for pg_dump');
    const file = path.join(dir, `${name}.dump`);
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${owner.url}`], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return file;
  }
  if (!owner.pglite) throw new Error('no embedded database to dump');
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const file = path.join(dir, `${name}.sql`);
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
  await fsp.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/**
 * Replaces the whole database with a dump made by `dumpInstallation` (before any migration of the
 * version that starts): the schemas are dropped and the dump restored by `pg_restore` in one
 * transaction, or executed on the embedded database.
 */
export async function restoreInstallation(owner: OwnerDatabase, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`backup file missing: ${file}`);
  const reset = 'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;';
  if (owner.kind === 'postgres') {
    if (!owner.url) throw new Error('no database url for pg_restore');
    // --clean drops what the dump holds before recreating it, all in one transaction.
    const args = ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error'];
    await run('pg_restore', [...args, `--dbname=${owner.url}`, file], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return;
  }
  if (!owner.pglite) throw new Error('no embedded database to restore');
  const pg = owner.pglite;
  const text = await fsp.readFile(file, 'utf8');
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
