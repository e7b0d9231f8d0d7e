import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Job, type JobList, type LiveEvent } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { runJob } from '../../server/src/modules/jobs/runtime/runner';
import { newTenant, newUser, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

// Downloads (issue 11): every generated file of the user with its size; delete (own only, not while
// running); retry a failed job (own only, same row). Runs inline and with BullMQ (REDIS_URL).

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
let other: TestUser;
let stopWorker: () => Promise<void> = async () => undefined;
const as = async (u: TestUser) => client(s.url, await u.token());
const jobFiles = (id: string) => {
  const dir = path.join(s.ctx.config.dataDir, 'files', 'jobs');
  const tmp = path.join(dir, '.tmp');
  const list = (d: string) => (fs.existsSync(d) ? fs.readdirSync(d).filter((n) => n.startsWith(id)) : []);
  return [...list(dir), ...list(tmp).map((n) => `.tmp/${n}`)];
};

async function exportJob(who: TestUser, body: unknown = { formato: 'csv' }): Promise<Job> {
  const token = await who.token();
  const res = await client(s.url, token)('POST', '/api/exportacoes', body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return waitJob(s, token, res.body.job.id);
}

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTenant(s);
  B = await newTenant(s);
  other = await newUser(s, { municipalityId: A.id, role: 'admin' });
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('downloads', () => {
  it('the list shows each file with its size; only the owner sees, downloads or deletes it', async () => {
    const job = await exportJob(A.users.usuario);
    expect(job.status).toBe('completed');
    const { res, bytes } = await jobDownload(s, await A.users.usuario.token(), job.id);
    expect(job.fileSize).toBe(bytes.length);
    // Someone's data: an attachment under its own name and type, never kept by a browser or proxy, never sniffed.
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${job.fileName}`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const mine = (await (await as(A.users.usuario))('GET', '/api/jobs')).body as JobList;
    expect(mine.jobs.find((j) => j.id === job.id)).toMatchObject({ fileSize: bytes.length, status: 'completed' });
    expect(jobFiles(job.id)).toEqual([`${job.id}.csv`]);

    // Another user of the same city hall, and one of another: 404, nothing removed.
    for (const u of [other, B.users.admin]) {
      const c = await as(u);
      expect((await c('GET', '/api/jobs')).body.jobs.some((j: Job) => j.id === job.id)).toBe(false);
      expect((await c('DELETE', `/api/jobs/${job.id}`)).status).toBe(404);
      expect((await c('POST', `/api/jobs/${job.id}/retry`)).status).toBe(404);
      expect((await jobDownload(s, await u.token(), job.id)).res.status).toBe(404);
    }
    expect(jobFiles(job.id)).toEqual([`${job.id}.csv`]);
    expect((await (await as(A.users.usuario))('DELETE', '/api/jobs/not-a-uuid')).status).toBe(400);

    // The owner's other tabs hear the deletion; another user of the city hall does not.
    const ownerTab = await s.socket(await A.users.usuario.token());
    const otherTab = await s.socket(await other.token());
    const heardByOther: unknown[] = [];
    otherTab.on('job.deleted', (e: unknown) => heardByOther.push(e));
    const heard = nextEvent<LiveEvent<{ id: string }>>(ownerTab, 'job.deleted', 10_000);
    const del = await (await as(A.users.usuario))('DELETE', `/api/jobs/${job.id}`);
    expect(del.status).toBe(204);
    expect((await heard).data).toEqual({ id: job.id });
    expect(jobFiles(job.id)).toEqual([]);
    expect((await (await as(A.users.usuario))('GET', `/api/jobs/${job.id}`)).status).toBe(404);
    expect((await (await as(A.users.usuario))('DELETE', `/api/jobs/${job.id}`)).status).toBe(404);
    const audit = await ownerQuery<{ action: string; entity_id: string }>(
      s,
      `select action, entity_id from audit_logs where entity_type = 'Job' and municipality_id = $1`,
      [A.id],
    );
    expect(audit).toEqual([{ action: 'JOB_DELETE', entity_id: job.id }]);
    expect(heardByOther).toEqual([]);
    ownerTab.disconnect();
    otherTab.disconnect();
  });

  it('a running job cannot be deleted (409); a queued one can', async () => {
    const job = await exportJob(A.users.admin);
    await ownerQuery(s, `update jobs set status = 'running' where id = $1`, [job.id]);
    const res = await (await as(A.users.admin))('DELETE', `/api/jobs/${job.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.jobs.deleteRunning);
    expect(jobFiles(job.id)).toHaveLength(1);
    await ownerQuery(s, `update jobs set status = 'queued' where id = $1`, [job.id]);
    expect((await (await as(A.users.admin))('DELETE', `/api/jobs/${job.id}`)).status).toBe(204);
    expect(jobFiles(job.id)).toEqual([]);
  });

  it('cancel: a running job is marked (202) and audited; a queued one is deleted; an ended one is a 409; another user’s a 404', async () => {
    const running = await exportJob(A.users.supervisor);
    await ownerQuery(s, `update jobs set status = 'running', progress = 40 where id = $1`, [running.id]);
    const sup = await as(A.users.supervisor);
    expect((await (await as(other))('POST', `/api/jobs/${running.id}/cancel`)).status).toBe(404);
    const tab = await s.socket(await A.users.supervisor.token());
    const heard = nextEvent<LiveEvent<Job>>(tab, 'job.progress', 10_000);
    const res = await sup('POST', `/api/jobs/${running.id}/cancel`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.job).toMatchObject({ id: running.id, status: 'running', cancelRequested: true });
    expect((await heard).data).toMatchObject({ id: running.id, cancelRequested: true });
    tab.disconnect();
    const audit = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where entity_type = 'Job' and entity_id = $1`,
      [running.id],
    );
    expect(audit).toEqual([{ action: 'JOB_CANCEL' }]);

    const done = await exportJob(A.users.supervisor);
    const ended = await sup('POST', `/api/jobs/${done.id}/cancel`);
    expect(ended.status).toBe(409);
    expect(ended.body.error.message).toBe(MSG.jobs.cancelNotRunning);

    const queued = await exportJob(A.users.supervisor);
    await ownerQuery(s, `update jobs set status = 'queued' where id = $1`, [queued.id]);
    const q = await sup('POST', `/api/jobs/${queued.id}/cancel`);
    expect(q.status).toBe(202);
    expect(q.body.job).toBeNull();
    expect((await sup('GET', `/api/jobs/${queued.id}`)).status).toBe(404);
    expect(jobFiles(queued.id)).toEqual([]);
  });

  it('a cancelled job stops at its next progress step: no file, no row, the owner hears job.deleted', async () => {
    const who = await newUser(s, { municipalityId: A.id, role: 'admin' });
    // The owner asks to cancel while the job runs: here, as its progress is first written.
    await ownerQuery(
      s,
      `create or replace function test_cancel_on_progress() returns trigger language plpgsql as $$
       begin new.cancel_requested_at := now(); return new; end $$`,
    );
    await ownerQuery(
      s,
      `create trigger test_cancel_on_progress before update on jobs for each row
         when (new.owner_id = ${who.id} and new.progress > old.progress and new.status = 'running')
         execute function test_cancel_on_progress()`,
    );
    try {
      const token = await who.token();
      const tab = await s.socket(token);
      const res = await client(s.url, token)('POST', '/api/exportacoes', { formato: 'csv' });
      expect(res.status).toBe(202);
      const id: string = res.body.job.id;
      const deleted = await nextEvent<LiveEvent<{ id: string }>>(tab, 'job.deleted', 30_000);
      expect(deleted.data).toEqual({ id });
      tab.disconnect();
      expect((await client(s.url, token)('GET', `/api/jobs/${id}`)).status).toBe(404);
      expect(jobFiles(id)).toEqual([]);
    } finally {
      await ownerQuery(s, 'drop trigger test_cancel_on_progress on jobs');
      await ownerQuery(s, 'drop function test_cancel_on_progress()');
    }
  });

  it('a cancelled job whose worker died is dropped when it is delivered again', async () => {
    const job = await exportJob(A.users.usuario);
    await ownerQuery(s, `update jobs set status = 'running', cancel_requested_at = now() where id = $1`, [job.id]);
    expect(await runJob(s.ctx, job.id, { attempt: 2, final: true })).toBe('cancelled');
    expect((await ownerQuery(s, 'select id from jobs where id = $1', [job.id])).length).toBe(0);
  });

  it('a failed job shows its pt-BR reason and, retried by its owner, runs again in the same row', async () => {
    const admin = await as(A.users.admin);
    const field = await admin('POST', '/api/asset-form-fields', { label: 'Cor', type: 'TEXT' });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    const tpl = await admin('POST', '/api/export-templates', {
      name: 'Com cor',
      columns: [
        { key: 'numero_patrimonio', header: 'Nº' },
        { key: 'cf:cor', header: 'Cor' },
      ],
    });
    expect(tpl.status).toBe(201);
    // The field goes away after the template was saved: the export cannot succeed.
    const fieldId = field.body.id;
    expect((await admin('DELETE', `/api/asset-form-fields/${fieldId}`)).status).toBe(204);
    const failed = await exportJob(A.users.admin, { formato: 'xlsx', templateId: tpl.body.template.id });
    expect(failed).toMatchObject({ status: 'failed', fileName: null, fileSize: null });
    expect(failed.error).toBe(`${MSG.jobs.failed} Coluna desconhecida: "cf:cor".`);
    expect(jobFiles(failed.id)).toEqual([]);

    // Only a failed job, only the owner.
    const done = await exportJob(A.users.admin);
    const notFailed = await admin('POST', `/api/jobs/${done.id}/retry`);
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.error.message).toBe(MSG.jobs.retryNotFailed);
    expect((await (await as(other))('POST', `/api/jobs/${failed.id}/retry`)).status).toBe(404);

    expect((await admin('POST', '/api/asset-form-fields', { label: 'Cor', type: 'TEXT' })).status).toBe(201);
    const retried = await admin('POST', `/api/jobs/${failed.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(202);
    expect(retried.body.job).toMatchObject({ id: failed.id, status: 'queued', error: null });
    const again = await waitJob(s, await A.users.admin.token(), failed.id);
    expect(again, again.error ?? '').toMatchObject({ id: failed.id, status: 'completed', error: null });
    expect(again.fileSize).toBeGreaterThan(0);
    expect(jobFiles(failed.id)).toEqual([`${failed.id}.xlsx`]);
    const list = (await admin('GET', '/api/jobs')).body as JobList;
    expect(list.jobs.filter((j) => j.id === failed.id)).toHaveLength(1);
  });
});
