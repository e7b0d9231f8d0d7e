import fs from 'node:fs';
import path from 'node:path';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { logger } from '../logger';
import { ReadLanes } from './read-lanes';
import { listenPg } from './listen';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The role the app's connections run as; the row-level-security policies bind it (migration 0013). */
export const APP_ROLE = 'tombo_app';

/**
 * Opens a transaction whose first statement is `setup` (plain SQL, no parameters) and runs `fn` in it.
 * On PostgreSQL `begin` and `setup` go in one round trip (a simple-protocol query of two statements):
 * every change pays one round trip fewer. Elsewhere (PGlite, in process) they run one after the other.
 */
type SetupTransaction = <T>(setup: string, fn: (tx: Db) => Promise<T>) => Promise<T>;
const setupTransactions = new WeakMap<Db, SetupTransaction>();

/**
 * A read's database: on PostgreSQL, every statement runs on its own (autocommit) on a pooled connection of
 * the read pool that carries `settings` as session state (set once, when the connection last served another
 * tenancy): one round trip per statement, no `begin`/`commit`. Undefined elsewhere (PGlite: one connection
 * in process, where a read stays a transaction).
 */
const statementReaders = new WeakMap<Db, (settings: string) => Db>();

export const statementReader = (db: Db, settings: string): Db | undefined => statementReaders.get(db)?.(settings);

/**
 * A read on PostgreSQL: `fn` runs on one connection of the read pool that carries `settings` as session state
 * (sent once, when the connection last served another tenancy), each statement on its own (autocommit).
 * Undefined elsewhere (PGlite: one connection in process, where a read stays a transaction).
 */
export type SessionReader = <T>(settings: string, fn: (db: Db) => Promise<T>) => Promise<T>;
const sessionReaders = new WeakMap<Db, SessionReader>();

export const sessionReader = (db: Db): SessionReader | undefined => sessionReaders.get(db);

export function transactionWith<T>(db: Db, setup: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  const fast = setupTransactions.get(db);
  if (fast) return fast(setup, fn);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(setup));
    return fn(tx as unknown as Db);
  });
}

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
  /** Pipelined connections of the reads (`read-lanes.ts`); default `DB_READ_LANES` or 0 = plain pooled reads. */
  readLanes?: number;
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
const READ_LANES = process.env.DB_READ_LANES ? Number(process.env.DB_READ_LANES) : 0;

/** The app's database and its owner (server boot, seed CLI, tests). */
export async function openDatabaseWithOwner(opts: OpenOptions): Promise<{ database: Database; owner: OwnerDatabase }> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts);
}

