import path from 'node:path';
import type { Database } from './client';

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const LOCK_KEY = 7_270_001; // advisory lock: several API nodes may start at once

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder });
    return;
  }
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  await database.query('select pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    await run(database.db as never, { migrationsFolder });
  } finally {
    await database.query('select pg_advisory_unlock($1)', [LOCK_KEY]);
  }
}
