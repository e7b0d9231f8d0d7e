/**
 * Reports (issue 11): a 20-page report PDF (template 'Relatório Tabular Padrão', ~800 assets of one
 * sector) from POST /api/relatorios to the finished job (inline runner: data by SQL, one Chromium
 * render). Prints seconds per run (target ≤ 3 s), the pages and the rows. Chromium is warmed up first.
 *   npx tsx tests/bench/relatorios.ts   (DATABASE_URL / REDIS_URL used when set; BENCH_REL_ROWS, BENCH_REL_RUNS)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Job, ReportTemplate } from '@tombo/shared';
import { startTestServer } from '../support/harness';
import { startWorkerIfNeeded, waitJob } from '../support/jobs';

const ROWS = Number(process.env.BENCH_REL_ROWS ?? 800);
const RUNS = Number(process.env.BENCH_REL_RUNS ?? 3);

export async function relatoriosBench(): Promise<void> {
  const s = await startTestServer({}, { seed: true });
  const stopWorker = await startWorkerIfNeeded(s);
  try {
    const token = (await s.login('admin')).token;
    const api = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
      const res = await fetch(s.url + p, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const [{ m }] = await s.owner.query<{ m: number }>(
      `select municipality_id m from users where email = 'admin@exemplo.gov.br'`,
    );
    const [{ id: sector }] = await s.owner.query<{ id: number }>(
      `insert into sectors (municipality_id, name, code) values ($1, 'Bench Relatórios', 'BR') returning id`,
      [m],
    );
    await s.owner.query(
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, valor_aquisicao, tipo_nome)
       select $1, 'BR-' || lpad(g::text, 6, '0'), 'Bem de bench de relatório nº ' || g, $2, 'Bench Relatórios', 10 + g % 1000,
              (array['Mobiliário', 'Informática', 'Veículos', 'Equipamentos'])[1 + g % 4]
         from generate_series(1, $3::int) g`,
      [m, sector, ROWS],
    );
    const { templates } = await api<{ templates: ReportTemplate[] }>('GET', '/api/report-templates');
    const tpl = templates.find((t) => t.name === 'Relatório Tabular Padrão')!;
    const once = async () => {
      const t0 = performance.now();
      const { job } = await api<{ job: Job }>('POST', '/api/relatorios', {
        templateId: tpl.id,
        filtros: { sectorId: sector },
      });
      const done = await waitJob(s, token, job.id);
      const seconds = (performance.now() - t0) / 1000;
      if (done.status !== 'completed') throw new Error(`report failed: ${done.error}`);
      const res = await fetch(`${s.url}/api/jobs/${job.id}/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const file = path.join(os.tmpdir(), `bench-relatorio-${job.id}.pdf`);
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1] ?? 0);
      if (process.env.BENCH_REL_KEEP) console.log(`relatórios: PDF em ${file}`);
      else fs.rmSync(file);
      return { seconds, pages };
    };
    const warm = await once();
    console.log(`relatórios: aquecimento (Chromium a frio) ${warm.seconds.toFixed(2)} s, ${warm.pages} páginas`);
    const times: number[] = [];
    let pages = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await once();
      times.push(r.seconds);
      pages = r.pages;
    }
    times.sort((a, b) => a - b);
    console.log(
      `relatórios: PDF de ${pages} páginas (${ROWS} bens, ${s.ctx.queue.mode}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ` +
        `mediana ${times[Math.floor(times.length / 2)].toFixed(2)} s, melhor ${times[0].toFixed(2)} s (meta ≤ 3 s), ${os.cpus().length} CPUs`,
    );
  } finally {
    await stopWorker();
    await s.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.LOG_LEVEL ??= 'warn';
  await relatoriosBench();
  process.exit(0);
}
