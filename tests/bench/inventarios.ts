/**
 * Inventories (issue 10): 20 counters × 500 readings against one inventory of 10,000 items — readings
 * accepted per second, p50/p95/p99 from a batch leaving a counter to the other 19 counters' sockets
 * receiving it (their sockets live in a worker thread: inventory-counters.mjs), the final counts
 * checked — and the creation of an inventory whose scope holds 100,000 assets. Run twice: in a closed loop (each
 * counter sends its next batch as soon as the last is answered: the throughput, its latency is queueing) and
 * paced at the target rate, 1,000 readings/s (each counter a batch every BATCH × 20 ms, starts spread over one
 * period, so the rate printed includes that ramp): the latency people see at that load.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/inventarios.ts
 * BENCH_INV_BATCH (readings per request, default 25: what a phone's queue holds when it sends), BENCH_INV_LARGE (assets of the large scope, default 100000).
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { LeiturasResponse } from '@tombo/shared';
import { finishBench, loginToken, openPgBench } from './server-process';

const ITEMS = 10_000;
const COUNTERS = 20;
const PER_COUNTER = 500;
const BATCH = Number(process.env.BENCH_INV_BATCH ?? 25);
const LARGE = Number(process.env.BENCH_INV_LARGE ?? 100_000);
const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
const epoch = () => performance.timeOrigin + performance.now();

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

/** A sector of the demo municipality with `n` assets (one INSERT … SELECT), and its id. */
async function sectorWithAssets(db: pg.Pool, m: number, code: string, n: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into sectors (municipality_id, name, code) values ($1, $2, $3) returning id`,
    [m, `Bench Inventário ${code}`, code],
  );
  const sector = rows[0].id;
  const local = (
    await db.query<{ id: number }>(
      `insert into locais (municipality_id, sector_id, name) values ($1, $2, 'Sala 1') returning id`,
      [m, sector],
    )
  ).rows[0].id;
  await db.query(
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, local_id, local_nome,
                              valor_aquisicao)
     select $1, $2 || '-' || lpad(g::text, 6, '0'), 'Bem de bench ' || g, $3, $4, $5, 'Sala 1', 10 + g % 1000
       from generate_series(1, $6::int) g`,
    [m, code, sector, `Bench Inventário ${code}`, local, n],
  );
  await db.query('analyze patrimonios');
  return sector;
}

