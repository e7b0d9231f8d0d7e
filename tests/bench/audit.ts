/**
 * Activity log at a city's scale (issue 9). Prints figures, never pass/fail.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/audit.ts
 * Fills 1,000,000 audit entries (BENCH_AUDIT_ROWS) over two years in the demo municipality of a fresh
 * database (one INSERT … SELECT generate_series, secondary indexes rebuilt after), starts the real server
 * in its own process and measures GET /api/audit-logs?pageSize=50 under 20 connections with the filters
 * of the screen (user, entity, action, period and their combinations), paging by cursor and by number,
 * and the 'Atividade Recente' of a usuario. BENCH_DB=<url>: reuse a database (filled only if it lacks the
 * rows, never dropped). BENCH_KEEP=1: keep the fresh database.
 */
import pg from 'pg';
import { AUDIT_COUNT_CAP } from '@tombo/shared';
import { load } from './lib';
import { finishBench, loginToken, openPgBench } from './server-process';

const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
/** Seconds between consecutive entries: ROWS of them span about two years. */
const STEP = Math.max(1, Math.floor((2 * 365 * 86_400) / ROWS));
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const n0 = (n: number) => n.toLocaleString('pt-BR');

interface World {
  m: number;
  users: number[];
  sectors: number[];
  assets: Array<{ id: number; numero: string; sectorId: number }>;
}

async function world(pool: pg.Pool): Promise<World> {
  const {
    rows: [{ id: m }],
  } = await pool.query<{ id: number }>(`select municipality_id id from users where email = 'admin@exemplo.gov.br'`);
  const users = (
    await pool.query<{ id: number }>(`select id from users where municipality_id = $1 order by id`, [m])
  ).rows.map((r) => r.id);
  const sectors = (
    await pool.query<{ id: number }>(`select id from sectors where municipality_id = $1 order by id`, [m])
  ).rows.map((r) => r.id);
  const assets = (
    await pool.query<{ id: number; numero: string; sectorId: number }>(
      `select id, numero_patrimonio numero, sector_id "sectorId" from patrimonios where municipality_id = $1 order by id`,
      [m],
    )
  ).rows;
  return { m, users, sectors, assets };
}

