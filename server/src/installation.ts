import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Db } from './db/client';

const root = path.resolve(import.meta.dirname, '../..');

let packageVersion: string | undefined;
/** The running version: the build's (root package.json), unless TOMBO_VERSION / the config override it. */
export function appVersion(config: Pick<Config, 'appVersion'>): string {
  if (config.appVersion) return config.appVersion;
  packageVersion ??= (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
    .version;
  return packageVersion;
}

let lastMigration: string | undefined;
/** The schema this build migrates to: the tag of the last migration it ships (applied at boot). */
export function schemaVersion(): string {
  if (lastMigration) return lastMigration;
  const journal = JSON.parse(
    fs.readFileSync(path.join(root, 'server/src/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  lastMigration = journal.entries.at(-1)?.tag ?? 'none';
  return lastMigration;
}

/** This installation's id (written into every backup's manifest). */
export async function installationId(tx: Db): Promise<string> {
  const res = (await tx.execute(sql`select installation_id::text id from installation where id = 1`)) as unknown as {
    rows: { id: string }[];
  };
  if (!res.rows[0]) throw new Error('installation row missing');
  return res.rows[0].id;
}

/**
 * Records the public address this API started with, so a worker started without APP_URL prints the same
 * QR codes and links (the worker reads it with `recordedAppUrl`).
 */
export async function recordAppUrl(tx: Db, appUrl: string): Promise<void> {
  await tx.execute(
    sql`update installation set public_url = ${appUrl} where id = 1 and public_url is distinct from ${appUrl}`,
  );
}

/** The public address the API last started with, or null before its first start. */
export async function recordedAppUrl(tx: Db): Promise<string | null> {
  const res = (await tx.execute(sql`select public_url from installation where id = 1`)) as unknown as {
    rows: { public_url: string | null }[];
  };
  return res.rows[0]?.public_url ?? null;
}
