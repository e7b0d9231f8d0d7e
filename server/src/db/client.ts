import fs from 'node:fs';
import path from 'node:path';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { logger } from '../logger';
import { listenPg } from './listen';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The role the app's connections run as; the row-level-security policies bind it (migration 0013). */
export const APP_ROLE = 'tombo_app';

/**
 * A read on PostgreSQL: `fn` runs on one connection of the read pool that carries `settings` as session state
 * (sent once, when the connection last served another tenancy), each statement on its own (autocommit).
 * Undefined elsewhere (PGlite: one connection in process, where a read stays a transaction).
 */
export type SessionReader = <T>(settings: string, fn: (db: Db) => Promise<T>) => Promise<T>;
const sessionReaders = new WeakMap<Db, SessionReader>();

/** The session reader of the app's database (PostgreSQL), undefined on PGlite. */
export const sessionReader = (db: Db): SessionReader | undefined => sessionReaders.get(db);

/**
 * The database as the app uses it. Every connection runs as `tombo_app` with no municipality set, so
 * a statement outside `read`/`mutate` (server/src/db/tx.ts) sees no tenant row: tenancy fails closed.
 */
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

/**
 * The same database as its owner, the role the app connects with: it owns the tables and bypasses
 * row-level security. For boot (migrations, role permissions, seed), the seed CLI and tests only;
 * request code never gets it (it is not in AppContext, and ESLint keeps `openDatabaseWithOwner` out).
 */
export interface OwnerDatabase {
  kind: 'pglite' | 'postgres';
  /** One statement as the owner. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** A transaction as the owner. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * A whole session as the owner, for code that opens its own transactions (drizzle's migrator). On
   * PGlite that is the app's one connection, switched back to the app role afterwards: boot only.
   */
  session<T>(fn: (db: Db, query: OwnerDatabase['query']) => Promise<T>): Promise<T>;
  /** The embedded database itself (PGlite only): its dump tool needs it (whole-installation backups). */
  pglite?: import('@electric-sql/pglite').PGlite;
  /** The connection string (PostgreSQL only): pg_dump / pg_restore connect with it. */
  url?: string;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; undefined = in memory, a copy of `pgliteTemplate` (a `dumpDataDir`; tests). */
  pgliteDir?: string;
  pgliteTemplate?: Blob;
  poolSize?: number;
}

/** The app's database (the worker's way in). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return (await openDatabaseWithOwner(opts)).database;
}

// jit=off: the app's short OLTP reads never pay back JIT compilation (tens of ms on a 1M-row table).
const PG_OPTIONS = '-c jit=off';
// The app role as a startup parameter: a connection that cannot take it (the role is missing) is
// refused, so no statement ever runs as the owner by mistake; RESET ROLE returns to it.
const APP_OPTIONS = `${PG_OPTIONS} -c role=${APP_ROLE}`;
/** Longest wait for a pooled connection (ms): past it the request gets a 503 instead of hanging. */
const CONNECT_MS = Number(process.env.DB_CONNECT_TIMEOUT_MS) || 5_000;

/** The app's database and its owner (server boot, seed CLI, tests). */
export async function openDatabaseWithOwner(opts: OpenOptions): Promise<{ database: Database; owner: OwnerDatabase }> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts);
}