export async function inventariosBench(): Promise<void> {
  const opened = await openPgBench();
  if (!opened) return;
  const { server: s, databaseUrl, reused } = opened;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let worker: Worker | undefined;
  try {
    const admin = await loginToken(s.url, 'admin@exemplo.gov.br');
    const [{ m, hash }] = (
      await db.query<{ m: number; hash: string }>(
        `select municipality_id m, password_hash hash from users where email = 'admin@exemplo.gov.br'`,
      )
    ).rows;
    const sector = await sectorWithAssets(db, m, 'BI', ITEMS);
    const ids = (
      await db.query<{ id: number }>(
        `insert into users (municipality_id, name, email, password_hash, role)
         select $1, 'Contador ' || g, 'contador' || g || '@bench.gov.br', $2, 'usuario' from generate_series(1, $3::int) g
         returning id`,
        [m, hash, COUNTERS],
      )
    ).rows.map((r) => r.id);
    await db.query(`insert into user_sectors (user_id, sector_id) select unnest($1::int[]), $2`, [ids, sector]);
    const tokens = await Promise.all(ids.map((_, i) => loginToken(s.url, `contador${i + 1}@bench.gov.br`)));
    const body = (sectorId: number) => ({
      title: 'Bench',
      tipo: 'anual',
      sectorId,
      scope: 'sector',
      dataInicio: '2026-01-15',
      comissao: ids,
    });
    const { inventario } = await call<{ inventario: { id: number; totalItens: number } }>(
      s.url,
      admin,
      'POST',
      '/api/inventarios',
      body(sector),
    );
    if (inventario.totalItens !== ITEMS) throw new Error(`snapshot: ${inventario.totalItens} itens`);
    const second = await call<{ inventario: { id: number } }>(s.url, admin, 'POST', '/api/inventarios', body(sector));
    worker = new Worker(new URL('./inventory-counters.mjs', import.meta.url), {
      workerData: { url: s.url, tokens, inventarioIds: [inventario.id, second.inventario.id] },
    });
    await new Promise<void>((resolve, reject) => {
      worker!.once('message', () => resolve());
      worker!.once('error', reject);
    });
    const arrivals = async () => {
      await new Promise((r) => setTimeout(r, 500));
      return (
        await new Promise<{ arrivals: Array<[number, string, number]> }>((resolve) => {
          worker!.once('message', resolve);
          worker!.postMessage('arrivals');
        })
      ).arrivals;
    };

    /** The 20 counters on one inventory; `paceMs`: each counter sends a batch every paceMs (else as fast as it can). */
    async function count(inventarioId: number, paceMs: number | null) {
      const numeros = (
        await db.query<{ n: string }>('select numero_patrimonio n from inventario_items where inventario_id = $1', [
          inventarioId,
        ])
      ).rows.map((r) => r.n);
      for (let i = numeros.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [numeros[i], numeros[j]] = [numeros[j], numeros[i]];
      }
      const sentAt = new Map<string, { at: number; counter: number }>();
      const t0 = performance.now();
      let accepted = 0;
      await Promise.all(
        tokens.map(async (token, c) => {
          const mine = numeros.slice(c * PER_COUNTER, (c + 1) * PER_COUNTER);
          // Paced counters start spread over one period, as people do.
          if (paceMs) await new Promise((r) => setTimeout(r, (c * paceMs) / COUNTERS));
          for (let k = 0; k < mine.length; k += BATCH) {
            const started = performance.now();
            const leituras = mine
              .slice(k, k + BATCH)
              .map((numero) => ({ id: randomUUID(), numero, lidoEm: new Date().toISOString() }));
            sentAt.set(leituras[0].id, { at: epoch(), counter: c });
            const r = await call<LeiturasResponse>(s.url, token, 'POST', `/api/inventarios/${inventarioId}/leituras`, {
              leituras,
            });
            accepted += r.resultados.filter((x) => x.resultado === 'found').length;
            const wait = paceMs ? paceMs - (performance.now() - started) : 0;
            if (wait > 0) await new Promise((res) => setTimeout(res, wait));
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      const latencies: number[] = [];
      for (const [socket, first, at] of await arrivals()) {
        const sent = sentAt.get(first);
        if (sent && sent.counter !== socket) latencies.push(at - sent.at);
      }
      latencies.sort((a, b) => a - b);
      const [final] = (
        await db.query<{ encontrados: number; found: number; leituras: number; dup: number }>(
          `select i.found_count encontrados, (select count(*)::int from inventario_items where inventario_id = i.id and status <> 'not_found') found,
                  (select count(*)::int from inventario_readings where inventario_id = i.id) leituras,
                  (select count(*)::int from inventario_readings where inventario_id = i.id and result <> 'found') dup
             from inventarios i where i.id = $1`,
          [inventarioId],
        )
      ).rows;
      const ok = final.encontrados === ITEMS && final.found === ITEMS && final.leituras === ITEMS && final.dup === 0;
      return { seconds, accepted, latencies, expected: sentAt.size * (COUNTERS - 1), final, ok };
    }

    const fast = await count(inventario.id, null);
    // The target rate (1,000 readings/s): each counter sends BATCH readings every BATCH × 20 ms.
    const paced = await count(second.inventario.id, (BATCH * COUNTERS * 1000) / 1000);

    // The large scope: creating the inventory snapshots 100,000 assets.
    const large = await sectorWithAssets(db, m, 'BL', LARGE);
    const c0 = performance.now();
    const big = await call<{ inventario: { totalItens: number } }>(
      s.url,
      admin,
      'POST',
      '/api/inventarios',
      body(large),
    );
    const createMs = performance.now() - c0;

    console.log(`\n## Inventários — PostgreSQL (DATABASE_URL), sem Redis\n`);
    console.log(
      `${COUNTERS} contadores × ${PER_COUNTER} leituras (lotes de ${BATCH}) num inventário de ${ITEMS} itens`,
    );
    console.log('| medida | à vontade (laço fechado) | no ritmo da meta (1000 leituras/s) | meta |');
    console.log('|---|---:|---:|---:|');
    const rate = (r: typeof fast) =>
      `${(r.accepted / r.seconds).toFixed(0)} (${r.accepted} em ${r.seconds.toFixed(2)} s)`;
    const lat = (r: typeof fast) =>
      `${pct(r.latencies, 50).toFixed(1)} / ${pct(r.latencies, 95).toFixed(1)} / ${pct(r.latencies, 99).toFixed(1)} (${r.latencies.length} de ${r.expected})`;
    const fin = (r: typeof fast) =>
      `${r.final.encontrados} / ${r.final.found} / ${r.final.leituras} / ${r.final.dup} ${r.ok ? '✓' : '✗'}`;
    console.log(`| leituras aceitas por segundo | ${rate(fast)} | ${rate(paced)} | ≥ 1000 |`);
    console.log(
      `| lote enviado → sockets dos outros 19 contadores, p50 / p95 / p99 ms | ${lat(fast)} | ${lat(paced)} | p95 ≤ 100 |`,
    );
    console.log(
      `| contagem final (encontrados / itens marcados / leituras / não 'found') | ${fin(fast)} | ${fin(paced)} | ${ITEMS} / ${ITEMS} / ${ITEMS} / 0 |`,
    );
    console.log(
      `\n| criar inventário com ${big.inventario.totalItens} bens no escopo | ${(createMs / 1000).toFixed(2)} s | meta ≤ 3 s |`,
    );
    for (const r of [fast, paced]) {
      if (!r.ok) throw new Error('inventory bench: final counts differ from the expected');
      if (r.latencies.length !== r.expected)
        throw new Error(`inventory bench: ${r.latencies.length} of ${r.expected} deliveries`);
    }
  } finally {
    if (worker) {
      worker.postMessage('close');
      await worker.terminate();
    }
    await db.end();
    await finishBench(s, databaseUrl, reused);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.LOG_LEVEL ??= 'warn';
  await inventariosBench();
  process.exit(0);
}
