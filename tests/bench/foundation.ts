/**
 * Foundation bench: login and an authorised GET /api/sectors under 50 concurrent connections,
 * beside a bare GET /api/health on the same server as the baseline. Prints figures; never fails on time.
 */
import { load, machine, table } from './lib';
import { loginToken, startBenchServer } from './server-process';

export async function foundationBench(): Promise<void> {
  const s = await startBenchServer();
  try {
    const token = await loginToken(s.url, 'admin@exemplo.gov.br');
    const db = s.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite embutido';
    console.log(`\n## Fundação — ${machine()}; ${db}; servidor em processo próprio; 50 conexões, 5 s por cenário\n`);
    const health = await load('GET /api/health (base)', { url: `${s.url}/api/health` });
    const sectors = await load('GET /api/sectors (autorizado)', {
      url: `${s.url}/api/sectors`,
      headers: { authorization: `Bearer ${token}` },
    });
    const login = await load('POST /api/auth/login (argon2id)', {
      url: `${s.url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@exemplo.gov.br', password: 'Tombo@2025' }),
    });
    table([health, sectors, login], health);
    console.log('\nO login é limitado pela CPU de propósito (argon2id m=19 MiB, t=2 por tentativa).');
  } finally {
    await s.stop();
  }
}
