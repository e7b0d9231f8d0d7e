/**
 * Foundation bench, on the production bundle (server/dist, NODE_ENV=production): the restart time to
 * the first /api/health on an existing DATA_DIR and database, then login and an authorised GET
 * /api/sectors under 50 concurrent connections beside a bare GET /api/health on the same server (a
 * reference, not a target: docs/decisions/read-path.md). Prints figures; never fails on time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropDatabase, createFreshDatabase } from '../../server/src/db/test-database';
import { load, machine, table } from './lib';
import { buildServer, loginToken, startBenchServer } from './server-process';

export async function foundationBench(): Promise<void> {
  buildServer(); // the bundle `npm start` runs
  const databaseUrl = process.env.DATABASE_URL
    ? await createFreshDatabase(process.env.DATABASE_URL, 'tombo_bench')
    : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-bench-'));
  try {
    // First start: migrations + demo seed; the restart after it is what an upgrade-free reboot costs.
    const first = await startBenchServer({}, databaseUrl, { compiled: true, dataDir, keep: true });
    await first.stop();
    const s = await startBenchServer({ SEED_DEMO: 'never' }, databaseUrl, { compiled: true, dataDir, keep: true });
    let cached: Awaited<ReturnType<typeof sectorsBeside>>;
    let login: Awaited<ReturnType<typeof load>>;
    try {
      const db = s.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite embutido';
      console.log(
        `\n## Fundação — ${machine()}; ${db}; build de produção em processo próprio; 50 conexões, 5 s por cenário após 2 s de aquecimento de cada um; health e sectors em três pares alternados (a tabela mostra o par mediano)\n`,
      );
      console.log(
        `Primeira partida (migrações + seed): ${(first.startMs / 1000).toFixed(1)} s · ` +
          `reinício no mesmo DATA_DIR até o primeiro /api/health: ${(s.startMs / 1000).toFixed(1)} s (meta ≤ 5 s)\n`,
      );
      cached = await sectorsBeside(s.url, 'GET /api/sectors (autorizado, lista guardada no nó)');
      login = await load('POST /api/auth/login (argon2id)', {
        url: `${s.url}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@exemplo.gov.br', password: 'Tombo@2025' }),
      });
    } finally {
      await s.stop();
    }
    // The same on a node that keeps no sectors list: every request reads PostgreSQL.
    const bare = await startBenchServer({ SEED_DEMO: 'never', SECTORS_CACHE_TTL_MS: '0' }, databaseUrl, {
      compiled: true,
      dataDir,
      keep: true,
    });
    try {
      const uncached = await sectorsBeside(
        bare.url,
        'GET /api/sectors (autorizado, sem cache: SECTORS_CACHE_TTL_MS=0)',
      );
      table([cached.health, cached.sectors, uncached.health, uncached.sectors, login], cached.health);
      for (const [what, m] of [
        ['lista guardada no nó (padrão)', cached],
        ['sem cache, cada requisição lê o PostgreSQL', uncached],
      ] as const)
        console.log(
          `\n/api/sectors ÷ /api/health (req/s), ${what}: ${m.ratio.toFixed(2)}, mediana de três pares (${m.ratios.map((r) => r.toFixed(2)).join(', ')}) (referência, não meta)`,
        );
      console.log('\nO login é limitado pela CPU de propósito (argon2id m=19 MiB, t=2 por tentativa).');
    } finally {
      await bare.stop();
    }
  } finally {
    if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * GET /api/sectors beside the bare GET /api/health on one server, after warming both up: three
 * alternating pairs (on a shared 2-core machine one 5 s window can be off by a fifth), the ratio taken per
 * pair (both measured seconds apart); the median pair is the one returned.
 */
async function sectorsBeside(url: string, label: string) {
  const token = await loginToken(url, 'admin@exemplo.gov.br');
  const sectorsRequest = { url: `${url}/api/sectors`, headers: { authorization: `Bearer ${token}` } };
  await load('aquecimento', { url: `${url}/api/health`, duration: 2 });
  await load('aquecimento', { ...sectorsRequest, duration: 2 });
  const pairs = [];
  for (let i = 0; i < 3; i++) {
    const health = await load('GET /api/health (base)', { url: `${url}/api/health` });
    const sectors = await load(label, sectorsRequest);
    pairs.push({ health, sectors, ratio: sectors.rps / Math.max(health.rps, 1) });
  }
  const ratios = pairs.map((p) => p.ratio);
  return { ...[...pairs].sort((a, b) => a.ratio - b.ratio)[1], ratios };
}
