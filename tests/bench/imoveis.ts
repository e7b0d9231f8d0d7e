/**
 * The property register (issue 13): `GET /api/imoveis` with filters on 20,000 properties in one
 * municipality, 20 connections, p50/p95 beside the same statements run bare on PostgreSQL (the floor).
 * Prints figures, never pass/fail (target p95 ≤ 50 ms).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- imoveis
 * BENCH_IMOVEIS shrinks the data (e.g. 2000); BENCH_SECONDS per scenario; BENCH_DB / BENCH_KEEP as elsewhere.
 */
import pg from 'pg';
import { runLoad } from './lib';
import { finishBench, loginToken, openPgBench } from './server-process';

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const IMOVEIS = Number(process.env.BENCH_IMOVEIS ?? 20_000);

interface Fig {
  p50: number;
  p95: number;
  n: number;
}
const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
const figs = (times: number[]): Fig => {
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), n: times.length };
};
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function api(url: string, token: string): Promise<Fig & { non2xx: number }> {
  const times: number[] = [];
  const inst = runLoad({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  inst.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms));
  const r = await inst;
  return { ...figs(times), non2xx: r.non2xx };
}

/** The statements the API runs for a page (ids by the sort index, the page's rows, the count), 20 at a time. */
async function bare(pool: pg.Pool, statements: Array<{ text: string; values: unknown[] }>): Promise<Fig> {
  const times: number[] = [];
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await Promise.all(statements.map((s) => pool.query(s.text, s.values)));
        times.push(performance.now() - t);
      }
    }),
  );
  return figs(times);
}

async function seed(pool: pg.Pool, m: number): Promise<void> {
  const {
    rows: [have],
  } = await pool.query<{ n: number }>(`select count(*)::int n from imoveis where municipality_id = $1`, [m]);
  if (have.n >= IMOVEIS) return;
  await pool.query(
    `with s as (select array_agg(id order by id) ids, array_agg(name order by id) names from sectors where municipality_id = $1),
          src as (select g, (1 + g % array_length(s.ids, 1))::int k, s.* from generate_series($2::int, $3::int) g, s)
     insert into imoveis (municipality_id, numero_patrimonio, denominacao, endereco, bairro, cidade, uf,
       area_construida, area_terreno, situacao, utilizacao, sector_id, setor_nome, custom_fields, created_at, updated_at)
     select $1, 'BENCH' || lpad(g::text, 7, '0'),
       (array['Escola Municipal','Creche','Unidade de Saúde','Praça','Ginásio','Terreno','Almoxarifado','Biblioteca'])[1 + g % 8]
         || ' ' || (array['Centro','Norte','Sul','Leste','Oeste','São João','Santa Rita','Boa Vista'])[1 + (g / 8) % 8] || ' ' || g,
       'Rua ' || (g % 500) || ', ' || g,
       (array['Centro','Vila Nova','Jardim América','São José','Boa Vista','Industrial','Rural','Alto da Serra'])[1 + (g / 3) % 8],
       'Cidade Bench', 'SP', (g % 5000) + 0.5, (g % 9000) + 10,
       (array['proprio','proprio','proprio','cedido','alugado','comodato','desapropriado'])[1 + g % 7],
       (array['Escola','Creche','Unidade de saúde','Praça','Ginásio','Terreno vago','Almoxarifado','Biblioteca'])[1 + g % 8],
       src.ids[k], src.names[k], jsonb_build_object('matricula_imovel', 'M-' || g),
       now() - make_interval(secs => g), now() - make_interval(secs => g)
     from src`,
    [m, have.n + 1, IMOVEIS],
  );
  await pool.query('vacuum analyze imoveis');
}

