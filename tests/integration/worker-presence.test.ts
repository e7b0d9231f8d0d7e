import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemInformation } from '@tombo/shared';
import { workerState } from '../../server/src/modules/health/readiness';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { ownerQuery, world, type TestWorld } from '../support/factories';
import { buildBundle, killAll, startProcess, waitLog, type Proc } from '../support/processes';

// Issue 35: a separate worker prints the public address the API serves (APP_URL, or the one the API recorded
// at its start) and refuses to start without either; readiness and the superuser's system information say
// when no worker is connected. Needs PostgreSQL and Redis (the worker is another process).

const bullmq = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let s: TestServer;
let w: TestWorld;
const procs: Proc[] = [];

const worker = (env: Record<string, string | undefined>) => {
  const p = startProcess('worker', {
    DATABASE_URL: s.ctx.config.databaseUrl,
    REDIS_URL: s.ctx.config.redisUrl,
    REDIS_PREFIX: s.ctx.config.redisPrefix,
    DATA_DIR: s.ctx.config.dataDir,
    APP_URL: undefined,
    ...env,
  });
  procs.push(p);
  return p;
};

beforeAll(async () => {
  if (!bullmq) return;
  buildBundle();
  s = await startTestServer({ appUrl: 'https://patrimonio.exemplo.gov.br' });
  w = await world(s);
});
afterAll(async () => {
  killAll(procs);
  await s?.close();
});

describe.skipIf(!bullmq)('the worker', () => {
  it('readiness and system information say when no worker is connected, and count it once it is', async () => {
    const ready = await fetch(`${s.url}/api/ready`);
    expect(ready.status).toBe(200);
    // just started: a worker has a minute to connect
    expect((await ready.json()).checks.worker).toBe('ok');
    const later = await workerState(s.ctx.queue, Date.now() + 61_000);
    expect(later).toMatch(
      /^nenhum worker conectado desde o início deste servidor \(\d+ s\): as tarefas aguardam na fila$/,
    );

    const su = client(s.url, await w.superuser.token());
    const before = (await su('GET', '/api/superuser/system-information')).body as SystemInformation;
    expect(before.queue).toMatchObject({ mode: 'bullmq', workers: 0, workerLastSeenAt: null });

    const p = worker({});
    await waitLog(p, 'worker ready');
    // the worker took the address the API recorded at its start (its own APP_URL is unset)
    expect(p.log()).toContain('"appUrl":"https://patrimonio.exemplo.gov.br"');
    const after = (await su('GET', '/api/superuser/system-information')).body as SystemInformation;
    expect(after.queue.workers).toBeGreaterThanOrEqual(1);
    expect(after.queue.worker).toBe('ok');
    expect(after.queue.workerLastSeenAt).not.toBeNull();
    expect(await workerState(s.ctx.queue, Date.now() + 61_000)).toBe('ok');
    p.child.kill('SIGTERM');
    await p.exited;
  });

  it('refuses to start without APP_URL when the API has not recorded one, and says so in Portuguese', async () => {
    await ownerQuery(s, 'update installation set public_url = null where id = 1');
    try {
      const p = worker({});
      expect(await p.exited).toBe(1);
      expect(p.log()).toContain('APP_URL não definido e o servidor ainda não registrou o endereço público');
    } finally {
      await ownerQuery(s, 'update installation set public_url = $1 where id = 1', [s.ctx.config.appUrl]);
    }
  });
});
