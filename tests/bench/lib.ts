import os from 'node:os';
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
