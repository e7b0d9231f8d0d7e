import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, isoDayOf, type AnaliseGrupoResponse, type AnaliseTemporalResponse, type Patrimonio } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTipoBem, newTown, ownerQuery, type TestTipoBem, type TestTown } from '../support/factories';

let s: TestServer;
/** Own municipality (the usuario in AD) and another one with data of its own. */
let A: TestTown;
let B: TestTown;
let tipos: TestTipoBem[];
const made: Patrimonio[] = [];
const cents = (v: string) => Math.round(Number(v) * 100);
const today = isoDayOf(new Date());
const thisMonth = today.slice(0, 7);

type Api = ReturnType<typeof client>;
async function create(api: Api, body: Record<string, unknown>): Promise<Patrimonio> {
  const r = await api('POST', '/api/patrimonios', body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.patrimonio as Patrimonio;
}

/** A month closed for the municipality with one entry per asset given (what the monthly close writes). */
async function close(m: number, competencia: string, status: string, entries: Array<[number, string]>) {
  await ownerQuery(s, `insert into depreciacao_closings (municipality_id, competencia, status) values ($1, $2, $3)`, [
    m,
    competencia,
    status,
  ]);
  for (const [id, vc] of entries)
    await ownerQuery(
      s,
      `insert into depreciacao_lancamentos (municipality_id, patrimonio_id, competencia, valor_bruto, quota, acumulada,
         valor_residual, valor_contabil) values ($1, $2, $3, 0, 0, 0, 0, $4)`,
      [m, id, competencia, vc],
    );
}

/** A finalised inventory of the sector whose items for `missing` stayed 'not_found' (the others found). */
async function finalizedInventory(town: TestTown, sectorCode: string, missing: Patrimonio[], found: Patrimonio[]) {
  const sector = town.sectors[sectorCode];
  const [inv] = await ownerQuery<{ id: number }>(
    s,
    `insert into inventarios (municipality_id, title, kind, sector_id, sector_name, scope, start_date, status, finalized_at)
     values ($1, 'Inventário anual', 'anual', $2, $3, 'sector', current_date, 'completed', now()) returning id`,
    [town.id, sector.id, sector.name],
  );
  for (const [p, status] of [
    ...missing.map((x) => [x, 'not_found'] as const),
    ...found.map((x) => [x, 'found'] as const),
  ])
    await ownerQuery(
      s,
      `insert into inventario_items (municipality_id, inventario_id, patrimonio_id, numero_patrimonio, descricao_bem, valor_aquisicao, status)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [town.id, inv.id, p.id, p.numero_patrimonio, p.descricao_bem, p.valor_aquisicao, status],
    );
}

beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s, { usuarioSectors: ['AD'] });
  B = await newTown(s);
  tipos = [await newTipoBem(s, A.id, { name: 'Mobiliário' }), await newTipoBem(s, A.id, { name: 'Informática' })];
  const admin = client(s.url, await A.users.admin.token());
  const sec = (c: string) => A.sectors[c].id;
  const specs: Array<[string, number | null, string, number, string]> = [
    ['AD', tipos[0].id, '100.10', 3, '2024-01-15'],
    ['AD', tipos[1].id, '5000.00', 1, '2024-02-10'],
    ['TI', tipos[1].id, '2500.55', 2, '2024-02-20'],
    ['TI', tipos[0].id, '10.00', 1, '2023-12-31'], // its type removed below: an asset without one
    ['OB', tipos[0].id, '999.99', 1, `${thisMonth}-01`],
  ];
  for (const [code, tipoId, valor, quantidade, data] of specs)
    made.push(
      await create(admin, {
        descricao_bem: `Bem ${code} ${valor}`,
        sectorId: sec(code),
        tipoId,
        valor_aquisicao: valor,
        quantidade,
        data_aquisicao: data,
      }),
    );
  // Registers brought in by an import may have no type (the setting 'tipo obrigatório' came later).
  await ownerQuery(s, 'update patrimonios set tipo_id = null, tipo_nome = null where id = $1', [made[3].id]);
  made[3] = (await admin('GET', `/api/patrimonios/${made[3].id}`)).body.patrimonio as Patrimonio;
  // The other municipality: its assets, a closed month and an inventory never count for A.
  const bAdmin = client(s.url, await B.users.admin.token());
  const b = await create(bAdmin, {
    descricao_bem: 'Bem de B',
    sectorId: B.sectors.AD.id,
    tipoId: (await newTipoBem(s, B.id)).id,
    valor_aquisicao: '777.77',
    data_aquisicao: '2024-02-01',
  });
  await close(B.id, '2024-05', 'concluido', [[b.id, '1.00']]);
  await finalizedInventory(B, 'AD', [b], []);
});
afterAll(async () => {
  await s?.close();
});

describe('GET /api/analises/setor | /tipo', () => {
  it('per group: count, Σ acquisition and Σ book value equal the sums of the rows; shares add up', async () => {
    // Book values: the last closed month's entry, an earlier entry when the asset has none that month,
    // else the acquisition value; a month still being closed is ignored.
    await close(A.id, '2024-05', 'concluido', [
      [made[0].id, '90.00'],
      [made[1].id, '4000.00'],
    ]);
    await close(A.id, '2024-06', 'concluido', [[made[0].id, '80.00']]);
    await close(A.id, '2024-07', 'em_andamento', [[made[0].id, '1.00']]);
    const bookUnit = new Map([
      [made[0].id, '80.00'],
      [made[1].id, '4000.00'],
    ]);
    const admin = client(s.url, await A.users.admin.token());
    const rows = await ownerQuery<{ id: number; sector_id: number; tipo_id: number | null; v: string; q: number }>(
      s,
      'select id, sector_id, tipo_id, valor_aquisicao::text v, quantidade q from patrimonios where municipality_id = $1',
      [A.id],
    );
    for (const por of ['setor', 'tipo'] as const) {
      const r = await admin('GET', `/api/analises/${por}`);
      expect(r.status).toBe(200);
      const body = r.body as AnaliseGrupoResponse;
      expect(body.competencia).toBe('2024-06');
      const keyOf = (x: (typeof rows)[number]) => (por === 'setor' ? x.sector_id : x.tipo_id);
      const groups = new Map<number | null, { bens: number; va: number; vc: number }>();
      for (const x of rows) {
        const g = groups.get(keyOf(x)) ?? { bens: 0, va: 0, vc: 0 };
        g.bens++;
        g.va += cents(x.v) * x.q;
        g.vc += cents(bookUnit.get(x.id) ?? x.v) * x.q;
        groups.set(keyOf(x), g);
      }
      expect(body.grupos).toHaveLength(groups.size);
      for (const g of body.grupos) {
        const want = groups.get(g.id)!;
        expect({ bens: g.bens, va: cents(g.valorAquisicao), vc: cents(g.valorContabil) }).toEqual(want);
      }
      const sum = (f: (g: AnaliseGrupoResponse['grupos'][number]) => number) =>
        body.grupos.reduce((a, g) => a + f(g), 0);
      expect(body.total.bens).toBe(rows.length);
      expect(cents(body.total.valorAquisicao)).toBe(sum((g) => cents(g.valorAquisicao)));
      expect(cents(body.total.valorContabil)).toBe(sum((g) => cents(g.valorContabil)));
      expect(Math.abs(sum((g) => g.percentualBens) - 100)).toBeLessThan(0.05);
      expect(Math.abs(sum((g) => g.percentualValor) - 100)).toBeLessThan(0.05);
    }
    const tipo = (await admin('GET', '/api/analises/tipo')).body as AnaliseGrupoResponse;
    expect(tipo.grupos.find((g) => g.id === null)?.nome).toBe('Sem tipo');
    // 3 × 100,10 + 5.000,00 + 2 × 2.500,55 + 10,00 + 999,99
    expect(tipo.total.valorAquisicao).toBe('11311.39');
    // 3 × 80,00 + 4.000,00 + 2 × 2.500,55 + 10,00 + 999,99
    expect(tipo.total.valorContabil).toBe('10251.09');
  });

  it('filters by sector, type, status and acquisition period', async () => {
    const admin = client(s.url, await A.users.admin.token());
    const get = async (qs: string) => (await admin('GET', `/api/analises/setor?${qs}`)).body as AnaliseGrupoResponse;
    expect((await get(`sectorId=${A.sectors.TI.id}`)).total.bens).toBe(2);
    expect((await get(`tipoId=${tipos[1].id}`)).total).toMatchObject({ bens: 2, valorAquisicao: '10001.10' });
    expect((await get('dataDe=2024-02-01&dataAte=2024-02-29')).total.bens).toBe(2);
    expect((await get('status=ativo,em_uso')).total.bens).toBe(5);
    expect((await get('status=baixado')).total).toEqual({ bens: 0, valorAquisicao: '0.00', valorContabil: '0.00' });
  });

  it('a written-off asset keeps its count and cost, and its book value is 0 (the one book value)', async () => {
    const admin = client(s.url, await A.users.admin.token());
    const before = ((await admin('GET', '/api/analises/tipo')).body as AnaliseGrupoResponse).total;
    // made[1]: one unit, book value 4.000,00 from the 2024-05 close.
    await ownerQuery(s, `update patrimonios set status = 'baixado' where id = $1`, [made[1].id]);
    try {
      const after = ((await admin('GET', '/api/analises/tipo')).body as AnaliseGrupoResponse).total;
      expect(after.bens).toBe(before.bens);
      expect(after.valorAquisicao).toBe(before.valorAquisicao);
      expect(cents(before.valorContabil) - cents(after.valorContabil)).toBe(400_000);
      const baixados = (await admin('GET', '/api/analises/setor?status=baixado')).body as AnaliseGrupoResponse;
      expect(baixados.total).toEqual({ bens: 1, valorAquisicao: '5000.00', valorContabil: '0.00' });
    } finally {
      await ownerQuery(s, `update patrimonios set status = 'ativo' where id = $1`, [made[1].id]);
    }
  });

  it("a usuario sees only its sectors' figures; the visualizador may read; no token 401", async () => {
    const usuario = client(s.url, await A.users.usuario.token());
    const r = await usuario('GET', '/api/analises/setor');
    expect(r.status).toBe(200);
    const body = r.body as AnaliseGrupoResponse;
    expect(body.grupos.map((g) => g.id)).toEqual([A.sectors.AD.id]);
    expect(body.total.bens).toBe(2);
    // Another sector asked for explicitly: nothing (never another sector's figures).
    const other = await usuario('GET', `/api/analises/tipo?sectorId=${A.sectors.TI.id}`);
    expect(other.body.total.bens).toBe(0);
    const viz = client(s.url, await A.users.visualizador.token());
    expect((await viz('GET', '/api/analises/tipo')).status).toBe(200);
    expect((await viz('GET', '/api/analises/temporal')).status).toBe(200);
    expect((await client(s.url)('GET', '/api/analises/setor')).status).toBe(401);
  });

  it('bad queries → 400 with a pt-BR message', async () => {
    const admin = client(s.url, await A.users.admin.token());
    const bad = async (url: string, message: string) => {
      const r = await admin('GET', url);
      expect(r.status, url).toBe(400);
      expect(r.body.error.message, url).toBe(message);
    };
    await bad('/api/analises/setor?foo=1', MSG.http.unknownField);
    await bad('/api/analises/tipo?status=perdido', 'Status inválido.');
    await bad('/api/analises/setor?dataDe=2024-02-30', 'Data inválida (use AAAA-MM-DD).');
    await bad(
      '/api/analises/setor?dataDe=2024-03-01&dataAte=2024-02-01',
      'A data inicial deve ser anterior ou igual à data final.',
    );
    await bad('/api/analises/temporal?granularidade=semana', 'Granularidade inválida (mes ou ano).');
    await bad('/api/analises/temporal?status=ativo', MSG.http.unknownField);
    await bad(
      '/api/analises/temporal?dataDe=2000-01-01&dataAte=2024-01-01',
      'Período longo demais para a análise mensal (máximo de 240 meses).',
    );
  });
});

describe('GET /api/analises/temporal', () => {
  it('acquisitions, write-offs and inventory losses per month and per year', async () => {
    const admin = client(s.url, await A.users.admin.token());
    // Write-offs: one by a status change, one by deleting an asset with movements ('Baixa'); an asset
    // registered already written off has no write-off date and is not counted.
    const put = await admin('PUT', `/api/patrimonios/${made[4].id}`, { status: 'baixado', version: made[4].version });
    expect(put.status).toBe(200);
    const edited = await admin('PUT', `/api/patrimonios/${made[2].id}`, {
      descricao_bem: 'Editado',
      version: made[2].version,
    });
    expect(edited.status).toBe(200);
    expect((await admin('DELETE', `/api/patrimonios/${made[2].id}`)).body.writtenOff).toBe(true);
    await create(admin, {
      descricao_bem: 'Já baixado',
      sectorId: A.sectors.OB.id,
      status: 'baixado',
      valor_aquisicao: '5.00',
      tipoId: tipos[0].id,
    });
    // An inventory finalised today: the AD asset of type 0 not found, the other found.
    await finalizedInventory(A, 'AD', [made[0]], [made[1]]);

    const r = await admin('GET', '/api/analises/temporal?dataDe=2024-01-01&dataAte=' + today);
    expect(r.status).toBe(200);
    const t = r.body as AnaliseTemporalResponse;
    expect(t.granularidade).toBe('mes');
    expect(t.periodos[0]).toMatchObject({ periodo: '2024-01', de: '2024-01-01', ate: '2024-01-31', aquisicoes: 1 });
    expect(t.periodos[0].valorAquisicoes).toBe('300.30');
    expect(t.periodos[1]).toMatchObject({ periodo: '2024-02', aquisicoes: 2, valorAquisicoes: '10001.10' });
    const now = t.periodos.at(-1)!;
    expect(now).toMatchObject({ periodo: thisMonth, ate: today, baixas: 2, perdas: 1, valorPerdas: '300.30' });
    // 2 × 2.500,55 + 999,99
    expect(now.valorBaixas).toBe('6001.09');
    // The asset of this month and the one registered already written off (no acquisition date: not counted).
    expect(now.aquisicoes).toBe(1);
    expect(t.total).toMatchObject({ aquisicoes: 4, baixas: 2, perdas: 1 });
    expect(cents(t.total.valorAquisicoes)).toBe(t.periodos.reduce((a, p) => a + cents(p.valorAquisicoes), 0));

    const y = (await admin('GET', '/api/analises/temporal?granularidade=ano&dataDe=2023-01-01'))
      .body as AnaliseTemporalResponse;
    expect(y.periodos[0]).toMatchObject({ periodo: '2023', aquisicoes: 1, valorAquisicoes: '10.00' });
    expect(y.periodos[1]).toMatchObject({ periodo: '2024', aquisicoes: 3 });
    expect(y.periodos.at(-1)!.periodo).toBe(today.slice(0, 4));
    // Default period: the last 12 months.
    const d = (await admin('GET', '/api/analises/temporal')).body as AnaliseTemporalResponse;
    expect(d.periodos).toHaveLength(12);
    expect(d.periodos.at(-1)!.periodo).toBe(thisMonth);

    // A usuario (AD): the loss is of its sector, the write-offs are not.
    const usuario = client(s.url, await A.users.usuario.token());
    const u = (await usuario('GET', '/api/analises/temporal?dataDe=2024-01-01')).body as AnaliseTemporalResponse;
    expect(u.total).toMatchObject({ aquisicoes: 2, baixas: 0, perdas: 1 });
    // Filters by type: the lost asset is of type 0.
    const f = (await admin('GET', `/api/analises/temporal?dataDe=2024-01-01&tipoId=${tipos[1].id}`))
      .body as AnaliseTemporalResponse;
    expect(f.total).toMatchObject({ aquisicoes: 2, baixas: 1, perdas: 0 });
  });

  it('exports each analysis as XLSX with the same query', async () => {
    const admin = client(s.url, await A.users.admin.token());
    for (const url of [
      '/api/analises/setor/xlsx',
      '/api/analises/tipo/xlsx?status=ativo',
      '/api/analises/temporal/xlsx',
    ]) {
      const res = await fetch(s.url + url, { headers: { authorization: `Bearer ${await A.users.admin.token()}` } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?analise-/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
    }
    expect((await admin('GET', '/api/analises/setor/xlsx?x=1')).status).toBe(400);
  });
});
