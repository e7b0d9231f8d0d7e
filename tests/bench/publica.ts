/**
 * Public consultation (issue 15): 1,000,000 assets across ten municipalities, 50 connections, anonymous.
 * Public search p50/p95/p99 (target p95 ≤ 100 ms), asset page by number (≤ 20 ms), revalidated 304
 * (≤ 10 ms), each beside the same query bare on PostgreSQL (50 connections, the floor). Prints figures.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- publica
 * The node keeps repeated answers in memory (PUBLIC_CACHE_TTL_MS, the production default); the "sem cache"
 * rows repeat the searches and the asset page on a second node that keeps none, and the /api/health row is
 * the HTTP stack's own floor under the same load.
 * BENCH_PUBLICA_ASSETS shrinks it; BENCH_SECONDS per scenario; BENCH_DB reuses a seeded database.
 * The rate limit stays on (in memory) with a budget no bench reaches (PUBLIC_RATE_LIMIT_MAX).
 */
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { runLoad } from './lib';
import { buildServer, finishBench, startBenchServer } from './server-process';
import { createFreshDatabase } from '../../server/src/db/test-database';

const CONNECTIONS = 50;
/** Words of the varied searches: the seed's items (plural, unaccented, as a visitor types) and brands. */
const ITEMS = [
  'cadeiras',
  'mesas',
  'computadores',
  'monitores',
  'impressoras',
  'armarios',
  'cameras',
  'geladeiras',
  'notebooks',
  'estantes',
  'bebedouros',
  'projetores',
  'telefones',
  'veiculos',
];
const BRANDS = ['positivo', 'dell', 'lenovo', 'samsung', 'lg', 'epson', 'hp', 'brastemp', 'consul', 'fiat'];
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ASSETS = Number(process.env.BENCH_PUBLICA_ASSETS ?? 1_000_000);
const TOWNS = 10;

interface Fig {
  p50: number;
  p95: number;
  p99: number;
  n: number;
  bad: number;
}
const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const figs = (times: number[], n: number, bad: number): Fig => {
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), n, bad };
};

async function measureApi(
  url: string,
  headers: Record<string, string> = {},
  expect = 200,
  nextPath?: () => string,
): Promise<Fig> {
  const times: number[] = [];
  let bad = 0;
  const requests = nextPath ? [{ setupRequest: (r: object) => ({ ...r, path: nextPath() }) }] : undefined;
  const inst = runLoad({ url, connections: CONNECTIONS, duration: DURATION, headers, requests });
  inst.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    times.push(ms);
    if (status !== expect) bad += 1;
  });
  await inst;
  return figs(times, times.length, bad);
}

/** The same SQL, 50 connections straight on PostgreSQL, for DURATION seconds: the floor. */
async function measureSql(pool: pg.Pool, text: string, values: unknown[] | (() => unknown[])): Promise<Fig> {
  const times: number[] = [];
  const next = typeof values === 'function' ? values : () => values;
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await pool.query(text, next());
        times.push(performance.now() - t);
      }
    }),
  );
  return figs(times, times.length, 0);
}

