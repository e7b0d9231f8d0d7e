import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Job } from '@tombo/shared';
import { startTestServer, type TestServer } from '../../../../tests/support/harness';
import { client } from '../../../../tests/support/http';
import { jobRecorder } from '../../../../tests/support/jobs';
import { jobs } from '../../db/schema';
import { runJob } from './runtime/runner';
import { removeExpiredJobFiles } from './jobs/file-retention.handler';
import { download, exportXlsxEndToEnd, xlsxRows } from './jobs.test-support';

describe('jobs, inline mode (no Redis)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ redisUrl: undefined }, { seed: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('runs inline', () => {
    expect(s.ctx.queue.mode).toBe('inline');
  });

  it('exports sectors as XLSX end to end; events reach only the owner', async () => {
    const job = await exportXlsxEndToEnd(s);
    // the result is stored outside any public folder, as DATA_DIR/files/jobs/<id>.xlsx
    expect(fs.existsSync(path.join(s.ctx.config.dataDir, 'files', 'jobs', `${job.id}.xlsx`))).toBe(true);
    const [row] = await s.owner.query<{ file_path: string; attempts: number; owner_id: number }>(
      'select file_path, attempts, owner_id from jobs where id = $1',
      [job.id],
    );
    expect(row.file_path).toBe(path.join('files', 'jobs', `${job.id}.xlsx`));
    expect(row.attempts).toBe(1);
  });

  it('exports sectors as PDF through Chromium', async () => {
    const token = await s.token('supervisor');
    const rec = jobRecorder(await s.socket(token));
    const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'pdf' });
    expect(posted.status).toBe(202);
    expect(posted.body.job.title).toBe('Setores (PDF)');
    const done = await rec.completed(posted.body.job.id, 60_000);
    expect(done.event.data).toMatchObject({ status: 'completed', progress: 100 });
    expect(done.event.data.fileName).toMatch(/^setores-\d{4}-\d{2}-\d{2}\.pdf$/);
    const { res, bytes } = await download(s, token, posted.body.job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=setores-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('writes an EXPORT_REQUEST audit row with the job request', async () => {
    const token = await s.token('visualizador');
    const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'xlsx' });
    expect(posted.status).toBe(202);
    const audits = await s.owner.query<{ entity_type: string; details: string; user_name: string }>(
      "select entity_type, details, user_name from audit_logs where action = 'EXPORT_REQUEST' and details like $1",
      [`%${posted.body.job.id}%`],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0].entity_type).toBe('Sector');
    expect(JSON.parse(audits[0].details).new_value).toMatchObject({ jobId: posted.body.job.id, format: 'xlsx' });
  });

  it('lets only the owner see and download a job', async () => {
    const adminToken = await s.token('admin');
    const rec = jobRecorder(await s.socket(adminToken));
    const posted = await client(s.url, adminToken)('POST', '/api/sectors/export', { format: 'xlsx' });
    const id: string = posted.body.job.id;
    await rec.completed(id);

    expect((await download(s, adminToken, id)).res.status).toBe(200);
    for (const who of ['usuario', 'supervisor', 'vizinho'] as const) {
      const token = await s.token(who);
      const d = await download(s, token, id);
      expect(d.res.status, who).toBe(404);
      expect(JSON.parse(d.bytes.toString()).error.message).toBe('Tarefa não encontrada.');
      expect((await client(s.url, token)('GET', `/api/jobs/${id}`)).status, who).toBe(404);
      const list = await client(s.url, token)('GET', '/api/jobs');
      expect(list.status).toBe(200);
      expect(list.body.jobs.map((j: Job) => j.id)).not.toContain(id);
    }
    expect((await download(s, undefined, id)).res.status).toBe(401);
    expect((await client(s.url)('GET', `/api/jobs/${id}`)).status).toBe(401);
    expect((await client(s.url)('GET', '/api/jobs')).status).toBe(401);
    expect((await client(s.url)('POST', '/api/sectors/export', { format: 'xlsx' })).status).toBe(401);
    expect((await client(s.url, adminToken)('GET', '/api/jobs/nao-e-um-id')).status).toBe(400);
    // Jobs live in a municipality: the superuser (who has none) is refused like on every main-area route.
    expect((await client(s.url, await s.token('superuser'))('GET', '/api/jobs')).status).toBe(403);
  });

  it("lists the caller's own jobs, newest first", async () => {
    const token = await s.token('admin');
    const list = await client(s.url, token)('GET', '/api/jobs');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    const created = (list.body.jobs as Job[]).map((j) => j.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const owners = await s.owner.query<{ owner_id: number }>(
      'select distinct owner_id from jobs where id = any($1::uuid[])',
      [(list.body.jobs as Job[]).map((j) => j.id)],
    );
    expect(owners).toEqual([{ owner_id: (await s.login('admin')).user.id }]);
  });

  it('refuses a bad body with a pt-BR message and writes nothing', async () => {
    const admin = client(s.url, await s.token('admin'));
    const count = async () =>
      (
        await s.owner.query<{ jobs: number; audits: number }>(
          "select (select count(*) from jobs)::int as jobs, (select count(*) from audit_logs where action = 'EXPORT_REQUEST')::int as audits",
        )
      )[0];
    const before = await count();

    const badFormat = await admin('POST', '/api/sectors/export', { format: 'csv' });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.error).toMatchObject({
      code: 'VALIDATION',
      message: 'Formato inválido.',
      fields: { format: 'Formato inválido.' },
    });

    const extra = await admin('POST', '/api/sectors/export', { format: 'xlsx', municipalityId: 2 });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields).toEqual({ municipalityId: MSG.http.unknownField });

    const empty = await admin('POST', '/api/sectors/export', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION');

    expect(await count()).toEqual(before);
  });

  it('answers 409 while the file is not ready, and for a failed job', async () => {
    const { user, token } = await s.login('admin');
    const [pending] = await s.owner.transaction((tx) =>
      tx
        .insert(jobs)
        .values({
          municipalityId: user.municipalityId,
          ownerId: user.id,
          name: 'export.sectors',
          title: 'Setores (XLSX)',
          payload: { format: 'xlsx' },
        })
        .returning(),
    );
    const d = await download(s, token, pending.id);
    expect(d.res.status).toBe(409);
    expect(JSON.parse(d.bytes.toString()).error.message).toBe(
      'O arquivo ainda não está pronto. Aguarde a conclusão da tarefa.',
    );
    const { eq } = await import('drizzle-orm');
    await s.owner.transaction((tx) => tx.delete(jobs).where(eq(jobs.id, pending.id)));
  });

  it('marks a failing job failed with a pt-BR reason, tells its owner and writes no file', async () => {
    const { user, token } = await s.login('admin');
    const rec = jobRecorder(await s.socket(token));
    // A payload the processor refuses (as a corrupted or outdated queue entry would be).
    const [row] = await s.owner.transaction((tx) =>
      tx
        .insert(jobs)
        .values({
          municipalityId: user.municipalityId,
          ownerId: user.id,
          name: 'export.sectors',
          title: 'Setores (DOC)',
          payload: { format: 'doc' },
        })
        .returning(),
    );
    await s.ctx.queue.enqueue({ id: row.id, name: 'export.sectors' });
    const done = await rec.completed(row.id);
    expect(done.event.data.status).toBe('failed');
    expect(done.event.data.error).toBe(`${MSG.jobs.failed} Parâmetros da tarefa inválidos.`);
    const got = await client(s.url, token)('GET', `/api/jobs/${row.id}`);
    expect(got.body.job).toMatchObject({ status: 'failed', fileName: null, error: done.event.data.error });
    const d = await download(s, token, row.id);
    expect(d.res.status).toBe(409);
    expect(JSON.parse(d.bytes.toString()).error.message).toBe('A tarefa falhou e não gerou arquivo.');
    const dir = path.join(s.ctx.config.dataDir, 'files', 'jobs');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(row.id))).toEqual([]);
    expect(fs.readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });

  it('notifies the owner of a job nobody watches (notifyOwner) once it is ready, and once it failed', async () => {
    const { user, token } = await s.login('admin');
    const rec = jobRecorder(await s.socket(token));
    const rows = await s.owner.transaction((tx) =>
      tx
        .insert(jobs)
        .values([
          {
            municipalityId: user.municipalityId,
            ownerId: user.id,
            name: 'export.sectors',
            title: 'Setores agendado',
            payload: { format: 'xlsx' },
            notifyOwner: true,
          },
          {
            municipalityId: user.municipalityId,
            ownerId: user.id,
            name: 'export.sectors',
            title: 'Setores quebrado',
            payload: { format: 'doc' },
            notifyOwner: true,
          },
          {
            municipalityId: user.municipalityId,
            ownerId: user.id,
            name: 'export.sectors',
            title: 'Setores visto',
            payload: { format: 'xlsx' },
          },
        ])
        .returning(),
    );
    for (const row of rows) await s.ctx.queue.enqueue({ id: row.id, name: 'export.sectors' });
    for (const row of rows) await rec.completed(row.id);
    const list = await client(s.url, token)('GET', '/api/notificacoes');
    const mine = (list.body.notifications as Array<{ title: string; description: string; link: string }>).filter((n) =>
      n.description.includes('Setores '),
    );
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Arquivo pronto',
          description: '"Setores agendado" está disponível em Downloads.',
          link: '/downloads',
        }),
        expect.objectContaining({
          title: 'Falha ao gerar arquivo',
          description: `"Setores quebrado": ${MSG.jobs.failed} Parâmetros da tarefa inválidos.`,
        }),
      ]),
    );
    expect(mine).toHaveLength(2);
  });

  it('is idempotent: a completed job is skipped, a retry overwrites the same file', async () => {
    const token = await s.token('admin');
    const rec = jobRecorder(await s.socket(token));
    const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'xlsx' });
    const id: string = posted.body.job.id;
    await rec.completed(id);
    expect(await runJob(s.ctx, id, { attempt: 2, final: true })).toBe('skipped');

    const { eq } = await import('drizzle-orm');
    await s.owner.transaction((tx) => tx.update(jobs).set({ status: 'queued' }).where(eq(jobs.id, id)));
    expect(await runJob(s.ctx, id, { attempt: 2, final: true })).toBe('completed');
    const files = fs.readdirSync(path.join(s.ctx.config.dataDir, 'files', 'jobs')).filter((f) => f.startsWith(id));
    expect(files).toEqual([`${id}.xlsx`]);
    const [row] = await s.owner.transaction((tx) => tx.select().from(jobs).where(eq(jobs.id, id)));
    expect(row).toMatchObject({ status: 'completed', progress: 100, attempts: 2 });
    const { rows } = await xlsxRows((await download(s, token, id)).bytes);
    expect(rows[0][0]).toBe('Código');
  });

  it('removes result files after the retention period; the owner sees them expire live and the row stays', async () => {
    const { eq, sql } = await import('drizzle-orm');
    const token = await s.token('supervisor');
    const api = client(s.url, token);
    const rec = jobRecorder(await s.socket(token));
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const posted = await api('POST', '/api/sectors/export', { format: 'xlsx' });
      ids.push(posted.body.job.id);
      await rec.completed(posted.body.job.id);
    }
    const [old, recent] = ids;
    const days = s.ctx.config.jobFileRetentionDays;
    expect(days).toBe(7);
    await s.owner.transaction((tx) =>
      tx
        .update(jobs)
        .set({ finishedAt: sql`now() - interval '8 days'` })
        .where(eq(jobs.id, old)),
    );
    await s.owner.transaction((tx) =>
      tx
        .update(jobs)
        .set({ finishedAt: sql`now() - interval '6 days'` })
        .where(eq(jobs.id, recent)),
    );
    const file = (id: string) => path.join(s.ctx.config.dataDir, 'files', 'jobs', `${id}.xlsx`);

    // retention 0 keeps everything
    expect(await removeExpiredJobFiles({ ...s.ctx, config: { ...s.ctx.config, jobFileRetentionDays: 0 } })).toBe(0);
    expect(fs.existsSync(file(old))).toBe(true);

    const before = await s.owner.query<{ n: number }>(
      'select count(*)::int n from jobs where file_removed_at is not null',
    );
    const removed = await removeExpiredJobFiles(s.ctx);
    expect(removed).toBeGreaterThanOrEqual(1);
    const after = await s.owner.query<{ n: number }>(
      'select count(*)::int n from jobs where file_removed_at is not null',
    );
    expect(after[0].n - before[0].n).toBe(removed);
    expect(fs.existsSync(file(old))).toBe(false);
    expect(fs.existsSync(file(recent))).toBe(true);

    const expired = await api('GET', `/api/jobs/${old}`);
    expect(expired.body.job).toMatchObject({ id: old, status: 'completed', fileRemoved: true });
    const gone = await download(s, token, old);
    expect(gone.res.status).toBe(404);
    expect(JSON.parse(gone.bytes.toString()).error.message).toBe(MSG.jobs.fileMissing);
    expect((await api('GET', `/api/jobs/${recent}`)).body.job.fileRemoved).toBe(false);
    expect((await download(s, token, recent)).res.status).toBe(200);

    // the owner's open Downloads page hears it
    await expect.poll(() => rec.of(old).some((e) => e.name === 'job.progress' && e.event.data.fileRemoved)).toBe(true);
    // a second sweep finds nothing left to do
    expect(await removeExpiredJobFiles(s.ctx)).toBe(0);
  });
});