async function openPostgres(
  url: string,
  { poolSize = 10, readLanes = READ_LANES }: OpenOptions,
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
  // Reads' connections (`statementReader`): their tenant settings are session state, so they serve reads
  // only and never the transactions or raw statements of `pool`, whose connections carry no tenancy. Most
  // reads run on the pipelined lanes; the read pool takes the rest (see `TenantReadPool`).
  const readPool = appPool();
  const lanes = new ReadLanes({
    lanes: readLanes,
    client: () =>
      new pg.Client({
        connectionString: url,
        options: APP_OPTIONS,
        connectionTimeoutMillis: CONNECT_MS,
        keepAlive: true,
        pipeline: true,
      } as ConstructorParameters<typeof pg.Client>[0]),
  });
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
  const { drizzle, NodePgSession, NodePgTransaction } = await import('drizzle-orm/node-postgres');
  const db = drizzle(pool, { schema }) as unknown as Db;
  if (readLanes === 0) {
    // The plain path: a read checks out one connection of the read pool; a change is drizzle's transaction.
    const sessions = new WeakMap<PgClient, { db: Db; settings?: string }>();
    sessionReaders.set(db, async (settings, fn) => {
      const client = await readPool.connect();
      let session = sessions.get(client);
      if (!session) sessions.set(client, (session = { db: drizzle(client, { schema }) as unknown as Db }));
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
        // A statement of the read may still be running (a Promise.all that failed early): the next read
        // sends its settings again, behind it.
        session.settings = undefined;
        throw err;
      } finally {
        client.release(broken);
      }
    });
  } else setupLanes();
  function setupLanes() {
    // drizzle's own transaction, as drizzle-orm/node-postgres writes it, with `setup` sent beside `begin`.
    const base = (db as unknown as { session: InstanceType<typeof NodePgSession> }).session as unknown as {
      dialect: ConstructorParameters<typeof NodePgSession>[1];
      schema: ConstructorParameters<typeof NodePgSession>[2];
      options: ConstructorParameters<typeof NodePgSession>[3];
    };
    // One transaction object per pooled connection, made on its first use: building one walks the whole
    // schema (a CPU profile of GET /api/sectors under load put it at ~5 % of the server's time).
    const txOfClient = new WeakMap<object, InstanceType<typeof NodePgTransaction>>();
    const txOf = (client: ConstructorParameters<typeof NodePgSession>[0]) => {
      let tx = txOfClient.get(client);
      if (!tx) {
        tx = new NodePgTransaction(
          base.dialect,
          new NodePgSession(client, base.dialect, base.schema, base.options),
          base.schema,
        );
        txOfClient.set(client, tx);
      }
      return tx;
    };
    setupTransactions.set(db, async (setup, fn) => {
      const client = await pool.connect();
      const tx = txOf(client);
      let broken: Error | undefined;
      try {
        await client.query(`begin; ${setup}`);
        const result = await fn(tx as unknown as Db);
        await client.query('commit');
        return result;
      } catch (err) {
        // A connection that cannot even roll back is dropped by the pool, never reused.
        await client.query('rollback').catch((e: Error) => (broken = e));
        throw err;
      } finally {
        client.release(broken);
      }
    });
    const readers = new Map<string, Db>();
    statementReaders.set(db, (settings) => {
      let reader = readers.get(settings);
      if (!reader) {
        reader = drizzle(new TenantReadPool(readPool, lanes, settings) as unknown as InstanceType<typeof pg.Pool>, {
          schema,
        }) as unknown as Db;
        readers.set(settings, reader);
      }
      return reader;
    });
  }
  const ownerDb = drizzle(ownerPool, { schema }) as unknown as Db;
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
      await Promise.all([pool.end(), lanes.close(), readPool.end(), ownerPool.end()]);
    },
  };
  const owner: OwnerDatabase = {
    kind: 'postgres',
    url,
    query: ownerQuery,
    transaction: (fn) => ownerDb.transaction((tx) => fn(tx as unknown as Db)),
    async session(fn) {
      const client = await ownerPool.connect();
      try {
        const query: OwnerDatabase['query'] = async (text, params) => (await client.query(text, params)).rows;
        return await fn(drizzle(client, { schema }) as unknown as Db, query);
      } finally {
        client.release();
      }
    },
  };
  return { database, owner };
}

type PgPool = import('pg').Pool;
type PgClient = import('pg').PoolClient;

/** The tenant settings each read-pool connection carries now (session state, see `statementReader`). */
const sessionSettings = new WeakMap<PgClient, string>();

/**
 * The reads' connections seen through one tenancy. A statement runs on a pipelined lane when one takes it
 * (`read-lanes.ts`), else it checks out a connection of the read pool, brings its session settings to
 * `settings` if it last served another tenancy, runs and gives it back. drizzle takes it for a pool (its
 * name says so): a transaction inside a read gets a pool connection of its own, with the same settings.
 */
class TenantReadPool {
  constructor(
    private readonly pool: PgPool,
    private readonly lanes: ReadLanes,
    private readonly settings: string,
  ) {}

  async connect(): Promise<PgClient> {
    const client = await this.pool.connect();
    if (sessionSettings.get(client) === this.settings) return client;
    try {
      sessionSettings.delete(client);
      await client.query(this.settings);
      sessionSettings.set(client, this.settings);
      return client;
    } catch (err) {
      client.release(err as Error); // its session state is unknown: never reused
      throw err;
    }
  }

  async query(config: unknown, values?: unknown[]): Promise<unknown> {
    const lane = this.lanes.pick(config);
    if (lane) return lane.run(this.settings, config as { text: string }, values);
    const client = await this.connect();
    const started = performance.now();
    try {
      return await client.query(config as string, values);
    } finally {
      this.lanes.record(config, performance.now() - started);
      client.release(); // the pool drops a connection that broke meanwhile
    }
  }
}

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
  const db = drizzle(client, { schema }) as unknown as Db;
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
        return fn(tx as unknown as Db);
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