/** Ten municipalities (the demo's two + eight), ASSETS spread evenly, set-based (generate_series). */
async function seed(pool: pg.Pool): Promise<void> {
  const {
    rows: [have],
  } = await pool.query<{ n: number }>(`select count(*)::int n from patrimonios where numero_patrimonio like 'PUB%'`);
  if (have.n >= ASSETS) return;
  await pool.query(`
    insert into municipalities (name, slug)
    select 'Município Bench ' || g, 'bench-' || g from generate_series(1, ${TOWNS}) g
    where (select count(*) from municipalities) < ${TOWNS}
    on conflict do nothing`);
  const towns = (await pool.query<{ id: number }>(`select id from municipalities order by id limit ${TOWNS}`)).rows;
  for (const t of towns)
    await pool.query(
      `insert into sectors (municipality_id, name, code)
       select $1, 'Bench ' || s, 'B' || chr(64 + i::int) from unnest(array['Educação','Saúde','Obras','Administração','Cultura']) with ordinality u(s, i)
       where not exists (select 1 from sectors where municipality_id = $1 and name like 'Bench %')
       on conflict do nothing`,
      [t.id],
    );
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
    const per = Math.ceil(ASSETS / towns.length);
    for (const t of towns)
      await client.query(
        `with s as (select array_agg(id order by id) ids, array_agg(name order by id) names from sectors where municipality_id = $1)
        insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, tipo_nome, sector_id, setor_nome,
          valor_aquisicao, data_aquisicao, status, created_at, updated_at)
        select $1, 'PUB' || lpad(g::text, 7, '0'),
          (array['Cadeira','Mesa','Computador','Monitor','Impressora','Armário','Câmera','Ar-condicionado','Geladeira','Notebook','Estante','Bebedouro','Projetor','Telefone','Veículo'])[1 + g % 15]
            || ' ' || (array['giratória','de escritório','executivo','padrão','industrial','elétrico','de aço','de madeira'])[1 + (g / 15) % 8]
            || ' ' || (array['Positivo','Dell','Lenovo','Samsung','LG','Epson','HP','Brastemp','Consul','Fiat'])[1 + (g / 120) % 10]
            || ' série ' || (g * 31) % 100000,
          (array['Mobiliário','Informática','Equipamento','Veículo','Eletrodoméstico'])[1 + g % 5],
          s.ids[1 + g % array_length(s.ids, 1)], s.names[1 + g % array_length(s.ids, 1)],
          ((g * 7) % 5000000) / 100.0, date '2000-01-01' + (g % 9000),
          (array['ativo','ativo','em_uso','ocioso','baixado'])[1 + g % 5], now(), now()
        from generate_series(1, $2::int) g, s
        on conflict do nothing`,
        [t.id, per],
      );
    await client.query(`set session_replication_role = origin`);
  } finally {
    client.release();
  }
  for (const i of idx) await pool.query(i.indexdef);
  await pool.query('vacuum analyze patrimonios');
}

/** The app's word search (server/src/modules/public/search.ts): the municipality's keys in one GIN scan, ranked, counted. */
const MATCH = `public.patrimonio_busca_chaves(municipality_id, numero_patrimonio, busca_publica)
  @@ coalesce(public.patrimonio_busca_consulta($1::int, public.tombo_consulta($2, true)) || $4::tsquery, $4::tsquery)`;
const SEARCH_SQL = `select * from (
    select id, numero_patrimonio, descricao_bem, tipo_nome, setor_nome, local_nome, status, data_aquisicao,
      (case when numero_patrimonio like $3 then 1 else 0 end
        + coalesce(ts_rank(busca_publica, public.tombo_consulta($2, true)), 0)
        + coalesce(ts_rank(busca_publica, public.tombo_consulta($2, false)), 0))::float8 as rank, count(*) over ()::int as matches
    from patrimonios where ${MATCH}) s
  order by rank desc, id limit 26`;
/** The values of SEARCH_SQL for a search typed as `q`. */
const searchValues = (town: number, q: string) => [town, q, `${q.toUpperCase()}%`, `'${town}#${q.toUpperCase()}':*`];
const PAGE400_SQL = `select id, numero_patrimonio, descricao_bem from patrimonios where municipality_id = $1
  and numero_patrimonio > $2 order by numero_patrimonio, id limit 26`;
const DETAIL_SQL = `select numero_patrimonio, descricao_bem, tipo_nome, setor_nome, local_nome, status, data_aquisicao
  from patrimonios where municipality_id = $1 and numero_patrimonio = $2`;

/** ETag of a public URL (node:http: a conditional fetch() would add Cache-Control: no-cache). */
const etagOf = (url: string) =>
  new Promise<string>((resolve, reject) =>
    http
      .get(url, (res) => {
        res.resume();
        resolve(String(res.headers.etag ?? ''));
      })
      .on('error', reject),
  );

