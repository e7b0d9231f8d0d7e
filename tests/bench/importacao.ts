/**
 * Register import (issue 12): a 100,000-row export of another system (Latin-1, `;`, quoted multi-line
 * descriptions, decimal commas, dd/mm/aaaa) uploaded, analysed and imported in one job by the real
 * server — seconds of each step, the server's RSS (before and peak), the p95 of a concurrent asset-list
 * request while the import runs vs idle, and the CPU seconds the API, the worker and PostgreSQL spent.
 * Two modes: 'inline' (no Redis: the job runs in the API process, the embedded default) and 'worker'
 * (Redis + a separate worker process, the production layout of docker-compose.yml).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/importacao.ts
 * BENCH_IMPORT_ROWS (default 100000), BENCH_IMPORT_MODES (default 'inline,worker'), BENCH_IMPORT_LOAD ('rate',
 * default, at BENCH_IMPORT_LIST_RATE = 20 list requests a second; or 'saturate': 4 back-to-back clients).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { spawn, type ChildProcess } from 'node:child_process';
import { DEMO_PASSWORD } from '../../server/src/modules/demo-seed';
import { finishBench, loginToken, openPgBench, type BenchServer } from './server-process';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const LIST_CLIENTS = 4;
const LIST_RATE = Number(process.env.BENCH_IMPORT_LIST_RATE ?? 20);
const LOAD = process.env.BENCH_IMPORT_LOAD === 'saturate' ? 'saturate' : 'rate';

/** Writes the register row by row (never all in memory), as Latin-1 bytes. */
async function writeRegister(file: string, rows: number): Promise<void> {
  const out = fs.createWriteStream(file);
  const q = (v: string) => `"${v}"`;
  const write = async (s: string) => {
    if (!out.write(Buffer.from(s, 'latin1'))) await once(out, 'drain');
  };
  await write(
    ['Tombamento', 'Descrição', 'Lotação', 'Classe', 'Valor de aquisição', 'Data de aquisição', 'Situação']
      .map(q)
      .join(';') + '\r\n',
  );
  const setores = ['Administração', 'Educação', 'Saúde', 'Obras Públicas', 'Almoxarifado Central'];
  const classes = ['Mobiliário', 'Informática', 'Veículos', 'Equipamentos médicos', 'Livros'];
  for (let i = 1; i <= rows; i++) {
    const desc = i % 10 === 0 ? `Cadeira giratória nº ${i}\ncom braços; estofada` : `Mesa de escritório nº ${i}`;
    await write(
      [
        `BENCH-${String(i).padStart(7, '0')}`,
        desc,
        setores[i % setores.length],
        classes[i % classes.length],
        `${1 + (i % 9000)},${String(i % 100).padStart(2, '0')}`,
        `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/${2000 + (i % 24)}`,
        'ATIVO',
      ]
        .map(q)
        .join(';') + '\r\n',
    );
  }
  out.end();
  await once(out, 'finish');
}

/** The pid of our child running `entry` whose environment says PORT=port (the bench server, its worker). */
function childPid(port: string, entry = 'server/src/main.ts'): number | null {
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes(entry)) continue;
      // Our own child only (other benches or e2e servers may run beside this one).
      const ppid = Number(fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]);
      if (ppid !== process.pid) continue;
      const env = fs.readFileSync(`/proc/${d}/environ`, 'utf8').split('\0');
      if (env.includes(`PORT=${port}`)) return Number(d);
    } catch {
      /* gone or not ours */
    }
  }
  return null;
}
const rssMb = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};

/** CPU seconds (user + system) a process has used. */
const cpuOf = (pid: number | null) => {
  if (!pid) return 0;
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
};
/** CPU seconds of every PostgreSQL process of the machine (the bench's backends among them). */
const postgresCpu = () =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .reduce((sum, d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, 'utf8').startsWith('postgres') ? sum + cpuOf(Number(d)) : sum;
      } catch {
        return sum;
      }
    }, 0);

/** A worker process (npm run worker, from the sources) joined to the bench server; resolves once ready. */
function startWorker(server: BenchServer): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...server.env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const onData = (b: Buffer) => {
      log += b.toString();
      if (log.includes('worker ready')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before ready:\n${log}`)));
  });
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(0.95 * s.length))] : NaN;
};

/**
 * Other users' asset-list requests until `stop()`, and their latencies (ms). 'rate' (the default): a fixed
 * LIST_RATE requests a second, each sent on schedule whether or not the previous ones answered (an office of
 * users clicking; latencies include any queueing). 'saturate': LIST_CLIENTS back-to-back loops, which keep the
 * two cores busy by themselves (a stress figure: any extra work then shows up in their latency).
 */
function listLoad(url: string, token: string) {
  const times: number[] = [];
  let running = true;
  let errors = 0;
  let i = 0;
  const one = async () => {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/patrimonios?page=${1 + (i++ % 5)}&pageSize=20`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (!res.ok) errors++;
    times.push(performance.now() - t0);
  };
  const inFlight = new Set<Promise<void>>();
  const loops =
    LOAD === 'saturate'
      ? Array.from({ length: LIST_CLIENTS }, async () => {
          while (running) await one();
        })
      : [
          (async () => {
            const start = performance.now();
            for (let k = 0; running; k++) {
              const p = one().finally(() => inFlight.delete(p));
              inFlight.add(p);
              const next = start + ((k + 1) * 1000) / LIST_RATE;
              await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
            }
          })(),
        ];
  return {
    times,
    async stop() {
      running = false;
      await Promise.all(loops);
      await Promise.all(inFlight);
      return { p95: p95(times), n: times.length, errors };
    },
  };
}

