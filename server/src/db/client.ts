import fs from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { logger } from '../logger';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with parameters; returns rows. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; undefined = in memory. */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    // numeric stays a string (money must not become a float); int8 counts become numbers.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    // jit=off: the app's statements are short OLTP reads; JIT compilation (triggered by the planner's
    // cost estimates on a 1M-row table) costs tens of ms and never pays back here.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: '-c jit=off' });
    // An idle client dropped by the server (restart, failover, admin command) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (err) => logger.warn({ err: err.message }, 'conexão ociosa do PostgreSQL encerrada'));
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async query(text, params) {
        return (await pool.query(text, params as unknown[])).rows;
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  if (opts.pgliteDir) fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
  const client = await PGlite.create(opts.pgliteDir, {
    extensions: { unaccent, pg_trgm, btree_gin },
    parsers: { 20: (v: string) => Number(v) },
  });
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async query(text, params) {
      return (await client.query(text, params as unknown[])).rows as never[];
    },
    close: () => client.close(),
  };
}
