/**
 * Data export (issue 11): XLSX export of 100,000 assets by the `export.dados` handler in its own
 * process — seconds and the peak RSS of that process (targets ≤ 4 s, ≤ 250 MB); CSV too. The CPU seconds
 * of the process are printed as well: on a machine others load, they move much less than the seconds.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/exportacoes.ts
 * BENCH_EXPORT_ROWS (default 100000).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { finishBench, openPgBench } from './server-process';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const root = path.resolve(import.meta.dirname, '../..');

interface Figures {
  seconds: number;
  cpuSeconds: number;
  size: number;
  rssBeforeMb: number;
  peakRssMb: number;
  peakHeapMb: number;
  peakExternalMb: number;
}

function exportInChild(databaseUrl: string, municipalityId: number, formato: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/exportacoes-child.ts', String(municipalityId), formato],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`export child exited ${code}: ${out}`));
      else resolve(JSON.parse(line) as Figures);
    });
  });
}

export async function exportacoesBench(): Promise<void> {
  const opened = await openPgBench();
  if (!opened) return;
  const { server, databaseUrl, reused } = opened;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    // A municipality of its own with ROWS assets over 10 sectors (one INSERT … SELECT).
    const m = (
      await db.query<{ id: number }>(
        `insert into municipalities (name, slug) values ('Bench Exportação', 'bench-export-' || floor(random() * 1e9)) returning id`,
      )
    ).rows[0].id;
    const sectors = (
      await db.query<{ id: number; name: string }>(
        `insert into sectors (municipality_id, name, code) select $1, 'Setor ' || g, 'E' || g from generate_series(0, 9) g returning id, name`,
        [m],
      )
    ).rows;
    await db.query(
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, valor_aquisicao,
                                data_aquisicao, observacoes, status)
       select $1, 'EX-' || lpad(g::text, 6, '0'), 'Bem exportado número ' || g || ' — cadeira giratória com braços',
              (s.ids)[1 + g % 10], (s.names)[1 + g % 10], 10 + (g % 5000) + 0.99, date '2015-01-01' + (g % 3650),
              case when g % 7 = 0 then '=observação ' || g end, 'ativo'
         from generate_series(1, $2::int) g, (select $3::int[] ids, $4::text[] names) s`,
      [m, ROWS, sectors.map((s) => s.id), sectors.map((s) => s.name)],
    );
    await db.query('analyze patrimonios');
    for (const formato of ['xlsx', 'csv']) {
      const f = await exportInChild(databaseUrl, m, formato);
      const target = formato === 'xlsx' ? ' (alvo ≤ 4 s, ≤ 250 MB)' : '';
      console.log(
        `Exportação ${formato.toUpperCase()} de ${ROWS.toLocaleString('pt-BR')} bens: ${f.seconds.toFixed(2)} s ` +
          `(CPU do processo ${f.cpuSeconds.toFixed(2)} s) · ` +
          `pico de RSS do processo ${f.peakRssMb.toFixed(0)} MB (antes: ${f.rssBeforeMb.toFixed(0)} MB; ` +
          `heap JS ${f.peakHeapMb.toFixed(0)} MB, buffers ${f.peakExternalMb.toFixed(0)} MB) · ` +
          `arquivo ${(f.size / 2 ** 20).toFixed(1)} MB${target}`,
      );
    }
  } finally {
    await db.end();
    await finishBench(server, databaseUrl, reused);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await exportacoesBench();
  process.exit(0);
}
