// The reads' pipelined lanes (server/src/db/read-lanes.ts) against the local PostgreSQL: statements of several
// tenancies written one behind the other on one connection (in one write) each run under their own settings; a
// statement whose settings failed fails too (it would have run under the previous ones); a slow statement does not
// hold up the ones after it; cursors never go on a lane; a lane whose connection is killed comes back by itself.
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { LANE_STALL_MS, NAMED_STATEMENTS, ReadLanes } from '../../server/src/db/read-lanes';

const url = process.env.DATABASE_URL;
let lanes: ReadLanes | undefined;
afterEach(async () => {
  await lanes?.close();
  lanes = undefined;
});

const open = (n: number) =>
  (lanes = new ReadLanes({
    lanes: n,
    client: () => new pg.Client({ connectionString: url, pipeline: true } as pg.ClientConfig),
  }));

/** Settings as the app writes them: session state, one round trip. */
const settingsOf = (who: string) => `select set_config('lane_test.who', '${who}', false)`;
const whoAmI = { text: `select current_setting('lane_test.who', true) as who, pg_backend_pid() as pid` };
const rowsOf = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows;

/** The lane for a statement once one has connected (the first pick starts connecting in the background). */
async function laneFor(l: ReadLanes, config: { text: string }) {
  for (let i = 0; i < 200; i++) {
    const lane = l.pick(config);
    if (lane) return lane;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no lane connected');
}

describe.skipIf(!url)('pipelined read lanes', () => {
  it('statements of three tenancies, written at once on one connection, each see their own settings', async () => {
    const l = open(1);
    await laneFor(l, whoAmI);
    const order = Array.from({ length: 90 }, (_, i) => ['A', 'B', 'C'][(i * 7) % 3]);
    // Statements (and settings) written in the same turn of the event loop leave in one write of the socket.
    const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
    const { _write, _writev } = socket;
    let writes = 0;
    socket._write = function (...a) {
      writes++;
      return _write.apply(this, a);
    };
    socket._writev = function (...a) {
      writes++;
      return _writev.apply(this, a);
    };
    let seen;
    try {
      seen = await Promise.all(order.map((who) => l.pick(whoAmI)!.run(settingsOf(who), whoAmI, undefined)));
    } finally {
      Object.assign(socket, { _write, _writev });
    }
    expect(writes).toBe(1);
    expect(seen.map((r) => rowsOf(r)[0].who)).toEqual(order);
    expect(new Set(seen.map((r) => rowsOf(r)[0].pid)).size).toBe(1);
  });

  it('a statement behind settings that failed fails, whatever it returned; the next one writes its settings again', async () => {
    const l = open(1);
    const lane = await laneFor(l, whoAmI);
    expect(rowsOf(await lane.run(settingsOf('A'), whoAmI, undefined))[0].who).toBe('A');
    // B's settings fail: the statement written behind them would have run as A, and must not answer.
    const broken = `${settingsOf('B')}, 1 / 0`;
    await expect(lane.run(broken, whoAmI, undefined)).rejects.toThrow(/division by zero/);
    await expect(lane.run(broken, whoAmI, undefined)).rejects.toThrow(/division by zero/);
    expect(rowsOf(await lane.run(settingsOf('A'), whoAmI, undefined))[0].who).toBe('A');
    expect(rowsOf(await lane.run(settingsOf('B'), whoAmI, undefined))[0].who).toBe('B');
  });

  it('a lane held by a long statement takes no new one; a text that ran slow goes to the pool from then on', async () => {
    const l = open(1);
    const lane = await laneFor(l, whoAmI);
    const slow = { text: 'select pg_sleep(0.4)' };
    expect(l.pick(slow)).toBe(lane);
    const running = lane.run(settingsOf('A'), slow, undefined);
    await new Promise((r) => setTimeout(r, LANE_STALL_MS + 50));
    expect(l.pick(whoAmI), 'held up: the next statement goes to the pool').toBeUndefined();
    await running;
    expect(l.pick(whoAmI)).toBe(lane);
    expect(l.pick(slow), 'known slow').toBeUndefined();
    for (let i = 0; i < 4; i++) l.record(slow, 1);
    expect(l.pick(slow), 'fast again on the pool: back on a lane').toBe(lane);
  });

  it('a statement is prepared once per connection, at most NAMED_STATEMENTS of them are kept, and one whose table changed shape runs again', async () => {
    const l = open(1);
    const lane = await laneFor(l, whoAmI);
    const prepared = { text: 'select count(*)::int as n from pg_prepared_statements where $1::int = 1' };
    const count = async () => rowsOf(await lane.run(settingsOf('A'), prepared, [1]))[0].n as number;
    const mine = { text: `select current_setting('lane_test.who', true) = $1 as mine` };
    await lane.run(settingsOf('A'), mine, ['A']);
    expect(rowsOf(await lane.run(settingsOf('A'), mine, ['A']))[0].mine).toBe(true);
    expect(await count()).toBe(2); // `mine` and the count itself
    // Without parameters a text stays on the simple protocol, unprepared: it may hold several statements.
    const two = await lane.run(settingsOf('A'), { text: 'select 1 as a; select 2 as b' }, undefined);
    expect((two as Array<{ rows: unknown[] }>).map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
    expect(await count()).toBe(2);
    await Promise.all(
      Array.from({ length: NAMED_STATEMENTS + 20 }, (_, i) =>
        lane.run(settingsOf('A'), { text: `select ${i} + $1::int as i` }, [1]),
      ),
    );
    expect(await count()).toBeLessThanOrEqual(NAMED_STATEMENTS);

    const table = `lane_test_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create table ${table} (a int); insert into ${table} values (1)`);
      const all = { text: `select * from ${table} where a = $1` };
      expect(rowsOf(await lane.run(settingsOf('A'), all, [1]))).toEqual([{ a: 1 }]);
      await admin.query(`alter table ${table} add column b int default 2`);
      expect(rowsOf(await lane.run(settingsOf('A'), all, [1]))).toEqual([{ a: 1, b: 2 }]);
    } finally {
      await admin.query(`drop table if exists ${table}`);
      await admin.end();
    }
  });

  it('cursors and paged portals never go on a lane', async () => {
    const l = open(1);
    await laneFor(l, whoAmI);
    expect(l.pick({ text: 'select 1', rows: 100 })).toBeUndefined();
    expect(l.pick({ text: 'select 1', submit: () => undefined })).toBeUndefined();
    expect(l.pick('select 1')).toBeUndefined();
  });

  it('a killed connection fails its statements, and the lane connects again by itself', async () => {
    const l = open(1);
    const lane = await laneFor(l, whoAmI);
    const { pid } = rowsOf(await lane.run(settingsOf('A'), whoAmI, undefined))[0];
    const waiting = lane.run(settingsOf('A'), { text: 'select pg_sleep(5)' }, undefined).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    expect(await waiting).toMatch(/terminating connection/);
    const again = await laneFor(l, whoAmI);
    const after = rowsOf(await again.run(settingsOf('B'), whoAmI, undefined))[0];
    expect(after.who).toBe('B');
    expect(after.pid).not.toBe(pid);
  });
});
