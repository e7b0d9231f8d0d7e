import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@tombo/shared';
import { startTestServer, type TestServer } from '../../../../tests/support/harness';
import { client } from '../../../../tests/support/http';
import { jobRecorder } from '../../../../tests/support/jobs';
import { jobs } from '../../db/schema';
import { queuePrefix, socketKey, QUEUE_NAME } from '../../jobs/settings';
import { runJob } from './runtime/runner';
import { createPdfRenderer } from '../../render/pool';
import { startJobWorker } from '@tombo/worker/bull-worker';
import { createRedisPublisher } from '@tombo/worker/publisher';
import { download, exportXlsxEndToEnd } from './jobs.test-support';

describe('jobs, inline mode: retries and recovery', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ redisUrl: undefined }, { seed: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  const insertJob = async (format: string) => {
    const { user } = await s.login('admin');
    const [row] = await s.owner.transaction((tx) =>
      tx
        .insert(jobs)
        .values({
          municipalityId: user.municipalityId,
          ownerId: user.id,
          name: 'export.sectors',
          title: `Setores (${format.toUpperCase()})`,
          payload: { format },
        })
        .returning(),
    );
    return row;
  };

  it('puts a job whose attempt failed back in the queue, and fails it with a pt-BR reason after the last attempt', async () => {
    const row = await insertJob('pdf');
    // The process's renderer, its Chromium missing.
    const broken = createPdfRenderer({ chromePath: '/nonexistent/chromium' });
    const brokenCtx = { ...s.ctx, renderPdf: broken.render };
    try {
      await expect(runJob(brokenCtx, row.id, { attempt: 1, final: false })).rejects.toThrow(/PDF/);
      const [queued] = await s.owner.query<{ status: string; attempts: number; error: string | null }>(
        'select status, attempts, error from jobs where id = $1',
        [row.id],
      );
      expect(queued).toEqual({ status: 'queued', attempts: 1, error: null });
      expect(await runJob(brokenCtx, row.id, { attempt: 2, final: true })).toBe('failed');
    } finally {
      await broken.close();
    }
    const [failed] = await s.owner.query<{
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
    const { createInlineQueue } = await import('./runtime/inline');
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
    const { sectorsReportHtml, reportFooter } = await import('../sectors/jobs/sectors-report');
    const html = sectorsReportHtml({
      branding: {
        municipio: 'Teste',
        prefeitura: 'Município <de> "Teste"',
        secretaria: '',
        departamento: '',
        primaryColor: '#1f4e79',
        logo: null,
      },
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
    const { dateTimeBR } = await import('../../jobs/format');
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
      s = await startTestServer({ redisUrl: REDIS_URL }, { seed: true });
      // The worker process, in-process: its own Redis emitter publisher and Chromium, the same definitions.
      const { publisher, close: closePublisher } = await createRedisPublisher(REDIS_URL!, socketKey(s.ctx.config));
      const renderer = createPdfRenderer({ chromePath: s.ctx.config.chromePath });
      const worker = await startJobWorker(
        { config: s.ctx.config, database: s.ctx.database, db: s.ctx.db, publisher, renderPdf: renderer.render },
        { redisUrl: REDIS_URL!, prefix: queuePrefix(s.ctx.config), concurrency: 2 },
      );
      stopWorker = async () => {
        await worker.close();
        await renderer.close();
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
      const [row] = await s.owner.query<{ attempts: number }>('select attempts from jobs where id = $1', [job.id]);
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
      const [row] = await s.owner.query<{ attempts: number; status: string }>(
        'select attempts, status from jobs where id = $1',
        [id],
      );
      expect(row).toEqual({ attempts: 1, status: 'completed' });
    });

    it('marks a job with a bad payload failed without retrying it', async () => {
      const { user, token } = await s.login('admin');
      const rec = jobRecorder(await s.socket(token));
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
      expect(done.event.data).toMatchObject({
        status: 'failed',
        error: `${MSG.jobs.failed} Parâmetros da tarefa inválidos.`,
      });
      const [after] = await s.owner.query<{ attempts: number }>('select attempts from jobs where id = $1', [row.id]);
      expect(after.attempts).toBe(1);
    });
  },
);
