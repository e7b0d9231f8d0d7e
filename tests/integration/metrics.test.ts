import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, ownerQuery, type TestTenant } from '../support/factories';

// GET /api/metrics: Prometheus text for the METRICS_TOKEN as Bearer, 401 otherwise, 404 when no token is set.

const TOKEN = 'segredo-das-metricas-0123456789';
let s: TestServer;
let t: TestTenant;
beforeAll(async () => {
  s = await startTestServer({ metricsToken: TOKEN });
  t = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

/** Scrapes with `Bearer <token>`; `null` sends no Authorization header. */
const scrape = async (token: string | null = TOKEN) =>
  fetch(`${s.url}/api/metrics`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
/** The value of one sample line (`name{labels} value`), or undefined. */
const sample = (text: string, line: RegExp) => {
  const m = text.split('\n').find((l) => line.test(l));
  return m === undefined ? undefined : Number(m.split(' ').pop());
};

describe('GET /api/metrics', () => {
  it('refuses a missing or wrong token (401, pt-BR)', async () => {
    for (const token of [null, 'errado', `${TOKEN}x`, '']) {
      const r = await scrape(token);
      expect(r.status, `token ${token}`).toBe(401);
      const body = (await r.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Token de métricas ausente ou inválido.' });
    }
    // A user's access token is not the metrics token.
    expect((await scrape(await t.users.admin.token())).status).toBe(401);
  });

  it('counts requests by declared route and status, never by raw URL', async () => {
    const admin = client(s.url, await t.users.admin.token());
    for (let i = 0; i < 3; i++) expect((await admin('GET', '/api/sectors')).status).toBe(200);
    expect((await admin('GET', '/api/patrimonios/987654')).status).toBe(404);
    expect((await admin('GET', '/api/nao-existe/1')).status).toBe(404);
    const r = await scrape();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await r.text();
    expect(text).toContain('# TYPE tombo_http_request_duration_seconds histogram');
    const count = (route: string, status: number) =>
      sample(
        text,
        new RegExp(
          `^tombo_http_request_duration_seconds_count\\{method="GET",route="${route.replace(/\//g, '\\/')}",status="${status}"\\}`,
        ),
      );
    expect(count('/sectors', 200)).toBeGreaterThanOrEqual(3);
    expect(count('/patrimonios/:id', 404)).toBe(1);
    expect(count('unmatched', 404)).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('nao-existe');
    // Process metrics of prom-client.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('counts open sockets', async () => {
    const before = sample(await (await scrape()).text(), /^tombo_socket_connections /);
    const socket = await s.socket(await t.users.admin.token());
    try {
      const during = sample(await (await scrape()).text(), /^tombo_socket_connections /);
      expect(during).toBe((before ?? 0) + 1);
    } finally {
      socket.disconnect();
    }
    await expect.poll(async () => sample(await (await scrape()).text(), /^tombo_socket_connections /)).toBe(before);
  });

  it('reports queue depth and finished job durations from the jobs table (and BullMQ with Redis)', async () => {
    const admin = { id: t.users.admin.id, municipality_id: t.id };
    const insert = (status: string, started: string | null, finished: string | null) =>
      ownerQuery(
        s,
        `insert into jobs (municipality_id, owner_id, name, title, payload, status, started_at, finished_at)
         values ($1, $2, 'metrics-test', 'Teste', '{}'::jsonb, $3, ${started ?? 'null'}, ${finished ?? 'null'})`,
        [admin.municipality_id, admin.id, status],
      );
    await insert('completed', `now() - interval '3 seconds'`, 'now()');
    await insert('completed', `now() - interval '40 seconds'`, 'now()');
    await insert('failed', `now() - interval '0.2 seconds'`, 'now()');
    await insert('queued', null, null);
    await insert('queued', null, null);
    const text = await (await scrape()).text();
    const job = (suffix: string, labels: string) =>
      sample(text, new RegExp(`^tombo_job_duration_seconds_${suffix}\\{name="metrics-test",${labels}\\}`));
    expect(job('count', 'status="completed"')).toBe(2);
    expect(job('bucket', 'status="completed",le="5"')).toBe(1);
    expect(job('bucket', 'status="completed",le="60"')).toBe(2);
    expect(job('bucket', 'status="completed",le="\\+Inf"')).toBe(2);
    expect(job('sum', 'status="completed"')).toBeCloseTo(43, 0);
    expect(job('count', 'status="failed"')).toBe(1);
    expect(sample(text, /^tombo_jobs\{name="metrics-test",status="queued"\} /)).toBe(2);
    expect(sample(text, /^tombo_queue_up /)).toBe(1);
    if (s.ctx.queue.mode === 'bullmq') {
      expect(text).toMatch(/^tombo_queue_jobs\{queue="tombo",state="waiting"\} \d+$/m);
      expect(text).toMatch(/^tombo_queue_jobs\{queue="tombo",state="active"\} \d+$/m);
    }
  });
});

describe('without METRICS_TOKEN', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ metricsToken: undefined });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('metrics are off: 404, whatever the token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const r = await fetch(`${off.url}/api/metrics`, { headers });
      expect(r.status).toBe(404);
    }
  });
});
