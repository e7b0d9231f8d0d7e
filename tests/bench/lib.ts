import os from 'node:os';
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface Figures {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** autocannon without a callback is both an event emitter and a promise; its typings pick one. */
export const runLoad = (opts: autocannon.Options) =>
  autocannon(opts) as unknown as autocannon.Instance & Promise<autocannon.Result>;

/** Runs autocannon and computes exact percentiles from every response time (autocannon has no p95). */
export async function load(label: string, opts: autocannon.Options): Promise<Figures> {
  const times: number[] = [];
  const instance = runLoad({ duration: 5, connections: 50, ...opts });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    label,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function machine(): string {
  return `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function table(rows: Figures[], baseline?: Figures): void {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
  console.log('| cenário | req/s | p50 ms | p95 ms | p99 ms | erros | não-2xx | razão p95 / base |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = baseline && r !== baseline ? (r.p95 / Math.max(baseline.p95, 0.001)).toFixed(1) + '×' : '—';
    console.log(
      `| ${r.label} | ${r.rps.toFixed(0)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${r.non2xx} | ${ratio} |`,
    );
  }
}

/** utime + stime of a process in ms, from /proc (Linux; 0 when it is gone or elsewhere). */
function processCpuMs(pid: number | string): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** The CPU time (ms) every `postgres` process of the machine has used (a backend that exits takes its share along). */
function postgresCpuMs(): number {
  let ms = 0;
  for (const d of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres') ms += processCpuMs(d);
    } catch {
      /* gone */
    }
  }
  return ms;
}

export interface CpuSplit {
  /** The API server process. */
  api: number;
  postgres: number;
  /** This process: the load generator, or the bare floor's PostgreSQL client. */
  bench: number;
}

/** Starts counting CPU (ms) by side; `stop(n)` gives each side's CPU per request over n requests. */
export function cpuMeter(apiPid: number | undefined): { stop(requests: number): CpuSplit } {
  const at = () => ({
    api: apiPid ? processCpuMs(apiPid) : 0,
    postgres: postgresCpuMs(),
    bench: (({ user, system }) => (user + system) / 1000)(process.cpuUsage()),
  });
  const start = at();
  return {
    stop(requests) {
      const end = at();
      const per = (k: keyof CpuSplit) => (requests ? (end[k] - start[k]) / requests : NaN);
      return { api: per('api'), postgres: per('postgres'), bench: per('bench') };
    },
  };
}