export async function importacaoBench(): Promise<void> {
  const modes = (process.env.BENCH_IMPORT_MODES ?? 'inline,worker').split(',').map((m) => m.trim());
  for (const mode of modes) {
    if (mode !== 'inline' && mode !== 'worker') throw new Error(`BENCH_IMPORT_MODES: modo desconhecido ${mode}`);
    await importIn(mode);
  }
}

async function importIn(mode: 'inline' | 'worker'): Promise<void> {
  const opened = await openPgBench({ redis: mode === 'worker' });
  if (!opened) return;
  const { server, databaseUrl, reused } = opened;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-bench-import-'));
  let worker: ChildProcess | null = null;
  try {
    if (mode === 'worker') worker = await startWorker(server);
    const file = path.join(tmp, 'cadastro.csv');
    await writeRegister(file, ROWS);
    const size = fs.statSync(file).size;
    const port = new URL(server.url).port;
    const pid = childPid(port);
    const workerPid = worker ? childPid(port, 'worker/src/main.ts') : null;
    const token = await loginToken(server.url, 'admin@exemplo.gov.br', DEMO_PASSWORD);
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };

    const waitFor = async (id: string) => {
      for (;;) {
        const j = (await call('GET', `/jobs/${id}`)).job;
        if (j.status === 'completed' || j.status === 'failed') return j;
        await new Promise((r) => setTimeout(r, 250));
      }
    };

    // Idle: the list alone for 5 s.
    const idle = listLoad(server.url, token);
    await new Promise((r) => setTimeout(r, 5000));
    const idleFig = await idle.stop();
    const rssBefore = pid ? rssMb(pid) : NaN;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      if (pid) peak = Math.max(peak, rssMb(pid));
    }, 100);

    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(file)]), 'cadastro.csv');
    const upRes = await fetch(`${server.url}/api/importacoes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const upJson = await upRes.json();
    if (!upRes.ok) throw new Error(`upload: ${upRes.status} ${JSON.stringify(upJson)}`);
    const imp = upJson.importacao;
    const tUp = performance.now();
    // The analysis is a job (202 { job }); its result file holds the analysis.
    const analysisJob = await waitFor(
      (await call('POST', `/importacoes/${imp.id}/analise`, { mapping: imp.suggestedMapping })).job.id,
    );
    if (analysisJob.status !== 'completed') throw new Error(`analysis failed: ${analysisJob.error}`);
    const { analise } = await (
      await fetch(`${server.url}/api/jobs/${analysisJob.id}/download`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    const tAn = performance.now();
    if (analise.errorCount)
      throw new Error(`analysis found ${analise.errorCount} errors: ${JSON.stringify(analise.errors.slice(0, 3))}`);
    const choose = (list: Array<{ value: string; match: { id: number } | null }>) =>
      Object.fromEntries(list.map((d) => [d.value, d.match ? { id: d.match.id } : { criar: true }]));
    const busy = listLoad(server.url, token);
    const cpu0 = { api: cpuOf(pid), worker: cpuOf(workerPid), pg: postgresCpu() };
    const tJob0 = performance.now();
    const { job } = await call('POST', `/importacoes/${imp.id}/confirmar`, {
      mapping: imp.suggestedMapping,
      valueMapping: {
        setor: choose(analise.distinct.setor),
        tipo: choose(analise.distinct.tipo),
        status: { ATIVO: 'ativo' },
      },
    });
    const done = await waitFor(job.id);
    const tJob = performance.now();
    const cpu = { api: cpuOf(pid) - cpu0.api, worker: cpuOf(workerPid) - cpu0.worker, pg: postgresCpu() - cpu0.pg };
    const busyFig = await busy.stop();
    clearInterval(sampler);
    if (done.status !== 'completed') throw new Error(`import failed: ${done.error}`);
    const n = ROWS.toLocaleString('pt-BR');
    const s = (ms: number) => (ms / 1000).toFixed(1);
    const how =
      mode === 'inline' ? 'modo embutido: o job roda no processo da API' : 'modo produção: Redis + processo worker';
    console.log(`\n### ${how}`);
    console.log(
      `Importação de cadastro (${n} linhas, CSV Latin-1 ${(size / 2 ** 20).toFixed(1)} MB): envio ${s(tUp - t0)} s · ` +
        `análise ${s(tAn - tUp)} s · importação (job) ${s(tJob - tJob0)} s · total ${s(tJob - t0)} s`,
    );
    console.log(
      `  RSS do servidor: ${rssBefore.toFixed(0)} MB antes, pico ${peak.toFixed(0)} MB durante envio+análise+importação`,
    );
    console.log(
      `  GET /api/patrimonios (${LOAD === 'saturate' ? `${LIST_CLIENTS} clientes em laço` : `${LIST_RATE} req/s`}): p95 ${idleFig.p95.toFixed(1)} ms ocioso (${idleFig.n} req) vs ` +
        `${busyFig.p95.toFixed(1)} ms durante a importação (${busyFig.n} req, ${busyFig.errors} erros)`,
    );
    console.log(
      `  CPU durante a importação (${os.cpus().length} núcleos): API ${cpu.api.toFixed(1)} s` +
        (worker ? ` · worker ${cpu.worker.toFixed(1)} s` : '') +
        ` · PostgreSQL ${cpu.pg.toFixed(1)} s (inclui a listagem concorrente)`,
    );
  } finally {
    if (worker && worker.exitCode == null) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    await finishBench(server, databaseUrl, reused);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await importacaoBench();
  process.exit(0);
}
