// Issue 16: a worker process (the production bundle) killed with SIGKILL while it renders a report
// PDF: BullMQ hands the stalled job back, the next worker runs it again on the same row, and exactly
// one PDF exists. Needs PostgreSQL, Redis and Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportTemplate } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { waitJob } from '../support/jobs';
import { newTown, ownerQuery, type TestTown } from '../support/factories';
import { buildBundle, killAll, startProcess, waitLog, type Proc } from '../support/processes';

const ROWS = 4_000;
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let s: TestServer;
let T: TestTown;
const procs: Proc[] = [];

async function startWorker(): Promise<Proc> {
  const p = startProcess('worker', {
    DATABASE_URL: s.ctx.config.databaseUrl,
    REDIS_URL: s.ctx.config.redisUrl,
    REDIS_PREFIX: s.ctx.config.redisPrefix,
    DATA_DIR: s.ctx.config.dataDir,
    WORKER_LOCK_MS: '2000',
    WORKER_STALLED_INTERVAL_MS: '1000',
    WORKER_CONCURRENCY: '1',
  });
  procs.push(p);
  await waitLog(p, 'worker ready');
  return p;
}

beforeAll(async () => {
  if (!enabled) return;
  buildBundle();
  s = await startTestServer();
  T = await newTown(s, { sectors: { AD: { name: 'Administração', locais: ['Sala 1'] } } });
  await ownerQuery(
    s,
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, valor_aquisicao, status)
     select $1, 'PDF-' || g, 'Bem número ' || g, $2, 'Administração', 10.5, 'ativo' from generate_series(1, $3::int) g`,
    [T.id, T.sectors.AD.id, ROWS],
  );
}, 180_000);
afterAll(async () => {
  killAll(procs);
  await s?.close();
});

describe.skipIf(!enabled)('a worker killed mid-PDF', () => {
  it('the report is rendered again by the next worker: completed, exactly one PDF', async () => {
    const first = await startWorker();
    const token = await T.users.admin.token();
    const templates = (await client(s.url, token)('GET', '/api/report-templates')).body.templates as ReportTemplate[];
    expect(templates.length).toBeGreaterThan(0);
    const r = await client(s.url, token)('POST', '/api/relatorios', { templateId: templates[0].id });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const id: string = r.body.job.id;
    for (;;) {
      const [row] = await ownerQuery<{ status: string }>(s, 'select status from jobs where id = $1', [id]);
      if (row.status === 'running') break;
      expect(row.status).not.toBe('completed'); // too fast to be killed mid-job: make ROWS larger
      await new Promise((res) => setTimeout(res, 10));
    }
    first.child.kill('SIGKILL');
    await first.exited;

    await startWorker();
    const job = await waitJob(s, token, id, 180_000);
    expect(job, job.error ?? '').toMatchObject({ status: 'completed' });
    const [row] = await ownerQuery<{ attempts: number }>(s, 'select attempts from jobs where id = $1', [id]);
    expect(row.attempts).toBe(2);
    const dir = path.join(s.ctx.config.dataDir, 'files', 'jobs');
    const files = fs.readdirSync(dir).filter((n) => n.startsWith(id));
    expect(files).toEqual([`${id}.pdf`]);
  }, 300_000);
});
