/**
 * A list reads its timestamps as node-postgres' text and writes them as ISO text without a Date
 * (`isoOfTimestamptz`): the same answer as `Date#toISOString`, for the texts PostgreSQL itself writes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { sql } from 'drizzle-orm';
import { isoOfTimestamptz } from '../../server/src/db/columns';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

it('writes what Date#toISOString writes, in UTC and in any other session time zone', async () => {
  for (const zone of ['UTC', 'America/Sao_Paulo', 'Asia/Kolkata']) {
    const rows = await s.owner.transaction(async (tx) => {
      await tx.execute(sql`select set_config('timezone', ${zone}, true)`);
      return (
        (await tx.execute(sql`select (timestamptz '1990-01-01 00:00:00+00' + (g * 7919) * interval '1 hour'
            + (g * 104729 % 1000000) * interval '1 microsecond')::text t from generate_series(0, 400) g
          union all values ('2026-11-28 22:52:14+00'), ('2026-11-28 22:52:14.3+00'), ('2026-11-28 22:52:14.999999+00')`)) as unknown as {
          rows: Array<{ t: string }>;
        }
      ).rows;
    });
    expect(rows.length).toBe(404);
    if (zone !== 'UTC') expect(rows[0].t).not.toMatch(/\+00$/);
    for (const { t } of rows) expect(isoOfTimestamptz(t), `${zone}: ${t}`).toBe(new Date(t).toISOString());
  }
});
