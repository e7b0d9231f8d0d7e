/**
 * Asset register at a city's scale (issue 3). Prints figures, never pass/fail.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/patrimonios.ts
 * Seeds 100,000 assets in one municipality and 1,000,000 across ten into a fresh database (dropped at
 * the end), starts the real server in its own process (the load generator must not share its event
 * loop), then measures the list API under 20 connections beside
 * the same SQL run bare on PostgreSQL (the floor), and a 5,000-row import.
 * BENCH_DB=<url of an existing database>: use it instead of a fresh one (migrated on start, seeded only
 * if it does not hold the bench's rows yet, never dropped). BENCH_SEED_ONLY=1: stop after seeding.
 * BENCH_KEEP=1: keep the fresh database. BENCH_SCENARIOS=<text>: only the list scenarios whose label holds it.
 */
import { cpuMeter, runLoad, type CpuSplit } from './lib';
import pg from 'pg';
import { finishBench, openPgBench } from './server-process';
import { DEMO_PASSWORD } from '../../server/src/modules/demo-seed';
import { PATRIMONIO_SHEET_COLUMNS } from '@tombo/shared';

process.env.LOG_LEVEL ??= 'warn';
const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
/** Alternate rounds of the API and the bare floor per scenario (`sideBySide`). */
const ROUNDS = 3;
const PER_MUNICIPALITY = Number(process.env.BENCH_ASSETS ?? 100_000);
const MUNICIPALITIES = 10;

interface Fig {
  p50: number;
  p95: number;
  p99: number;
  n: number;
}
const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
const figs = (times: number[]): Fig => {
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), n: times.length };
};
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

/** `vary`: a different query string per request (so no cache can answer it). */
async function api(
  url: string,
  token: string,
  vary?: (i: number) => string,
  duration = DURATION,
): Promise<{ times: number[]; non2xx: number }> {
  const times: number[] = [];
  let i = 0;
  const requests = vary ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: vary(i++) }) }] : undefined;
  const inst = runLoad({
    url,
    connections: CONNECTIONS,
    duration,
    headers: { authorization: `Bearer ${token}` },
    ...(requests ? { requests } : {}),
  } as never);
  inst.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms));
  const r = await inst;
  return { times, non2xx: r.non2xx };
}

/** The same statements run bare, 20 at a time, for the same duration. */
async function bare(
  pool: pg.Pool,
  statements: Array<{ text: string; values: unknown[] }>,
  duration = DURATION,
): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        for (const s of statements) await pool.query(s.text, s.values);
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

/**
 * The API and the bare floor in alternate rounds (ROUNDS of DURATION / ROUNDS seconds each), their samples
 * and CPU pooled: on a shared machine a neighbour's burst then falls on both sides alike, not on one.
 */
async function sideBySide(
  run: {
    api: (seconds: number) => Promise<{ times: number[]; non2xx: number }>;
    bare: (seconds: number) => Promise<number[]>;
  },
  apiPid: number | undefined,
): Promise<{ api: Fig & { non2xx: number }; bare: Fig; apiCpu: CpuSplit; bareCpu: CpuSplit }> {
  const seconds = DURATION / ROUNDS;
  const apiTimes: number[] = [];
  const bareTimes: number[] = [];
  let non2xx = 0;
  // Each side's CPU summed over its rounds (a meter stopped at 1 request gives its total), per request at the end.
  let apiCpu: CpuSplit = { api: 0, postgres: 0, bench: 0 };
  let bareCpu: CpuSplit = { api: 0, postgres: 0, bench: 0 };
  const sum = (a: CpuSplit, b: CpuSplit): CpuSplit => ({
    api: a.api + b.api,
    postgres: a.postgres + b.postgres,
    bench: a.bench + b.bench,
  });
  for (let round = 0; round < ROUNDS; round++) {
    const am = cpuMeter(apiPid);
    const a = await run.api(seconds);
    apiCpu = sum(apiCpu, am.stop(1));
    apiTimes.push(...a.times);
    non2xx += a.non2xx;
    const bm = cpuMeter(undefined);
    bareTimes.push(...(await run.bare(seconds)));
    bareCpu = sum(bareCpu, bm.stop(1));
  }
  const per = (c: CpuSplit, n: number) => ({ api: c.api / n, postgres: c.postgres / n, bench: c.bench / n });
  return {
    api: { ...figs(apiTimes), non2xx },
    bare: figs(bareTimes),
    apiCpu: per(apiCpu, apiTimes.length),
    bareCpu: per(bareCpu, bareTimes.length),
  };
}

