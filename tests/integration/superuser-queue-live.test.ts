/**
 * The superuser dashboard's queue figures are live: every job's change of state reaches the superusers
 * (room `su`) as `job.changed` with its id and status only; the owner's job.* events stay the owner's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newTenant, newUser, type TestTenant, type TestUser } from '../support/factories';

type Changed = LiveEvent<{ id: string; status: string }>;

let s: TestServer;
let A: TestTenant;
let SU: TestUser;
let stopWorker: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

/** Resolves when the socket has heard `job.changed` with that id and status. */
function heard(seen: Changed[], socket: Awaited<ReturnType<TestServer['socket']>>, id: () => string, status: string) {
  return new Promise<void>((resolve) => {
    const check = () => seen.some((e) => e.data.id === id() && e.data.status === status) && resolve();
    socket.on('job.changed', () => setImmediate(check));
  });
}

describe("the superusers' queue events", () => {
  it("a municipality user's job is heard by the superuser at each state, without its title; others hear nothing", async () => {
    const su = await s.socket(await SU.token());
    const colleague = await s.socket(await A.users.admin.token());
    const seen: Changed[] = [];
    const leaked: unknown[] = [];
    su.on('job.changed', (e) => seen.push(e));
    su.on('job.progress', (e) => leaked.push(e));
    colleague.on('job.changed', (e) => leaked.push(e));
    let id = '';
    const done = heard(seen, su, () => id, 'completed');

    const token = await A.users.usuario.token();
    const res = await client(s.url, token)('POST', '/api/exportacoes', { formato: 'csv' });
    expect(res.status).toBe(202);
    id = res.body.job.id;
    expect((await waitJob(s, token, id)).status).toBe('completed');
    await done;
    const mine = seen.filter((e) => e.data.id === id);
    const states = mine.map((e) => e.data.status).filter((st, i, all) => st !== all[i - 1]);
    expect(states).toEqual(['queued', 'running', 'completed']);
    for (const e of mine) {
      expect(Object.keys(e.data).sort()).toEqual(['id', 'status']);
      expect(e.municipalityId).toBe(A.id);
    }

    const gone = heard(seen, su, () => id, 'deleted');
    expect((await client(s.url, token)('DELETE', `/api/jobs/${id}`)).status).toBe(204);
    await gone;
    expect(leaked).toEqual([]);
    const dashboard = await client(s.url, await SU.token())('GET', '/api/superuser/dashboard');
    expect(dashboard.body.queue).toMatchObject({ queued: 0, running: 0 });
  });
});