async function openPostgres(
  url: string,
  { poolSize = 10 }: OpenOptions,
): Promise<{ database: Database; owner: OwnerDatabase }> {
  const { default: pg } = await import('pg');
  // numeric stays a string (money must not become a float); int8 counts become numbers.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  // A database away must not hold requests: a connection not obtained in CONNECT_MS fails the request
  // (503, http/errors.ts) instead of queueing it forever; TCP keep-alive notices a dead peer.
  const appPool = () =>
    new pg.Pool({
      connectionString: url,
      max: poolSize,
      options: APP_OPTIONS,
      connectionTimeoutMillis: CONNECT_MS,
      keepAlive: true,
    });
  const pool = appPool();
  // Reads' connections (`sessionReader`): their tenant settings are session state, so they serve reads
  // only and never the transactions or raw statements of `pool`, whose connections carry no tenancy.
  const readPool = appPool();
  // The owner's connections: few, opened on demand (boot, tests) and closed when idle.
  const ownerPool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 5_000, options: PG_OPTIONS });
  // An idle client dropped by the server (restart, failover, admin command) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  for (const p of [pool, readPool, ownerPool]) {
    p.on('error', (err) => logger.warn({ err: err.message }, 'conexão ociosa do PostgreSQL encerrada'));
    // Likewise a client checked out between two statements (the pool listens only while it is idle):
    // without a listener its 'error' would end the process. Its next statement fails (503) and the
    // pool drops it on release (it is no longer queryable).
    p.on('connect', (client) =>
      client.on('error', (err) => logger.warn({ err: err.message }, 'conexão do PostgreSQL perdida durante o uso')),
    );
  }
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db: Db = drizzle(pool, { schema });
  // Each read connection's drizzle instance (made once: building one walks the whole schema) and the tenant
  // settings it carries now.
  const sessions = new WeakMap<PoolClient, { db: Db; settings?: string }>();
  sessionReaders.set(db, async (settings, fn) => {
    const client = await readPool.connect();
    let session = sessions.get(client);
    if (!session) sessions.set(client, (session = { db: drizzle(client, { schema }) }));
    let broken: Error | undefined;
    try {
      if (session.settings !== settings) {
        session.settings = undefined;
        await client.query(settings).catch((err: Error) => {
          throw (broken = err); // its session state is unknown: never reused
        });
        session.settings = settings;
      }
      return await fn(session.db);
    } catch (err) {
      // A statement of the read may still be queued (a Promise.all that failed early): the next read sends
      // its settings again, behind it.
      session.settings = undefined;
      throw err;
    } finally {
      client.release(broken); // the pool also drops a connection that broke meanwhile
    }
  });
  const ownerDb: Db = drizzle(ownerPool, { schema });
  const ownerQuery: OwnerDatabase['query'] = async (text, params) =>
    (await ownerPool.query(text, params as unknown[])).rows;
  const database: Database = {
    db,
    kind: 'postgres',
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows;
    },
    listen: (channel, onNotify, onState) => listenPg(pg, url, APP_OPTIONS, channel, onNotify, onState),
    close: async () => {
      await Promise.all([pool.end(), readPool.end(), ownerPool.end()]);
    },
  };
  const owner: OwnerDatabase = {
    kind: 'postgres',
    url,
    query: ownerQuery,
    transaction: (fn) => ownerDb.transaction((tx) => fn(tx)),
    async session(fn) {
      const client = await ownerPool.connect();
      try {
        const query: OwnerDatabase['query'] = async (text, params) => (await client.query(text, params)).rows;
        return await fn(drizzle(client, { schema }), query);
      } finally {
        client.release();
      }
    },
  };
  return { database, owner };
}

type PoolClient = import('pg').PoolClient;

async function openPglite({ pgliteDir: dir, pgliteTemplate }: OpenOptions) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir, {
    loadDataDir: dir ? undefined : pgliteTemplate,
    extensions: { unaccent, pg_trgm, btree_gin },
    parsers: { 20: (v: string) => Number(v) },
  });
  const { drizzle } = await import('drizzle-orm/pglite');
  const db: Db = drizzle(client, { schema });
  // One connection: the session runs as the app role, and the owner's work switches back to the
  // connecting role for its own transaction only (SET LOCAL). A database the migrations have not yet
  // given the role (a new one) has no policies either; the first migration run switches it.
  const enterAppRole = async () => {
    const { rows } = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    if (rows.length) await client.exec(`SET ROLE ${APP_ROLE}`);
  };
  await enterAppRole();
  const ownerQuery: OwnerDatabase['query'] = (text, params) =>
    client.transaction(async (tx) => {
      await tx.exec('SET LOCAL ROLE NONE');
      return (await tx.query(text, params as unknown[])).rows as never[];
    });
  const database: Database = {
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
  const owner: OwnerDatabase = {
    kind: 'pglite',
    pglite: client,
    query: ownerQuery,
    transaction: (fn) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL ROLE NONE`);
        return fn(tx);
      }),
    async session(fn) {
      await client.exec('SET ROLE NONE');
      try {
        return await fn(db, ownerQuery);
      } finally {
        await enterAppRole();
      }
    },
  };
  return { database, owner };
}
