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
  /**
   * LISTEN on a channel. `onState(true)` once notifications flow, `onState(false)` whenever they may
   * have been missed (the listening connection dropped; it reconnects by itself). Returns a stop function.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onState: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
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
      listen: (channel, onNotify, onState) => listenPg(pg, opts.databaseUrl!, channel, onNotify, onState),
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
    async listen(channel, onNotify, onState) {
      const stop = await client.listen(channel, onNotify);
      onState(true); // one in-process database: nothing can be missed
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/** A dedicated connection that LISTENs, reconnecting with a growing pause after any loss. */
async function listenPg(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import('pg').Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    const lost = () => {
      if (client !== c) return;
      client = null;
      onState(false);
      c.end().catch(() => undefined);
      if (!stopped) timer = setTimeout(() => void connect(1), 1000);
    };
    c.on('error', (err) => {
      logger.warn({ err: err.message }, `LISTEN ${channel}: conexão perdida`);
      lost();
    });
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      client = c;
      onState(true);
    } catch (err) {
      c.end().catch(() => undefined);
      logger.warn({ err: (err as Error).message }, `LISTEN ${channel}: nova tentativa`);
      if (!stopped) timer = setTimeout(() => void connect(attempt + 1), Math.min(30_000, 500 * 2 ** attempt));
    }
  };
  await connect(0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => undefined);
  };
}
