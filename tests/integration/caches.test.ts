/**
 * The two server-side caches stay exact: the signed-in user (dropped on LISTEN/NOTIFY or by the
 * node's own change) and the list totals (keyed on the asset version read with each page).
 * Changes are also made with plain SQL, as another node or the worker would make them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newPatrimonio,
  newTipoBem,
  newTown,
  ownerQuery,
  type TestSectorWithLocais,
  type TestTown,
  type TestUser,
} from '../support/factories';

let s: TestServer;
/** Own municipality: the usuario in AD and TI; a few assets in their sectors and in others. */
let A: TestTown;
let sectors: Record<string, TestSectorWithLocais>;
const as = async (u: TestUser) => client(s.url, await u.token());
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => ownerQuery<T>(s, text, params);

beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  sectors = A.sectors;
  for (const code of ['AD', 'AD', 'TI', 'OB', 'SA'])
    await newPatrimonio(s, { municipalityId: A.id, sectorId: sectors[code].id, localId: sectors[code].locais[0].id });
});
afterAll(async () => {
  await s?.close();
});

/** Retries until `check` passes: a notification arrives shortly after the commit, not with it. */
async function eventually(check: () => Promise<void>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('signed-in user cache', () => {
  it('a permission removed with plain SQL (another node) is enforced after the notification', async () => {
    const viz = await as(A.users.visualizador);
    expect((await viz('GET', '/api/patrimonios')).status).toBe(200); // now cached
    await sql(
      `update role_permissions set permissions = array_remove(permissions, 'bens:read') where role = 'visualizador'`,
    );
    try {
      await eventually(async () => expect((await viz('GET', '/api/patrimonios')).status).toBe(403));
    } finally {
      await sql(
        `update role_permissions set permissions = array_append(permissions, 'bens:read') where role = 'visualizador'`,
      );
    }
    await eventually(async () => expect((await viz('GET', '/api/patrimonios')).status).toBe(200));
  });

  it("a user's sectors changed with plain SQL narrow what they see", async () => {
    const usuario = await as(A.users.usuario);
    const me = (await usuario('GET', '/api/auth/me')).body.user;
    expect(me.sectorIds.length).toBeGreaterThan(0);
    const before = await usuario('GET', '/api/patrimonios?pageSize=1');
    expect(before.status).toBe(200);
    const saved = await sql<{ sector_id: number }>('select sector_id from user_sectors where user_id = $1', [me.id]);
    await sql('delete from user_sectors where user_id = $1', [me.id]);
    try {
      await eventually(async () => expect((await usuario('GET', '/api/patrimonios?pageSize=1')).body.total).toBe(0));
    } finally {
      for (const r of saved)
        await sql('insert into user_sectors (user_id, sector_id) values ($1, $2)', [me.id, r.sector_id]);
    }
    await eventually(async () =>
      expect((await usuario('GET', '/api/patrimonios?pageSize=1')).body.total).toBe(before.body.total),
    );
  });

  it('a role change through the API applies to the very next request of that user', async () => {
    const admin = await as(A.users.admin);
    const supervisor = await as(A.users.supervisor);
    const me = (await supervisor('GET', '/api/auth/me')).body.user;
    expect((await supervisor('GET', '/api/tipos-bens')).status).toBe(200);
    const u = (await admin('GET', `/api/users/${me.id}`)).body;
    const changed = await admin('PUT', `/api/users/${me.id}`, { role: 'visualizador', version: u.version });
    expect(changed.status).toBe(200);
    try {
      // a role change also ends the user's sessions, so the old token is refused outright (was 403)
      expect((await supervisor('POST', '/api/tipos-bens', { name: 'Não deveria' })).status).toBe(401);
    } finally {
      const now = (await admin('GET', `/api/users/${me.id}`)).body;
      expect((await admin('PUT', `/api/users/${me.id}`, { role: 'supervisor', version: now.version })).status).toBe(
        200,
      );
    }
  });
});

describe('list totals', () => {
  const localOf = (code: string) => sectors[code].locais[0];

  it('are exact right after writes through the API and through plain SQL, on the first and a later page', async () => {
    const admin = await as(A.users.admin);
    const tipoId = (await newTipoBem(s, A.id)).id;
    const url = `/api/patrimonios?sectorId=${sectors.SA.id}&pageSize=2&sort=numero_patrimonio&order=asc`;
    const total = async (page = 1) => (await admin('GET', `${url}&page=${page}`)).body.total as number;
    const n0 = await total();
    expect(await total(2)).toBe(n0); // both pages now served from the same cached total

    const created = await admin('POST', '/api/patrimonios', {
      descricao_bem: 'Contagem exata',
      tipoId,
      sectorId: sectors.SA.id,
      localId: localOf('SA').id,
      valor_aquisicao: '10.00',
      quantidade: 1,
      estado_conservacao: 'bom',
    });
    expect(created.status).toBe(201);
    expect(await total()).toBe(n0 + 1);
    expect(await total(2)).toBe(n0 + 1);

    // As the worker or another node would: no request of this node saw it happen.
    const [m] = await sql<{ municipality_id: number }>('select municipality_id from sectors where id = $1', [
      sectors.SA.id,
    ]);
    await sql(
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, status, estado_conservacao, valor_aquisicao, quantidade)
      values ($1, 'SQL-000001', 'Inserido por SQL', $2, 'Saúde', 'ativo', 'bom', 1, 1)`,
      [m.municipality_id, sectors.SA.id],
    );
    expect(await total(2)).toBe(n0 + 2);
    expect(await total()).toBe(n0 + 2);
    await sql(`delete from patrimonios where numero_patrimonio = 'SQL-000001'`);
    expect(await total()).toBe(n0 + 1);
    expect(await total(2)).toBe(n0 + 1);
  });

  it('are per user scope: a usuario never gets the total of a wider scope', async () => {
    const admin = await as(A.users.admin);
    const usuario = await as(A.users.usuario);
    const all = (await admin('GET', '/api/patrimonios?pageSize=1')).body.total;
    const mine = (await usuario('GET', '/api/patrimonios?pageSize=1')).body.total;
    expect(mine).toBeLessThan(all);
    expect((await usuario('GET', '/api/patrimonios?pageSize=1&page=2')).body.total).toBe(mine);
  });

  it('first and deep pages (read directly, from the seek anchors) are exactly the OFFSET pages, for text, money, time and partly empty sorts in both orders', async () => {
    const admin = await as(A.users.admin);
    const [{ municipality_id: m }] = await sql<{ municipality_id: number }>(
      'select municipality_id from sectors where id = $1',
      [sectors.OB.id],
    );
    const obras = sectors.OB.locais;
    expect(obras.length).toBeGreaterThan(0);
    // 2,600 assets with repeated descriptions and values (ties broken by id), distinct microsecond
    // times, an acquisition date empty on every 7th and a location empty on every other one (so the
    // anchors fall among the values and among the empty ones, and pages straddle the boundary).
    await sql(
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, status, valor_aquisicao, quantidade, created_at,
        data_aquisicao, local_id, local_nome)
      select $1, 'SEEK' || lpad(g::text, 6, '0'), 'Item ' || (g % 37), $2, 'Obras', 'ativo', (g % 53) * 1.25, 1,
             timestamptz '2024-01-01' + g * interval '1.000001 second',
             case when g % 7 = 0 then null else date '2020-01-01' + (g % 400) end,
             case when g % 2 = 0 then null else ($3::int[])[1 + g % array_length($3::int[], 1)] end,
             case when g % 2 = 0 then null else ($4::text[])[1 + g % array_length($3::int[], 1)] end
      from generate_series(1, 2600) g`,
      [m, sectors.OB.id, obras.map((l) => l.id), obras.map((l) => l.name)],
    );
    try {
      const base = `/api/patrimonios?sectorId=${sectors.OB.id}&pageSize=25`;
      for (const [sort, column, order] of [
        ['descricao_bem', 'descricao_bem', 'asc'],
        ['valor_aquisicao', 'valor_aquisicao', 'desc'],
        ['createdAt', 'created_at', 'asc'],
        ['createdAt', 'created_at', 'desc'],
        ['data_aquisicao', 'data_aquisicao', 'asc'],
        ['data_aquisicao', 'data_aquisicao', 'desc'],
        ['local_objeto', 'local_nome', 'asc'],
        ['local_objeto', 'local_nome', 'desc'],
      ] as const) {
        const n = (await admin('GET', `${base}&sort=${sort}&order=${order}`)).body.total as number;
        expect(n).toBeGreaterThanOrEqual(2600);
        for (const page of [1, 2, 41, 42, 52, 53, 54, 61, 80, 90, 95, 100, 105, Math.ceil(n / 25)]) {
          const got = (await admin('GET', `${base}&sort=${sort}&order=${order}&page=${page}`)).body.patrimonios.map(
            (x: { id: number }) => x.id,
          );
          const want = (
            await sql<{ id: number }>(
              `select id from patrimonios where municipality_id = $1 and sector_id = $2
            order by ${column} ${order}, id ${order} limit 25 offset $3`,
              [m, sectors.OB.id, (page - 1) * 25],
            )
          ).map((r) => r.id);
          expect(got, `${sort} ${order} page ${page}`).toEqual(want);
        }
      }
      // An edit moves a row: the next deep page reflects it (anchors of the old version are not used).
      const [moved] = await sql<{ id: number }>(`select id from patrimonios where numero_patrimonio = 'SEEK000001'`);
      await sql(`update patrimonios set descricao_bem = 'AAA primeiro' where id = $1`, [moved.id]);
      const page = 60;
      const got = (await admin('GET', `${base}&sort=descricao_bem&order=asc&page=${page}`)).body.patrimonios.map(
        (x: { id: number }) => x.id,
      );
      const want = (
        await sql<{ id: number }>(
          `select id from patrimonios where municipality_id = $1 and sector_id = $2
        order by descricao_bem, id limit 25 offset $3`,
          [m, sectors.OB.id, (page - 1) * 25],
        )
      ).map((r) => r.id);
      expect(got).toEqual(want);
    } finally {
      await sql(`delete from patrimonios where numero_patrimonio like 'SEEK%'`);
    }
  });

  it('first pages, built once per filter shape, answer each request with its own values: other sectors, searches, statuses, values, dates, scopes and municipalities', async () => {
    const B = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
    const towns = [
      { town: A, m: 0, rows: 0 },
      { town: B, m: 0, rows: 0 },
    ];
    for (const t of towns) {
      [{ municipality_id: t.m }] = await sql<{ municipality_id: number }>(
        'select municipality_id from sectors where id = $1',
        [t.town.sectors.AD.id],
      );
      // 240 assets per town over AD and TI: descriptions, statuses, values and dates that the filters split.
      await sql(
        `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, status, valor_aquisicao,
           quantidade, data_aquisicao, created_at)
         select $1::int, 'SHAPE' || $1::text || '-' || lpad(g::text, 4, '0'), (array['Cadeira', 'Mesa', 'Lâmpada'])[1 + g % 3] || ' ' || (g % 5),
                case when g % 2 = 0 then $2::int else $3::int end, case when g % 2 = 0 then 'AD' else 'TI' end,
                (array['ativo', 'ocioso', 'em_manutencao'])[1 + g % 3 / 2 + g % 5 / 4], (g % 60) * 1.5, 1,
                date '2020-01-01' + g * 3, timestamptz '2024-01-01' + g * interval '1 minute'
         from generate_series(1, 240) g`,
        [t.m, t.town.sectors.AD.id, t.town.sectors.TI.id],
      );
    }
    try {
      const want = async (m: number, where: string, params: readonly unknown[], order: string) =>
        (
          await sql<{ id: number }>(
            `select id from patrimonios where municipality_id = $1 and ${where} order by ${order} limit 10`,
            [m, ...params],
          )
        ).map((r) => r.id);
      // Each case twice or more with the same shape and other values, and across the two towns.
      const cases = (t: (typeof towns)[number]) => {
        const { AD, TI } = t.town.sectors;
        return [
          [`sectorId=${AD.id}&sort=descricao_bem&order=asc`, 'sector_id = $2', [AD.id], 'descricao_bem, id'],
          [`sectorId=${TI.id}&sort=descricao_bem&order=asc`, 'sector_id = $2', [TI.id], 'descricao_bem, id'],
          [
            `q=cadeira 1&sort=createdAt&order=desc`,
            "descricao_busca like '%cadeira 1%'",
            [],
            'created_at desc, id desc',
          ],
          [
            `q=LÂMPADA 2&sort=createdAt&order=desc`,
            "descricao_busca like '%lampada 2%'",
            [],
            'created_at desc, id desc',
          ],
          ['status=ativo&sort=valor_aquisicao&order=desc', "status = 'ativo'", [], 'valor_aquisicao desc, id desc'],
          ['status=ocioso&sort=valor_aquisicao&order=desc', "status = 'ocioso'", [], 'valor_aquisicao desc, id desc'],
          [
            'status=ocioso,em_manutencao&sort=valor_aquisicao&order=desc',
            "status in ('ocioso', 'em_manutencao')",
            [],
            'valor_aquisicao desc, id desc',
          ],
          [
            'status=ativo,ocioso&sort=valor_aquisicao&order=desc',
            "status in ('ativo', 'ocioso')",
            [],
            'valor_aquisicao desc, id desc',
          ],
          ['valorMin=10&sort=valor_aquisicao&order=asc', 'valor_aquisicao >= 10', [], 'valor_aquisicao, id'],
          ['valorMin=50&sort=valor_aquisicao&order=asc', 'valor_aquisicao >= 50', [], 'valor_aquisicao, id'],
          [
            `sectorId=${AD.id}&dataDe=2021-01-01&dataAte=2021-06-30&sort=data_aquisicao&order=asc`,
            "sector_id = $2 and data_aquisicao between '2021-01-01' and '2021-06-30'",
            [AD.id],
            'data_aquisicao, id',
          ],
          [
            `sectorId=${TI.id}&dataDe=2021-07-01&dataAte=2021-09-30&sort=data_aquisicao&order=asc`,
            "sector_id = $2 and data_aquisicao between '2021-07-01' and '2021-09-30'",
            [TI.id],
            'data_aquisicao, id',
          ],
        ] as const;
      };
      for (const t of towns) {
        const admin = await as(t.town.users.admin);
        for (const [query, where, params, order] of cases(t)) {
          const got = (await admin('GET', `/api/patrimonios?${query}&pageSize=10`)).body;
          const ids = got.patrimonios.map((x: { id: number }) => x.id);
          expect(ids.length, query).toBeGreaterThan(0);
          expect(ids, `${t.town.name}: ${query}`).toEqual(await want(t.m, where, params, order));
        }
      }
      // A usuario of AD and TI in each town: the same shape (two sectors, in one scan when sorted by sector).
      for (const t of towns) {
        const usuario = await as(t.town.users.usuario);
        const got = (await usuario('GET', '/api/patrimonios?sort=setor_responsavel&order=asc&pageSize=10')).body;
        expect(got.patrimonios.map((x: { id: number }) => x.id)).toEqual(
          await want(t.m, 'sector_id in ($2, $3)', [t.town.sectors.AD.id, t.town.sectors.TI.id], 'setor_nome, id'),
        );
      }
    } finally {
      await sql(`delete from patrimonios where numero_patrimonio like 'SHAPE%'`);
    }
  });

  it('a usuario of several sectors gets, page by page, exactly their sectors in order (read sector by sector and merged)', async () => {
    const usuario = await as(A.users.usuario);
    const me = (await usuario('GET', '/api/auth/me')).body.user as { sectorIds: number[] };
    expect(me.sectorIds.length).toBeGreaterThan(1);
    const [{ municipality_id: m }] = await sql<{ municipality_id: number }>(
      'select municipality_id from sectors where id = $1',
      [me.sectorIds[0]],
    );
    const names = Object.fromEntries(Object.values(sectors).map((x) => [x.id, x.name]));
    // 2,400 assets over the user's sectors and one they do not have, with ties and empty dates.
    const spread = [...me.sectorIds, sectors.OB.id];
    await sql(
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, status, valor_aquisicao, quantidade, data_aquisicao)
      select $1, 'MERGE' || lpad(g::text, 6, '0'), 'Bem ' || (g % 41), ($2::int[])[1 + g % array_length($2::int[], 1)],
             ($3::text[])[1 + g % array_length($2::int[], 1)], 'ativo', (g % 59) * 2.5, 1 + g % 4,
             case when g % 5 = 0 then null else date '2021-01-01' + (g % 300) end
      from generate_series(1, 2400) g`,
      [m, spread, spread.map((id) => names[id])],
    );
    try {
      for (const [sort, column, order] of [
        ['descricao_bem', 'descricao_bem', 'asc'],
        ['valor_aquisicao', 'valor_aquisicao', 'desc'],
        ['data_aquisicao', 'data_aquisicao', 'asc'],
        ['data_aquisicao', 'data_aquisicao', 'desc'],
        ['quantidade', 'quantidade', 'asc'],
      ] as const) {
        const base = `/api/patrimonios?pageSize=25&sort=${sort}&order=${order}`;
        const n = (await usuario('GET', base)).body.total as number;
        const [{ n: want_n }] = await sql<{ n: number }>(
          'select count(*)::int n from patrimonios where municipality_id = $1 and sector_id = any($2)',
          [m, me.sectorIds],
        );
        expect(n).toBe(want_n);
        for (const page of [1, 2, 20, 39, 40, 41, 45, 52, 60, Math.ceil(n / 25)]) {
          const got = (await usuario('GET', `${base}&page=${page}`)).body.patrimonios.map((x: { id: number }) => x.id);
          const want = (
            await sql<{ id: number }>(
              `select id from patrimonios where municipality_id = $1 and sector_id = any($2)
            order by ${column} ${order}, id ${order} limit 25 offset $3`,
              [m, me.sectorIds, (page - 1) * 25],
            )
          ).map((r) => r.id);
          expect(got, `${sort} ${order} page ${page}`).toEqual(want);
        }
      }
    } finally {
      await sql(`delete from patrimonios where numero_patrimonio like 'MERGE%'`);
    }
  });
});
