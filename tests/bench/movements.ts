/**
 * Movements live (issue 9): 2,000 sockets of one municipality and 2,000 of another stay connected while
 * a usuario asks for transfers and a supervisor approves them. Measures the time from the approval
 * request leaving the supervisor's client to the requester's socket receiving the decision
 * (`notification.created`), p50/p95/p99, and counts every event the other municipality's sockets got.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npx tsx tests/bench/movements.ts
 * BENCH_SOCKETS (per municipality, default 2000), BENCH_DECISIONS (default 200).
 */
import { Worker } from 'node:worker_threads';
import { io as connect, type Socket } from 'socket.io-client';
import type { LiveEvent, Notification, PatrimonioList, Sector } from '@tombo/shared';
import { machine } from './lib';
import { loginToken, startBenchServer } from './server-process';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 200);
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];

async function call<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

interface CrowdGroup {
  name: string;
  tokens: string[];
  sockets: number;
}

/** The crowd's thread (crowd.mjs): opens the groups' sockets, then answers how many events each group received. */
class Crowd {
  private readonly worker: Worker;
  private constructor(worker: Worker) {
    this.worker = worker;
  }
  static async open(url: string, groups: CrowdGroup[]): Promise<Crowd> {
    const worker = new Worker(new URL('./crowd.mjs', import.meta.url), {
      workerData: { url, groups },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    return new Crowd(worker);
  }
  private ask<T>(m: 'count' | 'close'): Promise<T> {
    return new Promise((resolve) => {
      this.worker.once('message', resolve);
      this.worker.postMessage(m);
    });
  }
  received = async () => (await this.ask<{ received: Record<string, number> }>('count')).received;
  /** Waits until the crowd received nothing new for 30 ms (the last broadcast has reached every socket). */
  async settled(): Promise<void> {
    let before = JSON.stringify(await this.received());
    for (;;) {
      await new Promise((r) => setTimeout(r, 30));
      const now = JSON.stringify(await this.received());
      if (now === before) return;
      before = now;
    }
  }
  async close(): Promise<void> {
    await this.ask('close');
    await this.worker.terminate();
  }
}

/** One socket of the measured user. */
function openSocket(url: string, token: string): Promise<Socket> {
  const s = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

export async function movementsBench(): Promise<void> {
  const s = await startBenchServer();
  let requester: Socket | undefined;
  let crowd: Crowd | undefined;
  try {
    const [usuario, supervisor, admin, visualizador, vizinho] = await Promise.all(
      [
        'usuario@exemplo.gov.br',
        'supervisor@exemplo.gov.br',
        'admin@exemplo.gov.br',
        'visualizador@exemplo.gov.br',
        'admin@vizinho.gov.br',
      ].map((e) => loginToken(s.url, e)),
    );
    const { sectors } = await call<{ sectors: Sector[] }>(s.url, admin, 'GET', '/api/sectors');
    const ad = sectors.find((x) => x.code === 'AD')!;
    const ti = sectors.find((x) => x.code === 'TI')!;
    const { patrimonios } = await call<PatrimonioList>(s.url, usuario, 'GET', `/api/patrimonios?pageSize=100`);
    const assets = patrimonios.filter((p) => p.status !== 'baixado');
    if (assets.length === 0) throw new Error('no asset in the usuario sectors');

    requester = await openSocket(s.url, usuario);
    crowd = await Crowd.open(s.url, [
      { name: 'same', tokens: [usuario, supervisor, admin, visualizador], sockets: SOCKETS - 1 },
      { name: 'other', tokens: [vizinho], sockets: SOCKETS },
    ]);
    const arrivedAtSocket = requester;

    const latencies: number[] = [];
    const responses: number[] = [];
    for (let i = 0; i < DECISIONS; i++) {
      const asset = assets[i % assets.length];
      const current = await call<{ patrimonio: { sectorId: number } }>(
        s.url,
        usuario,
        'GET',
        `/api/patrimonios/${asset.id}`,
      );
      const destino = current.patrimonio.sectorId === ad.id ? ti : ad;
      const { transferencia: t } = await call<{ transferencia: { id: number; version: number } }>(
        s.url,
        usuario,
        'POST',
        '/api/transferencias',
        {
          patrimonioId: asset.id,
          type: 'transferencia',
          motivo: `Bench ${i}`,
          setorDestinoId: destino.id,
        },
      );
      await crowd.settled();
      const arrived = new Promise<number>((resolve) => {
        const on = (e: LiveEvent<Notification>) => {
          if (e.data.type !== 'transfer' || !e.data.link?.endsWith(`/${asset.id}`)) return;
          arrivedAtSocket.off('notification.created', on);
          resolve(performance.now());
        };
        arrivedAtSocket.on('notification.created', on);
      });
      // Requests and approvals come seconds apart in real life: the approval is timed once the request's
      // broadcasts are out.
      const t0 = performance.now();
      await call(s.url, supervisor, 'POST', `/api/transferencias/${t.id}/decisao`, {
        status: 'aprovada',
        version: t.version,
      });
      responses.push(performance.now() - t0);
      latencies.push((await arrived) - t0);
    }
    await new Promise((r) => setTimeout(r, 500));
    const received = await crowd.received();
    latencies.sort((a, b) => a - b);
    responses.sort((a, b) => a - b);
    const db = s.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite embutido';
    console.log(`\n## Movimentações ao vivo — ${machine()}; ${db}; ${process.env.REDIS_URL ? 'Redis' : 'sem Redis'}\n`);
    console.log(
      `${SOCKETS} sockets no município da aprovação + ${SOCKETS} em outro município; ${DECISIONS} aprovações`,
    );
    console.log('| cenário | n | p50 ms | p95 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| aprovação → notificação no socket do solicitante | ${latencies.length} | ${pct(latencies, 50).toFixed(1)} | ${pct(latencies, 95).toFixed(1)} | ${pct(latencies, 99).toFixed(1)} |`,
    );
    console.log(
      `| resposta HTTP da decisão (transação + commit) | ${responses.length} | ${pct(responses, 50).toFixed(1)} | ${pct(responses, 95).toFixed(1)} | ${pct(responses, 99).toFixed(1)} |`,
    );
    console.log(
      `\nEventos recebidos pelos ${SOCKETS - 1} outros sockets do mesmo município: ${received.same}; pelos ${SOCKETS} sockets do outro município: ${received.other}`,
    );
  } finally {
    requester?.disconnect();
    await crowd?.close();
    await s.stop();
  }
}