export async function imoveisBench(): Promise<void> {
  console.log('\n## Bench: cadastro de imóveis (issue 13)\n');
  const opened = await openPgBench();
  if (!opened) return;
  const { server, databaseUrl, reused } = opened;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  try {
    const {
      rows: [{ m }],
    } = await pool.query<{ m: number }>(`select municipality_id m from users where email = 'admin@exemplo.gov.br'`);
    const t = performance.now();
    await seed(pool, m);
    const {
      rows: [size],
    } = await pool.query(`select count(*)::int n from imoveis where municipality_id = $1`, [m]);
    console.log(
      `Dados: ${size.n.toLocaleString('pt-BR')} imóveis no município do admin; carga em ${((performance.now() - t) / 1000).toFixed(1)} s.`,
    );
    const {
      rows: [{ sector }],
    } = await pool.query<{ sector: number }>(`select min(sector_id) sector from imoveis where municipality_id = $1`, [
      m,
    ]);
    const admin = await loginToken(server.url, 'admin@exemplo.gov.br');
    const COLS =
      'id, municipality_id, numero_patrimonio, denominacao, endereco, cep, bairro, cidade, uf, area_construida, area_terreno, situacao, utilizacao, sector_id, setor_nome, forma_aquisicao_id, forma_nome, data_aquisicao, valor_aquisicao, latitude, longitude, observacoes, custom_fields, created_by_id, created_by_name, created_at, updated_at, version';
    const page = (where: string, values: unknown[], order: string, offset: number) => [
      {
        text: `select ${COLS} from imoveis where id in (select id from imoveis where municipality_id = $1 ${where} order by ${order} limit 25 offset ${offset}) order by ${order}`,
        values: [m, ...values],
      },
      { text: `select count(*)::int from imoveis where municipality_id = $1 ${where}`, values: [m, ...values] },
    ];
    const scenarios = [
      { label: '1ª página, sem filtro (recentes)', qs: '', sql: page('', [], 'created_at desc, id desc', 0) },
      {
        label: 'situação = alugado, por denominação',
        qs: 'situacao=alugado&sort=denominacao&order=asc',
        sql: page(`and situacao = $2`, ['alugado'], 'denominacao asc, id asc', 0),
      },
      {
        label: 'setor + bairro, por área',
        qs: `sectorId=${sector}&bairro=Centro&sort=area_construida&order=desc`,
        sql: page(`and sector_id = $2 and bairro = $3`, [sector, 'Centro'], 'area_construida desc, id desc', 0),
      },
      {
        label: 'busca rápida "escola" + utilização',
        qs: 'q=escola&utilizacao=Escola&sort=denominacao&order=asc',
        sql: page(
          `and (numero_patrimonio like $2 or denominacao_busca like $3) and utilizacao = $4`,
          ['ESCOLA%', '%escola%', 'Escola'],
          'denominacao asc, id asc',
          0,
        ),
      },
      {
        label: 'página funda (offset 10.000), por número',
        qs: `page=${Math.max(1, Math.floor(Math.min(10_000, IMOVEIS / 2) / 25))}&sort=numero_patrimonio&order=asc`,
        sql: page(
          '',
          [],
          'numero_patrimonio asc, id asc',
          (Math.max(1, Math.floor(Math.min(10_000, IMOVEIS / 2) / 25)) - 1) * 25,
        ),
      },
    ];
    await api(`${server.url}/api/imoveis`, admin); // warm-up
    // A signed-in read of one small table: the fixed cost of any municipal request (session, transaction, RLS).
    const plain = await api(`${server.url}/api/sectors`, admin);
    console.log(
      `\nReferência: GET /api/sectors p50 ${f1(plain.p50)} ms, p95 ${f1(plain.p95)} ms; load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} (máquina compartilhada: números tomados sob carga).`,
    );
    console.log(
      `\nAPI com ${CONNECTIONS} conexões simultâneas, ${DURATION} s por cenário; "piso" = as mesmas consultas (ids da página pelo índice, linhas, contagem) direto no PostgreSQL, ${CONNECTIONS} em paralelo. Meta: p95 ≤ 50 ms.\n`,
    );
    console.log('| cenário | total | req | p50 ms | p95 ms | não-2xx | piso p50 | piso p95 | p95 / piso |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const sc of scenarios) {
      const total = (await pool.query<{ count: number }>(sc.sql[1].text, sc.sql[1].values)).rows[0].count;
      const a = await api(`${server.url}/api/imoveis?${sc.qs}`, admin);
      const b = await bare(pool, sc.sql);
      console.log(
        `| ${sc.label} | ${total.toLocaleString('pt-BR')} | ${a.n} | ${f1(a.p50)} | ${f1(a.p95)} | ${a.non2xx} | ${f1(b.p50)} | ${f1(b.p95)} | ${(a.p95 / Math.max(b.p95, 0.1)).toFixed(1)}× |`,
      );
    }
  } finally {
    await pool.end();
    await finishBench(server, databaseUrl, reused);
  }
}