/** The entries: half by the first user, 30 % by the second, 19 % by the third, 1 % by the fourth; a mix of actions. */
async function fill(pool: pg.Pool, w: World): Promise<number> {
  const {
    rows: [have],
  } = await pool.query<{ n: number }>('select count(*)::int n from audit_logs where municipality_id = $1', [w.m]);
  if (have.n >= ROWS) return 0;
  const idx = (
    await pool.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'audit_logs' and indexname <> 'audit_logs_pkey'`,
    )
  ).rows;
  for (const i of idx) await pool.query(`drop index ${i.indexname}`);
  const t = performance.now();
  const client = await pool.connect();
  try {
    await client.query('set session_replication_role = replica'); // FK triggers off for the load
    await client.query(
      `
      with u as (select $2::int[] ids), a as (select $3::int[] ids, $4::text[] nums, $5::int[] secs)
      insert into audit_logs (municipality_id, user_id, user_name, action, entity_type, entity_id, entity_label,
                              sector_id, details, created_at)
      select $1,
        u.ids[1 + case when g % 100 < 50 then 0 when g % 100 < 80 then 1 when g % 100 < 99 then 2 else 3 end
                   % array_length(u.ids, 1)],
        'Pessoa ' || (g % 100 < 50)::int,
        k.action, k.entity,
        case when k.entity = 'Patrimonio' then a.ids[1 + g % array_length(a.ids, 1)]::text else (1 + g % 50)::text end,
        case when k.entity = 'Patrimonio' and g % 10 <> 0 then a.nums[1 + g % array_length(a.ids, 1)] end,
        case when k.entity = 'Patrimonio' then a.secs[1 + g % array_length(a.ids, 1)] end,
        case k.action
          when 'PATRIMONIO_UPDATE' then '{"old_value":{"numero_patrimonio":"' || a.nums[1 + g % array_length(a.ids, 1)]
            || '","valor_aquisicao":"' || (g % 5000) || '.00","data_aquisicao":null},"new_value":{"valor_aquisicao":"'
            || (g % 7000) || '.50","data_aquisicao":"2024-03-15"}}'
          when 'PATRIMONIO_MOVE' then '{"old_value":{"setor":"Administração","local":null},"new_value":{"setor":"Educação","local":"Sala 1"}}'
          when 'LOCAL_UPDATE' then '{"old_value":{"name":"Sala","sectorId":' || $6::int || '},"new_value":{"name":"Sala","sectorId":' || $7::int || '}}'
          when 'LOGIN' then 'Acesso ao sistema.'
          else '{"new_value":{"name":"Registro ' || g || '"}}'
        end,
        now() - make_interval(secs => ($8::bigint - g) * $9)
      from generate_series(1, $8::int) g, u, a,
      lateral (select (array['PATRIMONIO_UPDATE','PATRIMONIO_UPDATE','PATRIMONIO_UPDATE','PATRIMONIO_UPDATE',
                             'PATRIMONIO_CREATE','PATRIMONIO_MOVE','PATRIMONIO_FILE_ADD','LOGIN','LOGIN','LOGIN',
                             'LOGIN','LOCAL_UPDATE','SECTOR_UPDATE','TIPO_BEM_UPDATE','USER_UPDATE',
                             'PATRIMONIO_WRITE_OFF','EXPORT_REQUEST','PATRIMONIO_UPDATE','LOGIN','PATRIMONIO_CREATE'])
                               [1 + g % 20] as action) x0,
      lateral (select case when g % 500 = 7 then 'PATRIMONIO_DELETE' else x0.action end as action) x,
      lateral (select x.action, case
          when x.action like 'PATRIMONIO_%' or x.action = 'EXPORT_REQUEST' then 'Patrimonio'
          when x.action like 'LOGIN' or x.action like 'USER_%' then 'User'
          when x.action like 'LOCAL_%' then 'Local' when x.action like 'SECTOR_%' then 'Sector'
          else 'TipoBem' end as entity) k`,
      [
        w.m,
        w.users,
        w.assets.map((x) => x.id),
        w.assets.map((x) => x.numero),
        w.assets.map((x) => x.sectorId),
        w.sectors[0],
        w.sectors[1],
        ROWS - have.n,
        STEP,
      ],
    );
    await client.query('set session_replication_role = origin');
  } finally {
    client.release();
  }
  for (const i of idx) await pool.query(i.indexdef);
  await pool.query('vacuum analyze audit_logs');
  return (performance.now() - t) / 1000;
}

/** Brasília calendar day `days` ago ('yyyy-MM-dd'). */
const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);

export async function auditBench(): Promise<void> {
  console.log('\n## Bench: registros de atividade (issue 9)\n');
  const opened = await openPgBench();
  if (!opened) return;
  const { server, databaseUrl, reused } = opened;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const w = await world(pool);
    const seconds = await fill(pool, w);
    const {
      rows: [size],
    } = await pool.query(
      `select (select count(*)::int from audit_logs where municipality_id = $1) n,
              pg_size_pretty(pg_relation_size('audit_logs')) heap,
              pg_size_pretty(pg_indexes_size('audit_logs')) idx,
              pg_size_pretty(pg_total_relation_size('audit_logs')) total`,
      [w.m],
    );
    console.log(
      `Dados: ${n0(size.n)} registros de atividade no município (um a cada ${STEP} s, ~2 anos); tabela ${size.heap}, índices ${size.idx}, total ${size.total}${seconds ? `; carga e índices em ${seconds.toFixed(0)} s` : ' (já carregados)'}.`,
    );
    const token = await loginToken(server.url, 'admin@exemplo.gov.br');
    const usuarioToken = await loginToken(server.url, 'usuario@exemplo.gov.br');
    const [heavy, , , light] = w.users;
    const count = async (where: string, values: unknown[]) =>
      (
        await pool.query<{ n: number }>(
          `select count(*)::int n from audit_logs where municipality_id = $1 and ${where}`,
          [w.m, ...values],
        )
      ).rows[0].n;
    const mid = (
      await pool.query<{ id: string }>(
        `select id from audit_logs where municipality_id = $1 order by created_at desc, id desc offset $2 limit 1`,
        [w.m, Math.floor(size.n / 2)],
      )
    ).rows[0].id;
    const monthFrom = dayAgo(400);
    const monthTo = dayAgo(370);
    const scenarios: Array<{ label: string; query: string; rows: number; token?: string }> = [
      { label: 'sem filtro, 1ª página', query: '', rows: size.n },
      { label: 'usuário frequente (50 %)', query: `userId=${heavy}`, rows: await count('user_id = $2', [heavy]) },
      { label: 'usuário raro (1 %)', query: `userId=${light}`, rows: await count('user_id = $2', [light]) },
      { label: 'entidade Bem', query: 'entityType=Patrimonio', rows: await count(`entity_type = 'Patrimonio'`, []) },
      {
        label: 'ação rara (exclusão de bem)',
        query: 'action=PATRIMONIO_DELETE',
        rows: await count(`action = 'PATRIMONIO_DELETE'`, []),
      },
      {
        label: `período de um mês há um ano (${monthFrom} a ${monthTo})`,
        query: `from=${monthFrom}&to=${monthTo}`,
        rows: await count(
          `created_at >= ($2::date::timestamp at time zone 'America/Sao_Paulo') and created_at < (($3::date + 1)::timestamp at time zone 'America/Sao_Paulo')`,
          [monthFrom, monthTo],
        ),
      },
      {
        label: 'usuário raro + período',
        query: `userId=${light}&from=${monthFrom}&to=${monthTo}`,
        rows: await count(
          `user_id = $2 and created_at >= ($3::date::timestamp at time zone 'America/Sao_Paulo') and created_at < (($4::date + 1)::timestamp at time zone 'America/Sao_Paulo')`,
          [light, monthFrom, monthTo],
        ),
      },
      {
        label: 'entidade + ação + período',
        query: `entityType=Patrimonio&action=PATRIMONIO_MOVE&from=${monthFrom}&to=${monthTo}`,
        rows: await count(
          `action = 'PATRIMONIO_MOVE' and created_at >= ($2::date::timestamp at time zone 'America/Sao_Paulo') and created_at < (($3::date + 1)::timestamp at time zone 'America/Sao_Paulo')`,
          [monthFrom, monthTo],
        ),
      },
      {
        label: 'usuário + entidade + ação + período (os quatro)',
        query: `userId=${heavy}&entityType=Patrimonio&action=PATRIMONIO_UPDATE&from=${monthFrom}&to=${monthTo}`,
        rows: await count(
          `user_id = $2 and action = 'PATRIMONIO_UPDATE' and created_at >= ($3::date::timestamp at time zone 'America/Sao_Paulo') and created_at < (($4::date + 1)::timestamp at time zone 'America/Sao_Paulo')`,
          [heavy, monthFrom, monthTo],
        ),
      },
      {
        label: 'usuário frequente + ação rara',
        query: `userId=${heavy}&action=PATRIMONIO_DELETE`,
        rows: await count(`user_id = $2 and action = 'PATRIMONIO_DELETE'`, [heavy]),
      },
      { label: 'sem filtro, página do meio por cursor (before)', query: `before=${mid}`, rows: size.n },
      { label: 'sem filtro, página 20 por número (offset 950, a mais funda)', query: 'page=20', rows: size.n },
    ];
    await load('aquecimento', {
      url: `${server.url}/api/audit-logs?pageSize=50`,
      headers: { authorization: `Bearer ${token}` },
      connections: CONNECTIONS,
      duration: 3,
    });
    console.log(
      `\nGET /api/audit-logs?pageSize=50&… com 1 conexão (a espera de quem abre a tela) e com ${CONNECTIONS} simultâneas (a vazão do nó), ${DURATION} s por cenário, após 3 s de aquecimento. Cada resposta traz a página apresentada (nomes, alterações formatadas) e o total (exato até ${n0(AUDIT_COUNT_CAP)}, estimado acima). Meta: p95 ≤ 50 ms.\n`,
    );
    console.log(
      `| cenário | linhas no filtro | total respondido | 1 conexão p50 ms | 1 conexão p95 ms | ${CONNECTIONS} conexões req/s | p50 ms | p95 ms | p99 ms | não-2xx |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const run = async (label: string, path: string, rows: number, tk = token) => {
      const answer = (await (
        await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${tk}` } })
      ).json()) as { total?: number; totalIsEstimate?: boolean; logs: unknown[] };
      const alone = await load(label, {
        url: `${server.url}${path}`,
        headers: { authorization: `Bearer ${tk}` },
        connections: 1,
        duration: DURATION,
      });
      const fig = await load(label, {
        url: `${server.url}${path}`,
        headers: { authorization: `Bearer ${tk}` },
        connections: CONNECTIONS,
        duration: DURATION,
      });
      const total =
        answer.logs == null
          ? `erro: ${JSON.stringify(answer)}`
          : answer.total == null
            ? `${answer.logs.length} itens`
            : `${answer.totalIsEstimate ? '~' : ''}${n0(answer.total)}`;
      console.log(
        `| ${label} | ${n0(rows)} | ${total} | ${f1(alone.p50)} | ${f1(alone.p95)} | ${fig.rps.toFixed(0)} | ${f1(fig.p50)} | ${f1(fig.p95)} | ${f1(fig.p99)} | ${fig.non2xx + alone.non2xx} |`,
      );
    };
    for (const sc of scenarios)
      await run(sc.label, `/api/audit-logs?pageSize=50${sc.query ? `&${sc.query}` : ''}`, sc.rows);
    const own = await count(`sector_id = any($2)`, [
      (
        await pool.query<{ id: number }>(
          `select us.sector_id id from user_sectors us join users u on u.id = us.user_id where u.email = 'usuario@exemplo.gov.br'`,
        )
      ).rows.map((r) => r.id),
    ]);
    await run(
      `'Atividade Recente' de um usuário (2 setores), 8 itens`,
      '/api/audit-logs/recentes?limit=8',
      own,
      usuarioToken,
    );
    await run(`'Atividade Recente' do administrador, 8 itens`, '/api/audit-logs/recentes?limit=8', size.n);
  } finally {
    await pool.end();
    await finishBench(server, databaseUrl, reused);
  }
}

await auditBench();