export async function publicaBench(): Promise<void> {
  console.log('\n## Bench: consulta pública (issue 15)\n');
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return console.log('DATABASE_URL não definido: este bench precisa do PostgreSQL local. Pulado.');
  console.log(`Máquina: ${os.cpus()[0]?.model ?? 'cpu'} · nproc ${os.cpus().length} · Node ${process.version}`);
  const reused = !!process.env.BENCH_DB;
  const databaseUrl = process.env.BENCH_DB || (await createFreshDatabase(baseUrl, 'tombo_bench'));
  // The production bundle (NODE_ENV=production), as `npm start` runs it.
  buildServer();
  const server = await startBenchServer({ REDIS_URL: '', PUBLIC_RATE_LIMIT_MAX: '1000000000' }, databaseUrl, {
    compiled: true,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  try {
    const t = performance.now();
    await seed(pool);
    const {
      rows: [size],
    } = await pool.query(
      `select count(*)::int n, count(distinct municipality_id)::int towns,
              pg_size_pretty(pg_total_relation_size('patrimonios')) total from patrimonios`,
    );
    console.log(
      `Dados: ${size.n.toLocaleString('pt-BR')} bens em ${size.towns} municípios; tabela com índices ${size.total}; carga em ${((performance.now() - t) / 1000).toFixed(0)} s.`,
    );
    const {
      rows: [town],
    } = await pool.query<{ id: number; slug: string }>(
      `select m.id, m.slug from municipalities m where exists (select 1 from patrimonios p where p.municipality_id = m.id
         and p.numero_patrimonio like 'PUB%') order by m.id limit 1`,
    );
    const {
      rows: [p400],
    } = await pool.query<{ numero: string; id: number }>(
      `select numero_patrimonio numero, id from patrimonios where municipality_id = $1 order by numero_patrimonio, id offset 9999 limit 1`,
      [town.id],
    );
    const cursor = Buffer.from(JSON.stringify([p400.numero, p400.id])).toString('base64url');
    const numero = 'PUB0050000';
    const api = (path: string) => `${server.url}/api/public${path}`;
    const rows: Array<[string, string, Fig, Fig | null, string]> = [];
    const searches: Array<[string, string]> = [
      ['busca: uma palavra, plural', 'cadeiras'],
      ['busca: sem acento', 'camera'],
      ['busca: duas palavras', 'computadores dell'],
      ['busca: número (prefixo)', 'PUB00500'],
    ];
    await measureApi(api(`/patrimonios?municipio=${town.slug}&q=cadeira`)); // warm-up
    const floors: Record<string, Fig> = {};
    for (const [label, q] of searches) {
      const hits = (await pool.query(SEARCH_SQL, searchValues(town.id, q))).rows[0]?.matches ?? 0;
      const a = await measureApi(api(`/patrimonios?${new URLSearchParams({ municipio: town.slug, q })}`));
      const b = (floors[q] = await measureSql(pool, SEARCH_SQL, searchValues(town.id, q)));
      rows.push([label, `${hits} achados`, a, b, '≤ 100']);
    }
    // Every request a different search (item × brand, as typed: plural, no accents): none repeats the one before.
    const mixed = ITEMS.flatMap((item) => BRANDS.map((brand) => `${item} ${brand}`));
    let iSql = 0;
    const mixedPath = () => {
      let i = 0;
      return () =>
        `/api/public/patrimonios?${new URLSearchParams({ municipio: town.slug, q: mixed[i++ % mixed.length] })}`;
    };
    floors.mixed = await measureSql(pool, SEARCH_SQL, () => {
      const q = mixed[iSql++ % mixed.length];
      return searchValues(town.id, q);
    });
    rows.push([
      `busca: ${mixed.length} consultas em rodízio`,
      'ex.: "monitores dell"',
      await measureApi(api(`/patrimonios?municipio=${town.slug}`), {}, 200, mixedPath()),
      floors.mixed,
      '≤ 100',
    ]);
    rows.push([
      'lista: página 1',
      'sem busca',
      await measureApi(api(`/patrimonios?municipio=${town.slug}`)),
      await measureSql(pool, PAGE400_SQL, [town.id, '']),
      '≤ 100',
    ]);
    rows.push([
      'lista: página 400 (cursor)',
      'after=',
      await measureApi(api(`/patrimonios?municipio=${town.slug}&after=${cursor}`)),
      await measureSql(pool, PAGE400_SQL, [town.id, p400.numero]),
      '≤ 100',
    ]);
    const detail = api(`/patrimonios/${numero}?municipalityId=${town.id}`);
    floors.detail = await measureSql(pool, DETAIL_SQL, [town.id, numero]);
    rows.push(['bem por número (QR)', numero, await measureApi(detail), floors.detail, '≤ 20']);
    const etag = await etagOf(detail);
    rows.push([
      'bem por número, revalidado',
      '304',
      await measureApi(detail, { 'if-none-match': etag }, 304),
      null,
      '≤ 10',
    ]);
    // What any answer of this HTTP stack costs under the same load: the floor of the cached rows above.
    rows.push(['base HTTP: GET /api/health', 'sem banco', await measureApi(`${server.url}/api/health`), null, '—']);
    // The same, on a node that keeps no answer (PUBLIC_CACHE_TTL_MS=0): every request reaches PostgreSQL.
    const cold = await startBenchServer(
      { REDIS_URL: '', PUBLIC_RATE_LIMIT_MAX: '1000000000', PUBLIC_CACHE_TTL_MS: '0' },
      databaseUrl,
      { compiled: true },
    );
    try {
      const capi = (path: string) => `${cold.url}/api/public${path}`;
      const cdetail = capi(`/patrimonios/${numero}?municipalityId=${town.id}`);
      const q1 = `/patrimonios?${new URLSearchParams({ municipio: town.slug, q: 'cadeiras' })}`;
      rows.push(['sem cache: uma palavra', 'cadeiras', await measureApi(capi(q1)), floors.cadeiras, '≤ 100']);
      const q2 = `/patrimonios?${new URLSearchParams({ municipio: town.slug, q: 'computadores dell' })}`;
      rows.push([
        'sem cache: duas palavras',
        'computadores dell',
        await measureApi(capi(q2)),
        floors['computadores dell'],
        '≤ 100',
      ]);
      rows.push([
        `sem cache: ${mixed.length} consultas em rodízio`,
        'ex.: "monitores dell"',
        await measureApi(capi(`/patrimonios?municipio=${town.slug}`), {}, 200, mixedPath()),
        floors.mixed,
        '≤ 100',
      ]);
      rows.push(['sem cache: bem por número', numero, await measureApi(cdetail), floors.detail, '≤ 20']);
      const cetag = await etagOf(cdetail);
      rows.push([
        'sem cache: revalidado',
        '304',
        await measureApi(cdetail, { 'if-none-match': cetag }, 304),
        null,
        '≤ 10',
      ]);
    } finally {
      await cold.stop();
    }
    console.log(
      `\nCarga de fundo: load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(
          ' / ',
        )} (máquina compartilhada: números tomados sob carga). ${CONNECTIONS} conexões, ${DURATION} s por cenário.\n`,
    );
    console.log(
      '| cenário | consulta | API req | API p50 | API p95 | API p99 | não-esperado | PG p50 | PG p95 | PG p99 | meta p95 ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const [label, q, a, b, target] of rows)
      console.log(
        `| ${label} | ${q} | ${a.n} | ${f1(a.p50)} | ${f1(a.p95)} | ${f1(a.p99)} | ${a.bad} | ${b ? f1(b.p50) : '—'} | ${b ? f1(b.p95) : '—'} | ${b ? f1(b.p99) : '—'} | ${target} |`,
      );
  } finally {
    await pool.end();
    await finishBench(server, databaseUrl, reused);
  }
}
