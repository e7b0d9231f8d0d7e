/**
 * The analyses (issue 14): `GET /api/analises/{setor,tipo,temporal}` on 100,000 assets of one municipality
 * (12 closed depreciation months, write-offs with their history line, finalised inventories with items not
 * found), 20 connections, p50/p95 beside the same statements run bare on PostgreSQL (the floor). Prints
 * figures, never pass/fail (target p95 ≤ 150 ms).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- analises
 * BENCH_ANALISES shrinks the data (e.g. 10000); BENCH_SECONDS per scenario; BENCH_DB / BENCH_KEEP as elsewhere.
 */
import os from 'node:os';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { analiseGrupoQuery, analiseTemporalQuery } from '@tombo/shared';
import { grupoSql, periodoDe, temporalSql } from '../../server/src/modules/analises';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';
import { runLoad } from './lib';
import { finishBench, loginToken, openPgBench } from './server-process';

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ASSETS = Number(process.env.BENCH_ANALISES ?? 100_000);
const MONTHS = 12;

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

/** The statements a request runs, one after the other (as the API does), 20 requests at a time. */
async function bare(pool: pg.Pool, statements: Array<{ sql: string; params: unknown[] }>): Promise<Fig> {
  const times: number[] = [];
  const end = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        for (const s of statements) await pool.query(s.sql, s.params);
        times.push(performance.now() - t);
      }
    }),
  );
  return figs(times);
}

/** 100,000 assets over ~10 years, 12 closed months, write-offs dated by history, 6 finalised inventories. */
async function seed(pool: pg.Pool, m: number): Promise<void> {
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  const {
    rows: [have],
  } = await q(`select count(*)::int n from patrimonios where municipality_id = $1 and numero_patrimonio like 'ANL%'`, [
    m,
  ]);
  if (have.n >= ASSETS) return;
  await q(
    `with s as (select array_agg(id order by id) ids, array_agg(name order by id) names from sectors where municipality_id = $1),
          t as (select array_agg(id order by id) ids, array_agg(name order by id) names from tipos_bens where municipality_id = $1),
          src as (select g, 1 + g % array_length(s.ids, 1) k, 1 + (g / 7) % array_length(t.ids, 1) kt,
                         s.ids sids, s.names snames, t.ids tids, t.names tnames
                    from generate_series($2::int, $3::int) g, s, t)
     insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, tipo_id, tipo_nome, sector_id, setor_nome,
                              valor_aquisicao, quantidade, data_aquisicao, status)
     select $1, 'ANL' || lpad(g::text, 7, '0'), 'Bem de análise ' || g, tids[kt], tnames[kt], sids[k], snames[k],
            ((g * 37) % 500000) / 100.0 + 10, case when g % 10 = 0 then 3 else 1 end, date '2016-01-01' + (g % 3900),
            case when g % 20 = 0 then 'baixado' when g % 50 = 1 then 'extraviado' when g % 3 = 0 then 'em_uso' else 'ativo' end
       from src`,
    [m, have.n + 1, ASSETS],
  );
  await q(
    `insert into patrimonio_historico (patrimonio_id, municipality_id, at, action, details)
     select id, municipality_id, created_at, 'Cadastro', 'Bem cadastrado.' from patrimonios
      where municipality_id = $1 and numero_patrimonio like 'ANL%'
     union all
     select id, municipality_id, least(now(), data_aquisicao + 400 + id % 300), 'Baixa',
            'Bem baixado (status anterior: ''Ativo''). Bens com movimentações não são excluídos.'
       from patrimonios where municipality_id = $1 and numero_patrimonio like 'ANL%' and status = 'baixado'`,
    [m],
  );
  await q(
    `insert into depreciacao_closings (municipality_id, competencia, status, concluded_at)
     select $1, to_char(date_trunc('month', now()) - make_interval(months => g), 'YYYY-MM'), 'concluido', now()
       from generate_series(1, ${MONTHS}) g on conflict do nothing`,
    [m],
  );
  await q(
    `insert into depreciacao_lancamentos (municipality_id, patrimonio_id, competencia, valor_bruto, quota, acumulada,
                                          valor_residual, valor_contabil)
     select p.municipality_id, p.id, to_char(date_trunc('month', now()) - make_interval(months => g), 'YYYY-MM'),
            p.valor_aquisicao, round(p.valor_aquisicao / 120, 2), round(p.valor_aquisicao / 120, 2) * (${MONTHS + 1} - g),
            round(p.valor_aquisicao / 10, 2), p.valor_aquisicao - round(p.valor_aquisicao / 120, 2) * (${MONTHS + 1} - g)
       from generate_series(${MONTHS}, 1, -1) g cross join patrimonios p
      where p.municipality_id = $1 and p.numero_patrimonio like 'ANL%' and p.status <> 'baixado' and p.id % 13 <> 0
      order by g desc, p.id -- month after month, as the monthly close writes them
     on conflict do nothing`,
    [m],
  );
  await q(
    `with s as (select array_agg(id order by id) ids, array_agg(name order by id) names from sectors where municipality_id = $1)
     insert into inventarios (municipality_id, title, kind, sector_id, sector_name, scope, start_date, status, finalized_at)
     select $1, 'Inventário bench ' || g, 'anual', s.ids[1 + g % array_length(s.ids, 1)], s.names[1 + g % array_length(s.ids, 1)],
            'sector', (now() - make_interval(days => 50 * g))::date, 'completed', now() - make_interval(days => 50 * g)
       from generate_series(1, 6) g, s`,
    [m],
  );
  await q(
    `insert into inventario_items (municipality_id, inventario_id, patrimonio_id, numero_patrimonio, descricao_bem, valor_aquisicao, status)
     select i.municipality_id, i.id, p.id, p.numero_patrimonio, p.descricao_bem, p.valor_aquisicao,
            case when p.id % 20 = 7 then 'not_found' else 'found' end
       from inventarios i join patrimonios p on p.municipality_id = i.municipality_id and p.sector_id = i.sector_id
      where i.municipality_id = $1 and i.title like 'Inventário bench %' and p.numero_patrimonio like 'ANL%'`,
    [m],
  );
  for (const t of ['patrimonios', 'patrimonio_historico', 'depreciacao_lancamentos', 'inventarios', 'inventario_items'])
    await q(`vacuum analyze ${t}`);
}

