/**
 * Movements live (issue 9): 2,000 sockets of one municipality and 2,000 of another stay connected while
 * a usuario asks for transfers and a supervisor approves them. Measures the time from the approval
 * request leaving the supervisor's client to the requester's socket receiving the decision
 * (`notification.created`), p50/p95/p99, and counts every event the other municipality's sockets got.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npx tsx tests/bench/movements.ts
 * BENCH_SOCKETS (per municipality, default 2000), BENCH_DECISIONS (default 200).
 */
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

/** Opens `n` sockets with the tokens in turn, a few hundred at a time. */
async function openSockets(url: string, tokens: string[], n: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < n; i += 200) {
    const batch = Array.from({ length: Math.min(200, n - i) }, (_, k) => {
      const s = connect(url, {
        auth: { token: tokens[(i + k) % tokens.length] },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      return new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

export async function movementsBench(): Promise<void> {
  const s = await startBenchServer();
  const sockets: Socket[] = [];
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

    const requester = (await openSockets(s.url, [usuario], 1))[0];
    sockets.push(requester);
    sockets.push(...(await openSockets(s.url, [usuario, supervisor, admin, visualizador], SOCKETS - 1)));
    const others = await openSockets(s.url, [vizinho], SOCKETS);
    sockets.push(...others);
    let leaked = 0;
    for (const o of others) o.onAny(() => leaked++);

    const latencies: number[] = [];
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
      const arrived = new Promise<number>((resolve) => {
        const on = (e: LiveEvent<Notification>) => {
          if (e.data.type !== 'transfer' || !e.data.link?.endsWith(`/${asset.id}`)) return;
          requester.off('notification.created', on);
          resolve(performance.now());
        };
        requester.on('notification.created', on);
      });
      const t0 = performance.now();
      await call(s.url, supervisor, 'POST', `/api/transferencias/${t.id}/decisao`, {
        status: 'aprovada',
        version: t.version,
      });
      latencies.push((await arrived) - t0);
    }
    await new Promise((r) => setTimeout(r, 500));
    latencies.sort((a, b) => a - b);
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
    console.log(`\nEventos recebidos pelos ${SOCKETS} sockets do outro município: ${leaked}`);
  } finally {
    for (const x of sockets) x.disconnect();
    await s.stop();
  }
}
