// The read path on PostgreSQL (server/src/db/client.ts `sessionReader`, docs/decisions/read-path.md): plain
// node-postgres pools and drizzle's public API. The first block checks the reads themselves on a read pool of one
// connection (so every read lands on the same session); the second pins down, on the libraries alone, each
// behaviour of pg, pg-pool and drizzle that the path relies on beyond a one-line documented call: a release of
// one of them that changes it fails here, not in production.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseWithOwner, type Database, type Db } from '../../server/src/db/client';
import { read } from '../../server/src/db/tx';
import { createMigratedDatabase, dropDatabase } from '../../server/src/db/test-database';
import { allMunicipalities, scopeOfMunicipality, type Tenancy } from '../../server/src/tenancy/scope';

const base = process.env.DATABASE_URL;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const SESSION = sql`select pg_backend_pid() as pid, current_user as role,
  current_setting('app.municipality_id', true) as m, current_setting('app.all_municipalities', true) as "all",
  current_setting('max_parallel_workers_per_gather') as workers`;
type Session = { pid: number; role: string; m: string; all: string; workers: string };

describe.skipIf(!base)('reads on the read pool (one connection)', () => {
  let url: string;
  let database: Database;
  beforeAll(async () => {
    url = await createMigratedDatabase(base!);
    ({ database } = await openDatabaseWithOwner({ databaseUrl: url, poolSize: 1 }));
  });
  afterAll(async () => {
    await database?.close();
    if (url) await dropDatabase(url);
  });
  const session = (tenancy: Tenancy, opts?: { parallel?: boolean }) =>
    read({ db: database.db }, tenancy, async (tx) => rowsOf<Session>(await tx.execute(SESSION))[0], opts);

  it('every read of a connection gets its own tenancy, whatever the one before it had', async () => {
    const a = await session(scopeOfMunicipality(1));
    const b = await session(scopeOfMunicipality(2));
    const all = await session(allMunicipalities());
    const again = await session(scopeOfMunicipality(1));
    expect(new Set([a.pid, b.pid, all.pid, again.pid]).size).toBe(1);
    expect([a, b, all, again].map((s) => [s.role, s.m, s.all])).toEqual([
      ['tombo_app', '1', 'off'],
      ['tombo_app', '2', 'off'],
      ['tombo_app', '', 'on'],
      ['tombo_app', '1', 'off'],
    ]);
    const serial = await session(scopeOfMunicipality(1), { parallel: false });
    expect(serial.workers).toBe('0');
    expect((await session(scopeOfMunicipality(1))).workers).toBe(a.workers);
  });

  it('a read runs on one connection; a transaction inside it too, under its settings', async () => {
    const [outer, inner] = await read({ db: database.db }, scopeOfMunicipality(7), async (tx) => [
      rowsOf<Session>(await tx.execute(SESSION))[0],
      await tx.transaction(async (t) => rowsOf<Session>(await t.execute(SESSION))[0]),
    ]);
    expect(inner.pid).toBe(outer.pid);
    expect(inner.m).toBe('7');
  });

  it('a read that failed leaves the connection right for the next one', async () => {
    await expect(
      read({ db: database.db }, scopeOfMunicipality(3), async (tx) => {
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    await expect(
      read({ db: database.db }, scopeOfMunicipality(3), async () => {
        throw new Error('not found');
      }),
    ).rejects.toThrow('not found');
    expect((await session(scopeOfMunicipality(4))).m).toBe('4');
    expect((await session(scopeOfMunicipality(3))).m).toBe('3');
  });

  it("the app pool's connections carry no tenancy after any read", async () => {
    await session(scopeOfMunicipality(5));
    const [x] = await database.query<{ m: string | null; role: string }>(
      `select current_setting('app.municipality_id', true) as m, current_user as role`,
    );
    expect(x.role).toBe('tombo_app');
    expect(x.m ?? '').toBe('');
  });
});

describe.skipIf(!base)('what the read path relies on in pg, pg-pool and drizzle-orm', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: base, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
  });

  it('pg-pool hands a released connection back as the same client with its session state', async () => {
    const first = await pool.connect();
    await first.query(`select set_config('read_path.who', 'A', false)`);
    first.release();
    const second = await pool.connect();
    try {
      expect(second).toBe(first); // the settings cache is keyed on the client object
      expect((await second.query(`select current_setting('read_path.who', true) as who`)).rows[0].who).toBe('A');
    } finally {
      second.release();
    }
  });

  it('pg-pool never hands out again a client released with an error', async () => {
    const first = await pool.connect();
    first.release(new Error('its session state is unknown'));
    const second = await pool.connect();
    try {
      expect(second).not.toBe(first);
    } finally {
      second.release();
    }
  });

  it('a query without parameters goes on the simple protocol and may hold several statements', async () => {
    const results: unknown = await pool.query(`select 1 as a; select 2 as b`);
    expect((results as pg.QueryResult[]).map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });

  it('drizzle over a checked-out client runs every statement and its transactions on that client', async () => {
    const client = await pool.connect();
    try {
      const db: Db = drizzle(client);
      const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
      const [own, inTx] = [
        rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`))[0].pid,
        await db.transaction(
          async (t) => rowsOf<{ pid: number }>(await t.execute(sql`select pg_backend_pid() as pid`))[0].pid,
        ),
      ];
      expect([own, inTx]).toEqual([pid, pid]);
    } finally {
      client.release();
    }
  });

  it("drizzle's transaction over a pool holds one client from begin to commit (mutate's settings are local to it)", async () => {
    const wide = new pg.Pool({ connectionString: base, max: 4 });
    try {
      const db: Db = drizzle(wide);
      const seen = await Promise.all(
        ['A', 'B', 'C'].map((who) =>
          db.transaction(async (t) => {
            await t.execute(sql`select set_config('read_path.who', ${who}, true)`);
            await t.execute(sql`select pg_sleep(0.02)`);
            return rowsOf<{ who: string }>(await t.execute(sql`select current_setting('read_path.who') as who`))[0].who;
          }),
        ),
      );
      expect(seen).toEqual(['A', 'B', 'C']);
      const after = await wide.query(`select coalesce(current_setting('read_path.who', true), '') as who`);
      expect(after.rows[0].who).toBe('');
    } finally {
      await wide.end();
    }
  });
});