export async function analisesBench(): Promise<void> {
  console.log('\n## Bench: análises por setor, por tipo e temporal (issue 14)\n');
  const opened = await openPgBench();
  if (!opened) return;
  const { server, databaseUrl, reused } = opened;
  // As the API's read transaction does (queries.ts): no JIT for these aggregates.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS, options: '-c jit=off' });
  const dialect = new PgDialect();
  const compile = (s: SQL) => {
    const c = dialect.sqlToQuery(s);
    return { sql: c.sql, params: c.params };
  };
  try {
    const {
      rows: [{ m }],
    } = await pool.query<{ m: number }>(`select municipality_id m from users where email = 'admin@exemplo.gov.br'`);
    const t = performance.now();
    await seed(pool, m);
    const count = async (sql: string) => (await pool.query<{ n: number }>(sql, [m])).rows[0].n;
    const n = await count(`select count(*)::int n from patrimonios where municipality_id = $1`);
    const lanc = await count(`select count(*)::int n from depreciacao_lancamentos where municipality_id = $1`);
    const itens = await count(`select count(*)::int n from inventario_items where municipality_id = $1`);
    console.log(
      `Dados: ${n.toLocaleString('pt-BR')} bens no município do admin, ${lanc.toLocaleString('pt-BR')} lançamentos de depreciação (${MONTHS} meses fechados), ${itens.toLocaleString('pt-BR')} itens de inventário; carga em ${((performance.now() - t) / 1000).toFixed(1)} s.`,
    );
    const {
      rows: [{ c: competencia }],
    } = await pool.query<{ c: string }>(
      `select max(competencia) c from depreciacao_closings where municipality_id = $1 and status = 'concluido'`,
      [m],
    );
    const { rows: usuarioSectors } = await pool.query<{ sector_id: number }>(
      `select us.sector_id from user_sectors us join users u on u.id = us.user_id where u.email = 'usuario@exemplo.gov.br'`,
    );
    const admin = await loginToken(server.url, 'admin@exemplo.gov.br');
    const usuario = await loginToken(server.url, 'usuario@exemplo.gov.br');
    const all = scopeOfMunicipality(m);
    const mine = scopeOfMunicipality(
      m,
      usuarioSectors.map((r) => r.sector_id),
    );
    const head = {
      sql: `select max(competencia) c from depreciacao_closings where municipality_id = $1 and status = 'concluido'`,
      params: [m],
    };
    const grupo = (por: 'setor' | 'tipo', qs: string, scope = all) => [
      head,
      compile(grupoSql(scope, por, analiseGrupoQuery.parse(Object.fromEntries(new URLSearchParams(qs))), competencia)),
    ];
    const temporal = (qs: string) => {
      const q = analiseTemporalQuery.parse(Object.fromEntries(new URLSearchParams(qs)));
      const s = temporalSql(all, q, periodoDe(q));
      return [compile(s.aquisicoes), compile(s.baixas), compile(s.perdas)];
    };
    const scenarios = [
      { label: 'por setor, sem filtro', path: 'setor', qs: '', token: admin, sql: grupo('setor', '') },
      { label: 'por tipo, sem filtro', path: 'tipo', qs: '', token: admin, sql: grupo('tipo', '') },
      {
        label: 'por setor, status ativo/em uso + período de aquisição',
        path: 'setor',
        qs: 'status=ativo,em_uso&dataDe=2020-01-01&dataAte=2024-12-31',
        token: admin,
        sql: grupo('setor', 'status=ativo,em_uso&dataDe=2020-01-01&dataAte=2024-12-31'),
      },
      { label: 'por tipo, usuário (seus setores)', path: 'tipo', qs: '', token: usuario, sql: grupo('tipo', '', mine) },
      { label: 'temporal por mês (12 meses)', path: 'temporal', qs: '', token: admin, sql: temporal('') },
      {
        label: 'temporal por ano (10 anos)',
        path: 'temporal',
        qs: 'granularidade=ano',
        token: admin,
        sql: temporal('granularidade=ano'),
      },
    ];
    await api(`${server.url}/api/analises/setor`, admin); // warm-up
    const plain = await api(`${server.url}/api/sectors`, admin);
    console.log(
      `\nReferência: GET /api/sectors p50 ${f1(plain.p50)} ms, p95 ${f1(plain.p95)} ms; load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} (máquina compartilhada: números tomados sob carga).`,
    );
    console.log(
      `\nAPI com ${CONNECTIONS} conexões simultâneas, ${DURATION} s por cenário; "piso" = as mesmas consultas (geradas pelo mesmo código) direto no PostgreSQL, ${CONNECTIONS} em paralelo. Meta: p95 ≤ 150 ms.\n`,
    );
    console.log('| cenário | req | p50 ms | p95 ms | não-2xx | piso p50 | piso p95 | p95 / piso |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const sc of scenarios) {
      const a = await api(`${server.url}/api/analises/${sc.path}${sc.qs ? `?${sc.qs}` : ''}`, sc.token);
      const b = await bare(pool, sc.sql);
      console.log(
        `| ${sc.label} | ${a.n} | ${f1(a.p50)} | ${f1(a.p95)} | ${a.non2xx} | ${f1(b.p50)} | ${f1(b.p95)} | ${(a.p95 / Math.max(b.p95, 0.1)).toFixed(1)}× |`,
      );
    }
    // One request at a time: the cost of one analysis without queueing behind the others.
    console.log('\nUma requisição por vez (sem fila):\n');
    console.log('| cenário | p50 ms | p95 ms | piso p50 | piso p95 |');
    console.log('|---|---:|---:|---:|---:|');
    for (const sc of scenarios) {
      const times: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < 30; i++) {
        let t0 = performance.now();
        const r = await fetch(`${server.url}/api/analises/${sc.path}${sc.qs ? `?${sc.qs}` : ''}`, {
          headers: { authorization: `Bearer ${sc.token}` },
        });
        await r.arrayBuffer();
        times.push(performance.now() - t0);
        t0 = performance.now();
        for (const s of sc.sql) await pool.query(s.sql, s.params);
        floor.push(performance.now() - t0);
      }
      const [x, y] = [figs(times), figs(floor)];
      console.log(`| ${sc.label} | ${f1(x.p50)} | ${f1(x.p95)} | ${f1(y.p50)} | ${f1(y.p95)} |`);
    }
  } finally {
    await pool.end();
    await finishBench(server, databaseUrl, reused);
  }
}
