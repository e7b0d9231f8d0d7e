/**
 * Global search (issue 12): `GET /api/busca` on 1,000,000 assets, p50/p95 under 20 connections. Prints
 * figures, never pass/fail (target p95 ≤ 100 ms).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- busca
 * All the assets go into the demo municipality (the one the admin searches: the worst case for the
 * per-municipality indexes). BENCH_BUSCA_ASSETS shrinks it (e.g. 100000); BENCH_SECONDS per scenario.
 * BENCH_DB / BENCH_KEEP / BENCH_SEED_ONLY as in patrimonios.ts.
 */
import pg from 'pg';
import { runLoad } from './lib';
import { finishBench, loginToken, openPgBench } from './server-process';

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ASSETS = Number(process.env.BENCH_BUSCA_ASSETS ?? 1_000_000);
const RARE_EVERY = 5000; // one asset in 5,000 is 'restaurado'

interface Fig {
  p50: number;
  p95: number;
  p99: number;
  n: number;
  non2xx: number;
}
const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function measure(url: string, token: string | null): Promise<Fig> {
  const times: number[] = [];
  const inst = runLoad({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  inst.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms));
  const r = await inst;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), n: times.length, non2xx: r.non2xx };
}

/** Bulk load into the demo municipality: secondary indexes dropped and rebuilt after, FK triggers off. */
async function seed(pool: pg.Pool, m: number): Promise<void> {
  const {
    rows: [have],
  } = await pool.query<{ n: number }>(
    `select count(*)::int n from patrimonios where municipality_id = $1 and numero_patrimonio like '2020%'`,
    [m],
  );
  if (have.n >= ASSETS) return; // BENCH_DB already seeded
  const idx = (
    await pool.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'patrimonios' and indexname <> 'patrimonios_pkey'
          and indexdef not like 'CREATE UNIQUE%'`,
    )
  ).rows;
  for (const i of idx) await pool.query(`drop index ${i.indexname}`);
  const client = await pool.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    const CHUNK = 250_000;
    for (let from = have.n + 1; from <= ASSETS; from += CHUNK) {
      await client.query(
        `
        with s as (select array_agg(id order by id) ids, array_agg(name order by id) names, array_agg(code order by id) codes from sectors where municipality_id = $1),
             src as (select g, (1 + (g::bigint * 7919) % array_length(s.ids, 1))::int as k, s.* from generate_series($2::int, $3::int) g, s)
        insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, local_id, local_nome,
          valor_aquisicao, quantidade, data_aquisicao, status, estado_conservacao, created_at, updated_at)
        select $1, '2020' || src.codes[k] || lpad(g::text, 7, '0'),
          (array['Cadeira','Mesa','Computador','Monitor','Impressora','Armário','Ventilador','Ar-condicionado','Geladeira','Notebook','Estante','Bebedouro','Projetor','Telefone','Veículo'])[1 + g % 15]
            || ' ' || (array['giratória','de escritório','executivo','padrão','industrial','elétrico','de aço','de madeira'])[1 + (g / 15) % 8]
            || ' ' || (array['Positivo','Dell','Lenovo','Samsung','LG','Epson','HP','Brastemp','Consul','Fiat','Tramontina','Marelli','Flexform','Cavaletti','Multilaser','Philco','Electrolux','Arno','Britânia','Mondial'])[1 + (g / 120) % 20]
            || ' série ' || (g * 31) % 100000 || case when g % ${RARE_EVERY} = 0 then ' restaurado' else '' end,
          src.ids[k], src.names[k], l.id, l.name,
          ((g * 7) % 5000000) / 100.0, 1 + g % 3, date '2000-01-01' + (g % 9000),
          (array['ativo','ativo','ativo','em_uso','em_uso','ocioso','em_manutencao','baixado','extraviado'])[1 + g % 9],
          (array['novo','bom','bom','regular','ruim'])[1 + g % 5], now() - make_interval(secs => g), now() - make_interval(secs => g)
        from src
        left join lateral (select id, name from locais where sector_id = src.ids[k] order by id offset (g % 2) limit 1) l on true`,
        [m, from, Math.min(ASSETS, from + CHUNK - 1)],
      );
    }
    await client.query(`set session_replication_role = origin`);
  } finally {
    client.release();
  }
  for (const i of idx) await pool.query(i.indexdef);
  await pool.query('vacuum analyze patrimonios');
}

/** The index names a plan uses (to show the query is answered from indexes). */
async function indexesUsed(pool: pg.Pool, text: string, values: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values);
  const names = new Set<string>();
  for (const r of rows) for (const m of r['QUERY PLAN'].matchAll(/(?:using|on) (patrimonios_\w+)/g)) names.add(m[1]);
  return [...names].join(', ') || 'seq scan';
}

export async function buscaBench(): Promise<void> {
  console.log('\n## Bench: busca global (issue 12)\n');
  const opened = await openPgBench();
  if (!opened) return;
  const { server, databaseUrl, reused } = opened;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const {
      rows: [{ m }],
    } = await pool.query<{ m: number }>(`select municipality_id m from users where email = 'admin@exemplo.gov.br'`);
    const t = performance.now();
    await seed(pool, m);
    const seedSec = (performance.now() - t) / 1000;
    const {
      rows: [size],
    } = await pool.query(
      `select count(*)::int n, (select count(*)::int from patrimonios where municipality_id = $1) mine,
              pg_size_pretty(pg_total_relation_size('patrimonios')) total from patrimonios`,
      [m],
    );
    console.log(
      `Dados: ${size.n.toLocaleString('pt-BR')} bens, ${size.mine.toLocaleString('pt-BR')} no município pesquisado; tabela com índices ${size.total}; carga em ${seedSec.toFixed(0)} s.`,
    );
    if (process.env.BENCH_SEED_ONLY) return;
    const [admin, usuario] = await Promise.all([
      loginToken(server.url, 'admin@exemplo.gov.br'),
      loginToken(server.url, 'usuario@exemplo.gov.br'),
    ]);
    const count = async (where: string, values: unknown[]) =>
      (
        await pool.query<{ n: number }>(
          `select count(*)::int n from patrimonios where municipality_id = $1 and ${where}`,
          [m, ...values],
        )
      ).rows[0].n;
    const mid = Math.ceil(ASSETS / 2);
    const {
      rows: [{ numero }],
    } = await pool.query<{ numero: string }>(
      `select numero_patrimonio numero from patrimonios where municipality_id = $1 and numero_patrimonio like $2`,
      [m, `2020__${String(mid).padStart(7, '0')}`],
    );
    const prefix = numero.slice(0, 10); // up to 1,000 numbers
    const words = (q: string) =>
      q
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .split(/\s+/)
        .map((w) => `%${w}%`);
    const wordsWhere = (q: string) =>
      words(q)
        .map((_, i) => `descricao_busca like $${i + 2}`)
        .join(' and ');
    const scenarios: Array<{ label: string; q: string; token: string; hits: number; plan: string }> = [];
    const add = async (label: string, q: string, token = admin) => {
      const w = words(q).filter((x) => x.length >= 5); // '%ab%' (2 letters) only narrows: not sent to the index
      const hits =
        (await count(`numero_patrimonio like $2`, [`${q.toUpperCase()}%`])) +
        (w.length ? await count(wordsWhere(q), words(q)) : 0);
      const plan = [
        await indexesUsed(
          pool,
          `select id from patrimonios where municipality_id = $1 and numero_patrimonio like $2 limit 6`,
          [m, `${q.toUpperCase()}%`],
        ),
        ...(w.length
          ? [
              await indexesUsed(
                pool,
                `select id from patrimonios where municipality_id = $1 and ${wordsWhere(q)} limit 6`,
                [m, ...words(q)],
              ),
            ]
          : []),
      ].join(' + ');
      scenarios.push({ label, q, token, hits, plan });
    };
    await add('número inteiro', numero);
    await add('prefixo de número', prefix);
    await add('uma palavra comum', 'cadeira');
    await add('duas palavras', 'cadeira giratória');
    await add('marca + item', 'notebook lenovo');
    await add('palavra rara', 'restaurado');
    await add('sem resultado', 'xilofone');
    await add('usuário (setores próprios), uma palavra', 'monitor', usuario);

    const url = (q: string) => `${server.url}/api/busca?${new URLSearchParams({ q })}`;
    await measure(url('cadeira'), admin); // warm-up
    const base = await measure(`${server.url}/api/health`, null);
    // A signed-in read of one small table: what any municipal request costs (session, transaction, RLS).
    const plain = await measure(`${server.url}/api/sectors`, admin);
    console.log(
      `\nCarga de fundo: load average ${(await import('node:os'))
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} (máquina compartilhada com outros processos: números tomados sob carga).`,
    );
    console.log(
      `API com ${CONNECTIONS} conexões simultâneas, ${DURATION} s por cenário; base = GET /api/health (sem banco) nas mesmas condições: p50 ${f1(base.p50)} ms, p95 ${f1(base.p95)} ms; GET /api/sectors (leitura autenticada simples, como referência do custo fixo de uma requisição): p50 ${f1(plain.p50)} ms, p95 ${f1(plain.p95)} ms. Meta: p95 ≤ 100 ms.\n`,
    );
    console.log('| cenário | q | achados no banco | índices | req | p50 ms | p95 ms | p99 ms | não-2xx | p95 / base |');
    console.log('|---|---|---:|---|---:|---:|---:|---:|---:|---:|');
    for (const sc of scenarios) {
      const f = await measure(url(sc.q), sc.token);
      console.log(
        `| ${sc.label} | ${sc.q} | ${sc.hits.toLocaleString('pt-BR')} | ${sc.plan} | ${f.n} | ${f1(f.p50)} | ${f1(f.p95)} | ${f1(f.p99)} | ${f.non2xx} | ${(f.p95 / Math.max(base.p95, 0.1)).toFixed(1)}× |`,
      );
    }
  } finally {
    await pool.end();
    await finishBench(server, databaseUrl, reused);
  }
}
