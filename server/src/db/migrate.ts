import path from 'node:path';
import type { OwnerDatabase } from './client';

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');
const LOCK_KEY = 7_270_001; // advisory lock: several API nodes may start at once

/**
 * Applies the migrations as the owner (they create tables, roles and policies), on one session: the
 * PostgreSQL advisory lock is taken and released on the connection that migrates.
 */
export async function migrate(owner: OwnerDatabase, folder = migrationsFolder): Promise<void> {
  await owner.session(async (db, query) => {
    if (owner.kind === 'pglite') {
      const { migrate: run } = await import('drizzle-orm/pglite/migrator');
      await run(db as never, { migrationsFolder: folder });
      return;
    }
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await query('select pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await run(db as never, { migrationsFolder: folder });
    } finally {
      await query('select pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  });
}