async function seed(pool: pg.Pool): Promise<number[]> {
  const ids = (await pool.query<{ id: number }>('select id from municipalities order by id')).rows.map((r) => r.id);
  const {
    rows: [have],
  } = await pool.query<{ n: number }>('select count(*)::int n from patrimonios where municipality_id = $1', [ids[0]]);
  if (ids.length >= MUNICIPALITIES && have.n >= PER_MUNICIPALITY) return ids.slice(0, MUNICIPALITIES); // BENCH_DB already seeded
  for (let i = ids.length; i < MUNICIPALITIES; i++) {
    const {
      rows: [m],
    } = await pool.query<{ id: number }>(`insert into municipalities (name, slug) values ($1, $2) returning id`, [
      `Município Bench ${i}`,
      `bench-${i}`,
    ]);
    ids.push(m.id);
    for (const [name, code] of [
      ['Administração', 'AD'],
      ['Educação', 'ED'],
      ['Saúde', 'SA'],
      ['Obras', 'OB'],
      ['Finanças', 'FI'],
      ['Tecnologia', 'TI'],
    ]) {
      const {
        rows: [s],
      } = await pool.query<{ id: number }>(
        `insert into sectors (municipality_id, name, code) values ($1, $2, $3) returning id`,
        [m.id, name, code],
      );
      await pool.query(
        `insert into locais (municipality_id, sector_id, name) select $1, $2, 'Sala ' || g from generate_series(1, 4) g`,
        [m.id, s.id],
      );
    }
  }
  for (const m of ids) {
    await pool.query(
      `insert into tipos_bens (municipality_id, name, useful_life_months, residual_value_pct)
      select $1, t, 120, 10 from unnest(array['Mobiliário','Equipamentos de Informática','Veículos','Máquinas e Equipamentos','Eletrodomésticos']) t on conflict do nothing`,
      [m],
    );
    await pool.query(
      `insert into formas_aquisicao (municipality_id, name) select $1, f from unnest(array['Compra','Doação','Transferência','Cessão']) f on conflict do nothing`,
      [m],
    );
  }
  // Bulk load: secondary indexes dropped and rebuilt after, FK triggers off for the load.
  const idx = (
    await pool.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'patrimonios' and indexname <> 'patrimonios_pkey'`,
    )
  ).rows;
  for (const i of idx) await pool.query(`drop index ${i.indexname}`);
  const client = await pool.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    let from = 1;
    for (const m of ids) {
      await client.query(
        `
        with s as (select array_agg(id order by id) ids, array_agg(name order by id) names, array_agg(code order by id) codes from sectors where municipality_id = $1),
             t as (select array_agg(id order by id) ids, array_agg(name order by id) names from tipos_bens where municipality_id = $1),
             f as (select array_agg(id order by id) ids, array_agg(name order by id) names from formas_aquisicao where municipality_id = $1),
             src as (select g, (1 + (g::bigint * 7919) % array_length(s.ids, 1))::int as k, s.*, t.ids tids, t.names tnames, f.ids fids, f.names fnames from generate_series($2::int, $3::int) g, s, t, f)
        insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, tipo_id, tipo_nome, sector_id, setor_nome, local_id, local_nome,
          forma_aquisicao_id, forma_nome, valor_aquisicao, quantidade, data_aquisicao, status, estado_conservacao, created_at, updated_at)
        select $1, '2020' || src.codes[k] || lpad(g::text, 7, '0'),
          (array['Cadeira','Mesa','Computador','Monitor','Impressora','Armário','Ventilador','Ar-condicionado','Geladeira','Notebook','Estante','Bebedouro','Projetor','Telefone','Veículo'])[1 + g % 15]
            || ' ' || (array['giratória','de escritório','executivo','padrão','industrial','elétrico','de aço','de madeira'])[1 + (g / 15) % 8] || ' série ' || (g * 31) % 100000,
          tids[1 + g % array_length(tids, 1)], tnames[1 + g % array_length(tids, 1)], src.ids[k], src.names[k], l.id, l.name,
          fids[1 + g % array_length(fids, 1)], fnames[1 + g % array_length(fids, 1)],
          ((g * 7) % 5000000) / 100.0, 1 + g % 3, date '2000-01-01' + (g % 9000),
          (array['ativo','ativo','ativo','em_uso','em_uso','ocioso','em_manutencao','baixado','extraviado'])[1 + g % 9],
          (array['novo','bom','bom','regular','ruim'])[1 + g % 5], now() - make_interval(secs => g), now() - make_interval(secs => g)
        from src
        left join lateral (select id, name from locais where sector_id = src.ids[k] order by id offset (g % 4) limit 1) l on true`,
        [m, from, from + PER_MUNICIPALITY - 1],
      );
      from += PER_MUNICIPALITY;
    }
    await client.query(`set session_replication_role = origin`);
  } finally {
    client.release();
  }
  for (const i of idx) await pool.query(i.indexdef);
  await pool.query('vacuum analyze patrimonios');
  return ids;
}

export async function patrimoniosBench(): Promise<void> {
  console.log('\n## Bench: cadastro de bens (issue 3)\n');
  const opened = await openPgBench({ compiled: true }); // the production bundle: no response-schema checks
  if (!opened) return;
  const { server, databaseUrl, reused } = opened;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  try {
    let t = performance.now();
    const ids = await seed(pool);
    const seedSec = (performance.now() - t) / 1000;
    const {
      rows: [size],
    } = await pool.query(
      `select count(*)::int n, pg_size_pretty(pg_total_relation_size('patrimonios')) total, pg_size_pretty(pg_relation_size('patrimonios')) heap from patrimonios`,
    );
    console.log(
      `Dados: ${size.n.toLocaleString('pt-BR')} bens em ${ids.length} municípios (${PER_MUNICIPALITY.toLocaleString('pt-BR')} cada); tabela ${size.heap}, com índices ${size.total}; carga em ${seedSec.toFixed(0)} s.`,
    );
    if (process.env.BENCH_SEED_ONLY) return;
    await pool.query('vacuum analyze patrimonios'); // a settled table: no dead rows left by an earlier run

    const loginAs = async (email: string) => {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const token = await loginAs('admin@exemplo.gov.br');
    const m = ids[0];
    const sector = (
      await pool.query<{ id: number }>(`select id from sectors where municipality_id = $1 and code = 'ED'`, [m])
    ).rows[0].id;
    const filtered = (
      await pool.query<{ n: number }>(
        `select count(*)::int n from patrimonios where municipality_id = $1 and sector_id = $2`,
        [m, sector],
      )
    ).rows[0].n;
    const all = PER_MUNICIPALITY;
    const PAGE = 25;
    const PS = PAGE;
    const cols =
      'id, municipality_id, numero_patrimonio, descricao_bem, tipo_id, tipo_nome, sector_id, setor_nome, local_id, local_nome, forma_aquisicao_id, forma_nome, valor_aquisicao, quantidade, data_aquisicao, status, estado_conservacao, observacoes, doado, transferencia_pendente, custom_fields, created_by_id, created_by_name, created_at, updated_at, version';

    /**
     * Mirrors listPatrimonios with its caches warm (the signed-in user and the total known): one
     * statement with the asset version, a first page read directly, a later one by deferred join (reverse
     * order with a small offset past the middle). `withCount` adds the count, as a first visit of that filter runs it.
     */
    const statements = (
      where: string,
      values: unknown[],
      total: number,
      sortCol: string,
      order: 'asc' | 'desc',
      page: number,
      withCount = false,
      PS = PAGE,
    ) => {
      const offset = (page - 1) * PS;
      const reverse = offset > 0 && offset + PS / 2 > total / 2;
      const desc = (order === 'desc') !== reverse;
      const dir = desc ? 'desc' : 'asc';
      const limit = reverse ? Math.min(PS, total - offset) : PS;
      const off = reverse ? Math.max(0, total - offset - PS) : offset;
      const version = `coalesce((select version from asset_versions where municipality_id = $1), 0) as v`;
      const pageSql = {
        text:
          offset === 0
            ? `select ${cols}, ${version} from patrimonios where ${where} order by ${sortCol} ${dir}, id ${dir} limit ${limit}`
            : `select ${cols}, ${version} from patrimonios where id in (select id from patrimonios where ${where} order by ${sortCol} ${dir}, id ${dir} limit ${limit} offset ${off}) order by ${sortCol} ${dir}, id ${dir}`,
        values,
      };
      return withCount
        ? [{ text: `select count(*)::int from patrimonios where ${where}`, values }, pageSql]
        : [pageSql];
    };
    const scenarios: Array<{
      label: string;
      url: string;
      token?: string;
      vary?: (i: number) => string;
      sql: Array<{ text: string; values: unknown[] }>;
    }> = [];
    const lastF = Math.ceil(filtered / PS);
    const midF = Math.ceil(lastF / 2);
    for (const [name, page] of [
      ['primeira', 1],
      ['do meio', midF],
      ['última', lastF],
    ] as const) {
      scenarios.push({
        label: `lista setor=ED, ordem descrição asc, página ${name} (${page})`,
        url: `${server.url}/api/patrimonios?sectorId=${sector}&sort=descricao_bem&order=asc&pageSize=${PS}&page=${page}`,
        sql: statements('municipality_id = $1 and sector_id = $2', [m, sector], filtered, 'descricao_bem', 'asc', page),
      });
    }
    const lastA = Math.ceil(all / PS);
    const midA = Math.ceil(lastA / 2);
    for (const [name, page] of [
      ['primeira', 1],
      ['do meio', midA],
      ['última', lastA],
    ] as const) {
      scenarios.push({
        label: `lista sem filtro, ordem valor desc, página ${name} (${page})`,
        url: `${server.url}/api/patrimonios?sort=valor_aquisicao&order=desc&pageSize=${PS}&page=${page}`,
        sql: statements('municipality_id = $1', [m], all, 'valor_aquisicao', 'desc', page),
      });
    }
    // Columns that may be empty (date, location) page by OFFSET, not by anchors: the middle is their worst page.
    scenarios.push({
      label: `lista sem filtro, ordem data de aquisição asc (coluna com vazios), página do meio (${midA})`,
      url: `${server.url}/api/patrimonios?sort=data_aquisicao&order=asc&pageSize=${PS}&page=${midA}`,
      sql: statements('municipality_id = $1', [m], all, 'data_aquisicao', 'asc', midA),
    });
    const midF100 = Math.ceil(Math.ceil(filtered / 100) / 2);
    scenarios.push({
      label: `lista setor=ED, ordem local asc, 100 por página, página do meio (${midF100})`,
      url: `${server.url}/api/patrimonios?sectorId=${sector}&sort=local_objeto&order=asc&pageSize=100&page=${midF100}`,
      sql: statements(
        'municipality_id = $1 and sector_id = $2',
        [m, sector],
        filtered,
        'local_nome',
        'asc',
        midF100,
        false,
        100,
      ),
    });
    // A `usuario` sees only their own sectors (the demo one has two): the scope is a filter on every request.
    const own = (
      await pool.query<{ id: number }>(
        `select us.sector_id id from user_sectors us join users u on u.id = us.user_id where u.email = 'usuario@exemplo.gov.br' order by 1`,
      )
    ).rows.map((r) => r.id);
    const ownTotal = (
      await pool.query<{ n: number }>(
        `select count(*)::int n from patrimonios where municipality_id = $1 and sector_id = any($2)`,
        [m, own],
      )
    ).rows[0].n;
    const midOwn = Math.ceil(Math.ceil(ownTotal / PS) / 2);
    scenarios.push({
      label: `usuário (${own.length} setores próprios, ${ownTotal.toLocaleString('pt-BR')} bens), ordem descrição asc, página do meio (${midOwn})`,
      url: `${server.url}/api/patrimonios?sort=descricao_bem&order=asc&pageSize=${PS}&page=${midOwn}`,
      token: await loginAs('usuario@exemplo.gov.br'),
      sql: statements(
        'municipality_id = $1 and sector_id = any($2)',
        [m, own],
        ownTotal,
        'descricao_bem',
        'asc',
        midOwn,
      ),
    });
    const stFiltered = (
      await pool.query<{ n: number }>(
        `select count(*)::int n from patrimonios where municipality_id = $1 and status = 'ocioso'`,
        [m],
      )
    ).rows[0].n;
    scenarios.push({
      label: `lista status=ocioso, ordem tipo asc, página do meio`,
      url: `${server.url}/api/patrimonios?status=ocioso&sort=tipo&order=asc&pageSize=${PS}&page=${Math.ceil(stFiltered / PS / 2)}`,
      sql: statements(
        `municipality_id = $1 and status = $2`,
        [m, 'ocioso'],
        stFiltered,
        'tipo_nome',
        'asc',
        Math.ceil(stFiltered / PS / 2),
      ),
    });
    const qWhere = `municipality_id = $1 and (numero_patrimonio like $2 or descricao_busca like $3)`;
    const qCount = (
      await pool.query<{ n: number }>(`select count(*)::int n from patrimonios where ${qWhere}`, [
        m,
        'VENTILA%',
        '%ventila%',
      ])
    ).rows[0].n;
    scenarios.push({
      label: `busca rápida q=ventila (${qCount.toLocaleString('pt-BR')} achados), 1ª página`,
      url: `${server.url}/api/patrimonios?q=ventila&pageSize=${PS}`,
      sql: statements(qWhere, [m, 'VENTILA%', '%ventila%'], qCount, 'created_at', 'desc', 1),
    });
    scenarios.push({
      label: `busca rápida q="serie 4242" (texto raro), 1ª página`,
      url: `${server.url}/api/patrimonios?q=${encodeURIComponent('série 4242')}&pageSize=${PS}`,
      sql: statements(qWhere, [m, 'SÉRIE 4242%', '%serie 4242%'], 1, 'created_at', 'desc', 1),
    });
    scenarios.push({
      label: `busca rápida por número (prefixo 2020ED00123)`,
      url: `${server.url}/api/patrimonios?q=2020ED00123&pageSize=${PS}`,
      sql: statements(qWhere, [m, '2020ED00123%', '%2020ed00123%'], 10, 'created_at', 'desc', 1),
    });

    // A filter seen for the first time: its total is counted (cold), here on every request.
    let valorMin = 0;
    scenarios.push({
      label: `lista setor=ED + valor mínimo diferente a cada requisição (total sempre recontado), 1ª página`,
      url: `${server.url}/api/patrimonios`,
      vary: () =>
        `/api/patrimonios?sectorId=${sector}&valorMin=${(valorMin++ % 1000) / 100}&sort=descricao_bem&order=asc&pageSize=${PS}&page=1`,
      sql: statements(
        'municipality_id = $1 and sector_id = $2 and valor_aquisicao >= $3',
        [m, sector, 0.01],
        filtered,
        'descricao_bem',
        'asc',
        1,
        true,
      ),
    });

    await api(scenarios[0].url, token, undefined, 3); // warm-up: the server's code paths compiled, caches filled
    console.log(
      `\nAPI com ${CONNECTIONS} conexões simultâneas, ${DURATION} s por cenário (em ${ROUNDS} rodadas de ${(DURATION / ROUNDS).toFixed(1)} s, alternadas com as do piso: um pico de outro processo da máquina cai nos dois lados), após 3 s de aquecimento; "piso" = a mesma página lida direto no PostgreSQL, ${CONNECTIONS} em paralelo, com a consulta simples (OFFSET; a partir do meio, na ordem inversa; com a versão dos bens; no cenário recontado, também a contagem), como a API a faria com o usuário e o total em cache e sem âncoras. Nas páginas profundas a API salta pelas âncoras e pode ficar abaixo do piso (razão < 1). Metas: em cada cenário p95 ≤ 50 ms e razão p95 ≤ 2× o piso.\n`,
    );
    console.log(
      '"CPU/req." = milissegundos de CPU por requisição de cada lado (de /proc): API = o processo do servidor, PG = os processos do PostgreSQL, carga = o gerador de carga (autocannon) ou, no piso, o cliente pg deste processo. Com 2 núcleos para todos, a latência sob carga segue a soma.\n',
    );
    console.log(
      '| cenário | API p50 | API p95 | API p99 | não-2xx | piso p50 | piso p95 | razão p95 | CPU/req. API + PG + carga | CPU/req. piso PG + cliente |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');
    const split = (c: CpuSplit, withApi: boolean) =>
      `${withApi ? `${f2(c.api)} + ` : ''}${f2(c.postgres)} + ${f2(c.bench)}`;
    const only = process.env.BENCH_SCENARIOS;
    for (const sc of scenarios.filter((s) => !only || s.label.includes(only))) {
      const {
        api: a,
        bare: b,
        apiCpu: ac,
        bareCpu: bc,
      } = await sideBySide(
        {
          api: (seconds) => api(sc.url, sc.token ?? token, sc.vary, seconds),
          bare: (seconds) => bare(pool, sc.sql, seconds),
        },
        server.pid,
      );
      console.log(
        `| ${sc.label} | ${f1(a.p50)} | ${f1(a.p95)} | ${f1(a.p99)} | ${a.non2xx} | ${f1(b.p50)} | ${f1(b.p95)} | ${(a.p95 / b.p95).toFixed(1)}× | ${split(ac, true)} | ${split(bc, false)} |`,
      );
    }
    // The filtered total count alone (meta ≤ 25 ms), one at a time and 20 at a time.
    const countSql = [
      {
        text: 'select count(*)::int from patrimonios where municipality_id = $1 and sector_id = $2',
        values: [m, sector],
      },
    ];
    const single: number[] = [];
    for (let i = 0; i < 50; i++) {
      const s0 = performance.now();
      await pool.query(countSql[0].text, countSql[0].values);
      single.push(performance.now() - s0);
    }
    const s1 = figs(single);
    const c20 = figs(await bare(pool, countSql));
    console.log(
      `\nContagem filtrada (setor=ED, ${filtered.toLocaleString('pt-BR')} de ${all.toLocaleString('pt-BR')}): sozinha p50 ${f1(s1.p50)} ms / p95 ${f1(s1.p95)} ms; com ${CONNECTIONS} em paralelo p50 ${f1(c20.p50)} / p95 ${f1(c20.p95)} ms.`,
    );

    // Import of 5,000 rows end to end (HTTP multipart → dry run, then commit), into the 100k municipality.
    const head = PATRIMONIO_SHEET_COLUMNS.map((c) => c.header).join(';');
    const lines = [head];
    for (let i = 0; i < 5000; i++)
      lines.push(
        `;Cadeira importada ${i};Mobiliário;${['Administração', 'Educação', 'Saúde'][i % 3]};;Ativo;${(i % 997) + 0.5};1;01/06/2023;Compra;Bom;;`,
      );
    const bytes = Buffer.from(lines.join('\n'));
    for (const mode of ['dry-run', 'commit'] as const) {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'importacao.csv');
      t = performance.now();
      const r = await fetch(`${server.url}/api/patrimonios/import?mode=${mode}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await r.json()) as { valid?: number; job?: { id: string } };
      let outcome = `válidas ${body.valid}`;
      if (body.job) {
        // the commit is a job: wait until it is done, as the progress bar does
        for (;;) {
          const j = (
            (await (
              await fetch(`${server.url}/api/jobs/${body.job.id}`, { headers: { authorization: `Bearer ${token}` } })
            ).json()) as { job: { status: string; error: string | null } }
          ).job;
          if (j.status === 'completed' || j.status === 'failed') {
            outcome = `tarefa ${j.status}${j.error ? `: ${j.error}` : ''}`;
            break;
          }
          await new Promise((res) => setTimeout(res, 50));
        }
      }
      console.log(
        `Importação de 5.000 linhas (CSV, ${(bytes.length / 1024).toFixed(0)} KiB), ${mode}: ${((performance.now() - t) / 1000).toFixed(2)} s ponta a ponta (HTTP ${r.status}, ${outcome}).`,
      );
    }
    const { rowCount } = await pool.query(
      `delete from patrimonios where municipality_id = $1 and descricao_bem like 'Cadeira importada %'`,
      [m],
    );
    await pool.query('vacuum analyze patrimonios');
    console.log(`(as ${rowCount} linhas importadas foram apagadas: o banco volta ao tamanho medido)`);
  } finally {
    await pool.end();
    await finishBench(server, databaseUrl, reused);
  }
}

await patrimoniosBench();
