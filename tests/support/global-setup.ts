// Vitest's global setup: the schema is migrated once per run, not once per test file. On PostgreSQL a
// template database (each file's database is a `CREATE DATABASE … TEMPLATE` copy); embedded, a migrated
// PGlite data directory that each in-memory database starts from. Removed when the run ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabaseWithOwner } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { createFreshDatabase, dropDatabase, TEMPLATE_ENV } from '../../server/src/db/test-database';

export default async function setup(): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const url = await createFreshDatabase(base, 'tombo_template');
    const { database, owner } = await openDatabaseWithOwner({ databaseUrl: url });
    try {
      await migrate(owner);
    } finally {
      await database.close(); // a template may have no connection when it is copied
    }
    process.env[TEMPLATE_ENV.postgres] = new URL(url).pathname.slice(1);
    return () => dropDatabase(url);
  }
  const { database, owner } = await openDatabaseWithOwner({});
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-template-')), 'pgdata.tar');
  try {
    await migrate(owner);
    fs.writeFileSync(file, Buffer.from(await (await owner.pglite!.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await database.close();
  }
  process.env[TEMPLATE_ENV.pglite] = file;
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
