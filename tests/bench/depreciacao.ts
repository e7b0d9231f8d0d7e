/**
 * The monthly depreciation close (issue 14): 100,000 depreciable assets in the admin's municipality, the close
 * through the API (request → job completed) beside ONE bare set-based statement doing the same arithmetic
 * (the floor), then GET /api/depreciacao/resumo (the dashboard) with 20 connections, p50/p95.
 * Twelve months are closed (each posts its ledger entries, issue 36), then the monthly statement (RMB) of each
 * and the pull of the last month's entries are timed. Prints figures, never pass/fail (targets: close ≤ 10 s,
 * resumo p95 ≤ 150 ms, 12 statements ≤ 3 s, a month's pull ≤ 2 s).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- depreciacao
 * BENCH_BENS shrinks the data; BENCH_SECONDS per load scenario; BENCH_DB / BENCH_KEEP as elsewhere.
 */
import pg from 'pg';
import { runLoad } from './lib';
import { finishBench, loginToken, openPgBench } from './server-process';

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const BENS = Number(process.env.BENCH_BENS ?? 100_000);
/** Months closed: a year of the ledger (issue 36's statement over 12 months). */
const MESES = 12;

const pct = (s: number[], p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function load(url: string, token: string) {
  const times: number[] = [];
  const inst = runLoad({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  inst.on('response', (_c: unknown, _s: number, _b: number, ms: number) => times.push(ms));
  const r = await inst;
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), n: times.length, non2xx: r.non2xx };
}

async function seed(pool: pg.Pool, m: number): Promise<void> {
  const {
    rows: [{ tipo }],
  } = await pool.query<{ tipo: number }>(
    `insert into tipos_bens (municipality_id, name, useful_life_months, residual_value_pct, depreciable)
     values ($1, 'Bench depreciação ' || now()::text, 120, 10, true) returning id as tipo`,
    [m],
  );
  const {
    rows: [have],
  } = await pool.query<{ n: number }>(`select count(*)::int n from patrimonios where numero_patrimonio like 'DEP%'`);
  if (have.n >= BENS) return;
  await pool.query(
    `with s as (select array_agg(id order by id) ids, array_agg(name order by id) names from sectors where municipality_id = $1),
          src as (select g, (1 + g % array_length(s.ids, 1))::int k, s.* from generate_series($2::int, $3::int) g, s)
     insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, tipo_id, tipo_nome, sector_id, setor_nome,
       valor_aquisicao, data_aquisicao, vida_util_meses, residual_pct, status)
     select $1, 'DEP' || lpad(g::text, 7, '0'), 'Bem depreciável ' || g, $4, 'Bench', src.ids[k], src.names[k],
       100 + ((g * 7919) % 5000000) / 100.0, date '2015-01-01' + (g % 3900),
       case when g % 5 = 0 then (array[60, 84, 180])[1 + g % 3] end, case when g % 7 = 0 then 20 end, 'ativo'
     from src`,
    [m, have.n + 1, BENS, tipo],
  );
  await pool.query('vacuum analyze patrimonios');
}

/** Requests a close and waits for its job; the elapsed seconds. */
async function fechar(url: string, token: string, competencia: string): Promise<number> {
  const t = performance.now();
  const call = async (method: string, path: string, body?: unknown) =>
    (
      await fetch(`${url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      })
    ).json();
  const r = await call('POST', '/depreciacao/fechamentos', { competencia });
  if (!r.job) throw new Error(`close refused: ${JSON.stringify(r)}`);
  for (;;) {
    const j = (await call('GET', `/jobs/${r.job.id}`)).job;
    if (j?.status === 'failed') throw new Error(`close failed: ${j.error}`);
    if (j?.status === 'completed') break;
    await new Promise((res) => setTimeout(res, 20));
  }
  return (performance.now() - t) / 1000;
}

/** GET with the admin's token: status, body bytes, seconds and the parsed body (JSON) or text. */
async function get(url: string, token: string) {
  const t = performance.now();
  const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await r.text();
  const s = (performance.now() - t) / 1000;
  if (!r.ok) throw new Error(`${url}: ${r.status} ${text.slice(0, 300)}`);
  return { s, bytes: text.length, text, headers: r.headers };
}

/**
 * Issue 36 at this scale: the monthly statement (RMB) of each of the 12 closed months, and the pull of the last
 * month's entries (JSON by cursor pages of 1,000 entries, and CSV), beside the ledger's size. Targets: the 12
 * statements ≤ 3 s, a month's pull ≤ 2 s.
 */
async function livroBench(
  url: string,
  token: string,
  pool: pg.Pool,
  m: number,
  comp: (i: number) => string,
  idx: number,
) {
  const {
    rows: [livro],
  } = await pool.query<{ l: number; p: number }>(
    `select (select count(*)::int from lancamentos where municipality_id = $1) l,
            (select count(*)::int from partidas where municipality_id = $1) p`,
    [m],
  );
  const rmb: number[] = [];
  for (let i = idx - MESES; i < idx; i++)
    rmb.push((await get(`${url}/api/contabilidade/rmb?competencia=${comp(i)}`, token)).s);
  const ultimo = comp(idx - 1);
  const [y, mm] = ultimo.split('-').map(Number);
  const de = `${ultimo}-01`;
  const ate = `${ultimo}-${String(new Date(Date.UTC(y, mm, 0)).getUTCDate()).padStart(2, '0')}`;
  let cursor: string | null = null;
  let paginas = 0;
  let entradas = 0;
  let linhas = 0;
  let bytes = 0;
  const tPull = performance.now();
  do {
    const q = `${url}/api/contabilidade/lancamentos?de=${de}&ate=${ate}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const r = await get(q, token);
    const body = JSON.parse(r.text) as { lancamentos: Array<{ partidas: unknown[] }>; cursor: string | null };
    paginas++;
    bytes += r.bytes;
    entradas += body.lancamentos.length;
    linhas += body.lancamentos.reduce((a, l) => a + l.partidas.length, 0);
    cursor = body.lancamentos.length ? body.cursor : null;
  } while (cursor);
  const pull = (performance.now() - tPull) / 1000;
  const csv = await get(`${url}/api/contabilidade/lancamentos?de=${de}&ate=${ate}&formato=csv&limit=1000`, token);
  console.log(
    `\nLivro contábil (issue 36): ${livro.l.toLocaleString('pt-BR')} lançamentos, ${livro.p.toLocaleString('pt-BR')} partidas após ${MESES} fechamentos.\n`,
  );
  console.log('| leitura | segundos | meta |');
  console.log('|---|---:|---:|');
  console.log(
    `| RMB de ${MESES} meses (${comp(idx - MESES)} a ${ultimo}, um pedido por mês, em sequência) | ${rmb.reduce((a, b) => a + b, 0).toFixed(2)} (máx. ${Math.max(...rmb).toFixed(2)} por mês) | ≤ 3 |`,
  );
  console.log(
    `| pull JSON de ${ultimo}: ${entradas} lançamentos, ${linhas.toLocaleString('pt-BR')} partidas, ${paginas} página(s), ${(bytes / 2 ** 20).toFixed(1)} MiB | ${pull.toFixed(2)} | ≤ 2 |`,
  );
  console.log(`| o mesmo em CSV (1ª página), ${(csv.bytes / 2 ** 20).toFixed(1)} MiB | ${csv.s.toFixed(2)} | ≤ 2 |`);
}

/** The floor: the same closed-form arithmetic (recalculo, month after entry) in one bare INSERT … SELECT. */
const FLOOR = `
  insert into bench_floor
  select id, quota, custo - vc_antes + quota, vc_antes - quota from (
    select id, custo, res, vc_antes, case when wm = 1 and vc_antes > res
      then least(vc_antes - res, (vc_antes - res + rem - 1) / rem) else 0 end as quota
    from (
      select p.id, c.custo, c.res, c.v, c.custo - (k * (dv / c.v) + least(k, dv % c.v)) as vc_antes,
        case when $2 >= c.e + 1 and $2 < c.e + 1 + c.v then 1 else 0 end as wm,
        greatest(0, least(c.v, c.e + 1 + c.v - $2)) as rem
      from patrimonios p
      cross join lateral (select (p.valor_aquisicao * 100)::bigint as custo,
        coalesce(p.vida_util_meses, 120)::bigint as v,
        (2 * (p.valor_aquisicao * 100)::bigint * round(coalesce(p.residual_pct, 10) * 100)::bigint + 10000) / 20000 as res,
        (extract(year from p.data_aquisicao) * 12 + extract(month from p.data_aquisicao) - 1)::bigint as e) c
      cross join lateral (select greatest(c.custo - c.res, 0) as dv, greatest(0, least(c.v, $2 - c.e - 1)) as k) d
      where p.municipality_id = $1 and p.numero_patrimonio like 'DEP%'
    ) x
  ) y`;

export async function depreciacaoBench(): Promise<void> {
  console.log('\n## Bench: fechamento mensal de depreciação e resumo (issue 14)\n');
  const opened = await openPgBench();
  if (!opened) return;
  const { server, databaseUrl, reused } = opened;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  try {
    const {
      rows: [{ m }],
    } = await pool.query<{ m: number }>(`select municipality_id m from users where email = 'admin@exemplo.gov.br'`);
    const t0 = performance.now();
    await seed(pool, m);
    await pool.query('delete from depreciacao_lancamentos where municipality_id = $1', [m]);
    await pool.query('delete from depreciacao_closings where municipality_id = $1', [m]);
    const {
      rows: [size],
    } = await pool.query(
      `select count(*)::int n from patrimonios p left join tipos_bens t on t.id = p.tipo_id
       where p.municipality_id = $1 and p.status <> 'baixado' and coalesce(p.vida_util_meses, t.useful_life_months) > 0`,
      [m],
    );
    console.log(
      `Dados: ${size.n.toLocaleString('pt-BR')} bens depreciáveis no município do admin; carga em ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
    );
    const admin = await loginToken(server.url, 'admin@exemplo.gov.br');
    const hoje = new Date();
    const idx = hoje.getUTCFullYear() * 12 + hoje.getUTCMonth();
    const comp = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    // Twelve months closed (the ledger's year, issue 36); the first three are printed as before.
    const fechamentos: number[] = [];
    for (let i = idx - MESES; i < idx; i++) fechamentos.push(await fechar(server.url, admin, comp(i)));
    const [primeiro, segundo, terceiro] = fechamentos;
    await pool.query('drop table if exists bench_floor');
    await pool.query('create unlogged table bench_floor (id int, quota bigint, acumulada bigint, contabil bigint)');
    const tf = performance.now();
    await pool.query(FLOOR, [m, idx - 1]);
    const piso = (performance.now() - tf) / 1000;
    await pool.query('drop table bench_floor');
    const {
      rows: [n],
    } = await pool.query<{ n: number }>(
      `select count(*)::int n from depreciacao_lancamentos where municipality_id = $1 and competencia = $2`,
      [m, comp(idx - 1)],
    );
    console.log(
      `\nFechamento mensal (pedido → tarefa concluída), ${n.n.toLocaleString('pt-BR')} lançamentos por mês. Meta ≤ 10 s.\n`,
    );
    console.log('| fechamento | segundos |');
    console.log('|---|---:|');
    console.log(
      `| 1º mês (${comp(idx - MESES)}, estado calculado do bem, forma fechada; abre o livro contábil) | ${primeiro.toFixed(2)} |`,
    );
    console.log(
      `| 2º mês (${comp(idx - MESES + 1)}, a partir dos lançamentos do mês anterior) | ${segundo.toFixed(2)} |`,
    );
    console.log(`| 3º mês (${comp(idx - MESES + 2)}) | ${terceiro.toFixed(2)} |`);
    const demais = fechamentos.slice(3);
    console.log(
      `| demais ${demais.length} meses (média · máximo) | ${(demais.reduce((a, b) => a + b, 0) / demais.length).toFixed(2)} · ${Math.max(...demais).toFixed(2)} |`,
    );
    console.log(`| piso: um INSERT … SELECT puro com a mesma aritmética | ${piso.toFixed(2)} |`);
    await livroBench(server.url, admin, pool, m, comp, idx);
    await load(`${server.url}/api/depreciacao/resumo`, admin); // warm-up
    // A signed-in read of one small table: the fixed cost of any municipal request (session, transaction, RLS).
    const plain = await load(`${server.url}/api/sectors`, admin);
    const os = await import('node:os');
    console.log(
      `\nReferência: GET /api/sectors p50 ${f1(plain.p50)} ms, p95 ${f1(plain.p95)} ms; load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} (máquina compartilhada: números tomados sob carga).`,
    );
    console.log(
      `\nGET /api/depreciacao/resumo com ${CONNECTIONS} conexões, ${DURATION} s por cenário. Meta p95 ≤ 150 ms.\n`,
    );
    console.log('| cenário | req | p50 ms | p95 ms | não-2xx |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [label, qs] of [
      ['último mês fechado (padrão)', ''],
      ['posição projetada (mês seguinte ao fechado)', `?data=${comp(idx)}-28`],
    ] as const) {
      const r = await load(`${server.url}/api/depreciacao/resumo${qs}`, admin);
      console.log(`| ${label} | ${r.n} | ${f1(r.p50)} | ${f1(r.p95)} | ${r.non2xx} |`);
    }
  } finally {
    await pool.end();
    await finishBench(server, databaseUrl, reused);
  }
}
