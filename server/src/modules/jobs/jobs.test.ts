import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG, type Job } from '@tombo/shared';
import { startTestServer, type TestServer } from '../../../../tests/support/harness';
import { client } from '../../../../tests/support/http';
import { jobRecorder } from '../../../../tests/support/jobs';
import { jobs } from '../../db/schema';
import { queuePrefix, socketKey, QUEUE_NAME } from '../../jobs/settings';
import { removeExpiredJobFiles } from '../../jobs/retention';
import { runJob } from '@tombo/worker/jobs/run';
import { startJobWorker } from '@tombo/worker/jobs/bull-worker';
import { createRedisPublisher } from '@tombo/worker/publisher';
import { closeRenderer } from '@tombo/worker/render/pool';

async function download(s: TestServer, token: string | undefined, id: string) {
  const res = await fetch(`${s.url}/api/jobs/${id}/download`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function xlsxRows(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Setores');
  expect(ws).toBeDefined();
  const rows: unknown[][] = [];
  ws!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws: ws!, rows };
}

/** Export, download and check the spreadsheet against GET /api/sectors — the same in both modes. */
async function exportXlsxEndToEnd(s: TestServer) {
  const me = await s.login('admin');
  const adminToken = me.token;
  const admin = client(s.url, adminToken);
  const mine = jobRecorder(await s.socket(adminToken));
  const colleague = jobRecorder(await s.socket(await s.token('usuario')));
  const neighbour = jobRecorder(await s.socket(await s.token('vizinho')));

  const posted = await admin('POST', '/api/sectors/export', { format: 'xlsx' });
  expect(posted.status).toBe(202);
  const job: Job = posted.body.job;
  expect(job).toMatchObject({ name: 'export.sectors', title: 'Setores (XLSX)', fileName: null, error: null });
  expect(['queued', 'running', 'completed']).toContain(job.status);

  const done = await mine.completed(job.id);
  expect(done.event.data).toMatchObject({ id: job.id, status: 'completed', progress: 100, error: null });
  expect(done.event.data.fileName).toMatch(/^setores-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(done.event.municipalityId).toBe(me.user.municipalityId);
  expect(done.event.actor).toBeNull();
  // progress came first, never going backwards
  const progress = mine
    .of(job.id)
    .filter((e) => e.name === 'job.progress')
    .map((e) => e.event.data.progress);
  expect(progress.length).toBeGreaterThan(0);
  expect([...progress].sort((a, b) => a - b)).toEqual(progress);

  const got = await admin('GET', `/api/jobs/${job.id}`);
  expect(got.status).toBe(200);
  expect(got.body.job).toMatchObject({
    id: job.id,
    status: 'completed',
    progress: 100,
    fileName: done.event.data.fileName,
  });
  expect(got.body.job.finishedAt).toBeTypeOf('string');

  const { res, bytes } = await download(s, adminToken, job.id);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${done.event.data.fileName}`);

  const { ws, rows } = await xlsxRows(bytes);
  expect(rows[0]).toEqual(['Código', 'Nome', 'Quantidade de Locais', 'Criado em']);
  expect(ws.getRow(1).font?.bold).toBe(true);
  const sectors = (await admin('GET', '/api/sectors')).body.sectors as Array<{
    code: string;
    name: string;
    locaisCount: number;
  }>;
  expect(sectors.length).toBeGreaterThan(0);
  const body = rows.slice(1);
  expect(body.map((r) => [r[0], r[1], r[2]])).toEqual(sectors.map((x) => [x.code, x.name, x.locaisCount]));
  for (const r of body) expect(r[3]).toBeInstanceOf(Date);

  // Only the owner's socket heard about it — not a colleague of the same city hall, not another one.
  expect(colleague.of(job.id)).toEqual([]);
  expect(neighbour.of(job.id)).toEqual([]);
  return job;
}

describe('jobs, inline mode (no Redis)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ redisUrl: undefined });
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
    const [row] = await s.ctx.database.query<{ file_path: string; attempts: number; owner_id: number }>(
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
    const audits = await s.ctx.database.query<{ entity_type: string; details: string; user_name: string }>(
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
  });

  it("lists the caller's own jobs, newest first", async () => {
    const token = await s.token('admin');
    const list = await client(s.url, token)('GET', '/api/jobs');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    const created = (list.body.jobs as Job[]).map((j) => j.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const owners = await s.ctx.database.query<{ owner_id: number }>(
      'select distinct owner_id from jobs where id = any($1::uuid[])',
      [(list.body.jobs as Job[]).map((j) => j.id)],
    );
    expect(owners).toEqual([{ owner_id: (await s.login('admin')).user.id }]);
  });

  it('refuses a bad body with a pt-BR message and writes nothing', async () => {
    const admin = client(s.url, await s.token('admin'));
    const count = async () =>
      (
        await s.ctx.database.query<{ jobs: number; audits: number }>(
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
    const [pending] = await s.ctx.db
      .insert(jobs)
      .values({
        municipalityId: user.municipalityId,
        ownerId: user.id,
        name: 'export.sectors',
        title: 'Setores (XLSX)',
        payload: { format: 'xlsx' },
      })
      .returning();
    const d = await download(s, token, pending.id);
    expect(d.res.status).toBe(409);
    expect(JSON.parse(d.bytes.toString()).error.message).toBe(
      'O arquivo ainda não está pronto. Aguarde a conclusão da tarefa.',
    );
    await s.ctx.db.delete(jobs).where((await import('drizzle-orm')).eq(jobs.id, pending.id));
  });

  it('marks a failing job failed with a pt-BR reason, tells its owner and writes no file', async () => {
    const { user, token } = await s.login('admin');
    const rec = jobRecorder(await s.socket(token));
    // A payload the processor refuses (as a corrupted or outdated queue entry would be).
    const [row] = await s.ctx.db
      .insert(jobs)
      .values({
        municipalityId: user.municipalityId,
        ownerId: user.id,
        name: 'export.sectors',
        title: 'Setores (DOC)',
        payload: { format: 'doc' },
      })
      .returning();
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

  it('is idempotent: a completed job is skipped, a retry overwrites the same file', async () => {
    const token = await s.token('admin');
    const rec = jobRecorder(await s.socket(token));
    const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'xlsx' });
    const id: string = posted.body.job.id;
    await rec.completed(id);
    expect(await runJob(s.ctx, id, { attempt: 2, final: true })).toBe('skipped');

    const { eq } = await import('drizzle-orm');
    await s.ctx.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.id, id));
    expect(await runJob(s.ctx, id, { attempt: 2, final: true })).toBe('completed');
    const files = fs.readdirSync(path.join(s.ctx.config.dataDir, 'files', 'jobs')).filter((f) => f.startsWith(id));
    expect(files).toEqual([`${id}.xlsx`]);
    const [row] = await s.ctx.db.select().from(jobs).where(eq(jobs.id, id));
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
    await s.ctx.db
      .update(jobs)
      .set({ finishedAt: sql`now() - interval '8 days'` })
      .where(eq(jobs.id, old));
    await s.ctx.db
      .update(jobs)
      .set({ finishedAt: sql`now() - interval '6 days'` })
      .where(eq(jobs.id, recent));
    const file = (id: string) => path.join(s.ctx.config.dataDir, 'files', 'jobs', `${id}.xlsx`);

    // retention 0 keeps everything
    expect(await removeExpiredJobFiles({ ...s.ctx, config: { ...s.ctx.config, jobFileRetentionDays: 0 } })).toBe(0);
    expect(fs.existsSync(file(old))).toBe(true);

    const before = await s.ctx.database.query<{ n: number }>(
      'select count(*)::int n from jobs where file_removed_at is not null',
    );
    const removed = await removeExpiredJobFiles(s.ctx);
    expect(removed).toBeGreaterThanOrEqual(1);
    const after = await s.ctx.database.query<{ n: number }>(
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

describe('jobs, inline mode: retries and recovery', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ redisUrl: undefined });
  });
  afterAll(async () => {
    await s?.close();
  });

  const insertJob = async (format: string) => {
    const { user } = await s.login('admin');
    const [row] = await s.ctx.db
      .insert(jobs)
      .values({
        municipalityId: user.municipalityId,
        ownerId: user.id,
        name: 'export.sectors',
        title: `Setores (${format.toUpperCase()})`,
        payload: { format },
      })
      .returning();
    return row;
  };

  it('puts a job whose attempt failed back in the queue, and fails it with a pt-BR reason after the last attempt', async () => {
    const row = await insertJob('pdf');
    const saved = process.env.CHROME_PATH;
    await closeRenderer();
    process.env.CHROME_PATH = '/nonexistent/chromium';
    try {
      await expect(runJob(s.ctx, row.id, { attempt: 1, final: false })).rejects.toThrow(/PDF/);
      const [queued] = await s.ctx.database.query<{ status: string; attempts: number; error: string | null }>(
        'select status, attempts, error from jobs where id = $1',
        [row.id],
      );
      expect(queued).toEqual({ status: 'queued', attempts: 1, error: null });
      expect(await runJob(s.ctx, row.id, { attempt: 2, final: true })).toBe('failed');
    } finally {
      if (saved === undefined) delete process.env.CHROME_PATH;
      else process.env.CHROME_PATH = saved;
    }
    const [failed] = await s.ctx.database.query<{
      status: string;
      attempts: number;
      error: string;
      file_path: string | null;
    }>('select status, attempts, error, file_path from jobs where id = $1', [row.id]);
    expect(failed).toEqual({
      status: 'failed',
      attempts: 2,
      file_path: null,
      error: `${MSG.jobs.failed} Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).`,
    });
    // The next attempt (e.g. once Chromium is back) completes the same job.
    expect(await runJob(s.ctx, row.id, { attempt: 3, final: true })).toBe('completed');
  });

  it('resumes jobs left queued by a previous run when the inline queue starts', async () => {
    const token = (await s.login('admin')).token;
    const rec = jobRecorder(await s.socket(token));
    const row = await insertJob('xlsx');
    const { createInlineQueue } = await import('../../jobs/inline');
    const restarted = createInlineQueue(s.ctx);
    try {
      const done = await rec.completed(row.id);
      expect(done.event.data).toMatchObject({ status: 'completed', progress: 100 });
    } finally {
      await restarted.close();
    }
  });
});

describe('report template', () => {
  it('escapes every value and names the municipality, the columns and the pages', async () => {
    const { sectorsReportHtml, reportFooter } = await import('@tombo/worker/render/templates/sectors');
    const html = sectorsReportHtml({
      municipality: 'Município <de> "Teste"',
      generatedAt: '22/11/2026 09:05',
      sectors: [{ code: 'A&B', name: '<script>alert(1)</script>', locaisCount: 1234 }],
    });
    expect(html).toContain('<title>Relatório de Setores</title>');
    expect(html).toContain('Município &lt;de&gt; &quot;Teste&quot;');
    expect(html).toContain('<th>Código</th><th>Nome</th><th class="num">Locais</th>');
    expect(html).toContain(
      '<td class="code">A&amp;B</td><td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td class="num">1.234</td>',
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('Gerado em 22/11/2026 09:05 · 1 setor');
    const footer = reportFooter('22/11/2026 09:05');
    expect(footer).toContain('Página <span class="pageNumber"></span> de <span class="totalPages"></span>');
    expect(footer).toContain('Gerado em 22/11/2026 09:05');
    const { dateTimeBR } = await import('@tombo/worker/jobs/format');
    expect(dateTimeBR(new Date('2026-01-05T12:07:00Z'))).toBe('05/01/2026 09:07');
  });
});

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)(
  `jobs through BullMQ and a real Redis${REDIS_URL ? '' : ' (skipped: REDIS_URL not set)'}`,
  () => {
    let s: TestServer;
    let stopWorker: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      s = await startTestServer({ redisUrl: REDIS_URL });
      // The worker process, in-process: its own Redis emitter publisher, the same processors.
      const { publisher, close: closePublisher } = await createRedisPublisher(REDIS_URL!, socketKey(s.ctx.config));
      const worker = await startJobWorker(
        { config: s.ctx.config, database: s.ctx.database, db: s.ctx.db, publisher },
        { redisUrl: REDIS_URL!, prefix: queuePrefix(s.ctx.config), concurrency: 2 },
      );
      stopWorker = async () => {
        await worker.close();
        await closeRenderer();
        await closePublisher();
      };
    });
    afterAll(async () => {
      await stopWorker?.();
      if (s) {
        const [{ Queue }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
        const connection = new Redis(REDIS_URL!, { maxRetriesPerRequest: null });
        const q = new Queue(QUEUE_NAME, { connection, prefix: queuePrefix(s.ctx.config) });
        await q.obliterate({ force: true }).catch((err) => console.error('obliterate', err));
        await q.close();
        await connection.quit();
        await s.close();
      }
    });

    it('uses BullMQ', () => {
      expect(s.ctx.queue.mode).toBe('bullmq');
    });

    it("exports sectors as XLSX end to end; the worker's events reach only the owner", async () => {
      const job = await exportXlsxEndToEnd(s);
      const [row] = await s.ctx.database.query<{ attempts: number }>('select attempts from jobs where id = $1', [
        job.id,
      ]);
      expect(row.attempts).toBe(1);
    });

    it('exports sectors as PDF', async () => {
      const token = await s.token('admin');
      const rec = jobRecorder(await s.socket(token));
      const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'pdf' });
      expect(posted.status).toBe(202);
      const done = await rec.completed(posted.body.job.id, 60_000);
      expect(done.event.data.status).toBe('completed');
      const { res, bytes } = await download(s, token, posted.body.job.id);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('drops a duplicate enqueue of the same job id', async () => {
      const token = await s.token('admin');
      const rec = jobRecorder(await s.socket(token));
      const posted = await client(s.url, token)('POST', '/api/sectors/export', { format: 'xlsx' });
      const id: string = posted.body.job.id;
      await s.ctx.queue.enqueue({ id, name: 'export.sectors' });
      await s.ctx.queue.enqueue({ id, name: 'export.sectors' });
      await rec.completed(id);
      const [row] = await s.ctx.database.query<{ attempts: number; status: string }>(
        'select attempts, status from jobs where id = $1',
        [id],
      );
      expect(row).toEqual({ attempts: 1, status: 'completed' });
    });

    it('marks a job with a bad payload failed without retrying it', async () => {
      const { user, token } = await s.login('admin');
      const rec = jobRecorder(await s.socket(token));
      const [row] = await s.ctx.db
        .insert(jobs)
        .values({
          municipalityId: user.municipalityId,
          ownerId: user.id,
          name: 'export.sectors',
          title: 'Setores (DOC)',
          payload: { format: 'doc' },
        })
        .returning();
      await s.ctx.queue.enqueue({ id: row.id, name: 'export.sectors' });
      const done = await rec.completed(row.id);
      expect(done.event.data).toMatchObject({
        status: 'failed',
        error: `${MSG.jobs.failed} Parâmetros da tarefa inválidos.`,
      });
      const [after] = await s.ctx.database.query<{ attempts: number }>('select attempts from jobs where id = $1', [
        row.id,
      ]);
      expect(after.attempts).toBe(1);
    });
  },
);
