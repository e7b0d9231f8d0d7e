/**
 * Record sheets and custody terms (issue 11): the custody term of a sector holding BENCH_TERMO_ASSETS assets
 * (default 2,000: a ~60-page PDF) and the record sheets of BENCH_FICHAS assets in one job (default 100 pages),
 * each from the request to the job’s completion (seconds; the first includes launching Chromium).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/fichas.ts
 */
import pg from 'pg';
import type { Job } from '@tombo/shared';
import { finishBench, loginToken, openPgBench } from './server-process';

const TERMO_ASSETS = Number(process.env.BENCH_TERMO_ASSETS ?? 2_000);
const FICHAS = Number(process.env.BENCH_FICHAS ?? 100);

async function call<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Milliseconds from the request to the job's completion (polled every 50 ms). */
async function timed(url: string, token: string, path: string, body: unknown): Promise<number> {
  const t0 = performance.now();
  const { job } = await call<{ job: Job }>(url, token, 'POST', path, body);
  for (;;) {
    const { job: j } = await call<{ job: Job }>(url, token, 'GET', `/api/jobs/${job.id}`);
    if (j.status === 'completed') return performance.now() - t0;
    if (j.status === 'failed') throw new Error(`${path}: ${j.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function fichasBench(): Promise<void> {
  const opened = await openPgBench();
  if (!opened) return;
  const { server: s, databaseUrl, reused } = opened;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const admin = await loginToken(s.url, 'admin@exemplo.gov.br');
    const [{ m }] = (
      await db.query<{ m: number }>(`select municipality_id m from users where email = 'admin@exemplo.gov.br'`)
    ).rows;
    const sector = (
      await db.query<{ id: number }>(
        `insert into sectors (municipality_id, name, code) values ($1, 'Bench Termos', 'BT') returning id`,
        [m],
      )
    ).rows[0].id;
    const ids = (
      await db.query<{ id: number }>(
        `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, valor_aquisicao)
         select $1, 'BT-' || lpad(g::text, 6, '0'), 'Bem de bench ' || g, $2, 'Bench Termos', 10 + g % 1000
           from generate_series(1, $3::int) g returning id`,
        [m, sector, TERMO_ASSETS],
      )
    ).rows.map((r) => r.id);
    const termoMs = await timed(s.url, admin, '/api/termos', { setorId: sector, responsavel: 'Bench' });
    const fichaMs = await timed(s.url, admin, '/api/fichas', { patrimonioIds: ids.slice(0, FICHAS) });
    console.log('\n## Fichas e termos de responsabilidade\n');
    console.log('| medida | resultado |');
    console.log('|---|---|');
    console.log(
      `| termo de um setor com ${TERMO_ASSETS} bens (pedido → PDF pronto) | ${(termoMs / 1000).toFixed(2)} s |`,
    );
    console.log(`| fichas de ${FICHAS} bens num PDF (pedido → PDF pronto) | ${(fichaMs / 1000).toFixed(2)} s |`);
  } finally {
    await db.end();
    await finishBench(s, databaseUrl, reused);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.LOG_LEVEL ??= 'warn';
  await fichasBench();
  process.exit(0);
}
