import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PATRIMONIO_MSG,
  TABELA_STN_TIPOS_BENS,
  type DepreciacaoPatrimonio,
  type MunicipalityCreated,
  type Patrimonio,
  type TipoBem,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTipoBem, newUser, ownerQuery, world, type TestUser, type TestWorld } from '../support/factories';

// Issue 14, the asset's side of depreciation: entry into service (default: the acquisition date), its own
// useful life and residual %, the type's `depreciavel` flag, and the federal table seeded into new municipalities.

let s: TestServer;
let w: TestWorld;
let tipoId: number;
const as = async (u: TestUser) => client(s.url, await u.token());

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  tipoId = (await newTipoBem(s, w.A.id, { name: 'Mobiliário (teste)', usefulLifeMonths: 120, residualValuePct: '10' }))
    .id;
});
afterAll(async () => {
  await s?.close();
});

const bem = (extra: Record<string, unknown> = {}) => ({
  descricao_bem: 'Mesa de reunião',
  tipoId,
  sectorId: w.A.sector.id,
  valor_aquisicao: '10000.00',
  data_aquisicao: '2024-03-01',
  ...extra,
});

describe('asset fields: dataEntradaServico, vidaUtilMeses, residualPct', () => {
  it('without them: the entry into service is the acquisition date, no overrides; the schedule uses the type', async () => {
    const admin = await as(w.A.users.admin);
    const r = await admin('POST', '/api/patrimonios', bem());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const p = r.body.patrimonio as Patrimonio;
    expect(p).toMatchObject({ dataEntradaServico: '2024-03-01', vidaUtilMeses: null, residualPct: null });
    const d = (await admin('GET', `/api/depreciacao/patrimonios/${p.id}?data=2024-04-30`))
      .body as DepreciacaoPatrimonio;
    expect(d).toMatchObject({
      vidaUtilMeses: 120,
      residualPct: '10.00',
      quotaMensal: '75.00',
      valorContabil: '9925.00',
    });
  });

  it('with them: stored, returned by GET, and the schedule follows the overrides (the issue example)', async () => {
    const admin = await as(w.A.users.admin);
    const r = await admin('POST', '/api/patrimonios', {
      ...bem(),
      dataEntradaServico: '2024-03-15',
      vidaUtilMeses: 60,
      residualPct: '20',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = (r.body.patrimonio as Patrimonio).id;
    const g = (await admin('GET', `/api/patrimonios/${id}`)).body.patrimonio as Patrimonio;
    expect(g).toMatchObject({ dataEntradaServico: '2024-03-15', vidaUtilMeses: 60, residualPct: '20.00' });
    // (10.000 − 2.000) ÷ 60 = 133,333… → 133,34 rounded up (recalculo), from April 2024.
    const d = (await admin('GET', `/api/depreciacao/patrimonios/${id}?data=2024-04-30`)).body as DepreciacaoPatrimonio;
    expect(d).toMatchObject({
      vidaUtilMeses: 60,
      residualPct: '20.00',
      quotaMensal: '133.34',
      dataEntradaServico: '2024-03-15',
    });

    // Back to the type's values: history and audit name the fields.
    const u = await admin('PUT', `/api/patrimonios/${id}`, {
      version: g.version,
      vidaUtilMeses: null,
      residualPct: 10,
    });
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.patrimonio).toMatchObject({ vidaUtilMeses: null, residualPct: '10.00' });
    const hist = (u.body.patrimonio as Patrimonio).historico_movimentacao.map((h) => h.details);
    expect(hist).toContain('Vida útil (meses): 60 meses → —');
    expect(hist).toContain('Valor residual (%): 20,00 % → 10,00 %');
    const [audit] = await ownerQuery<{ details: string }>(
      s,
      `select details from audit_logs where entity_type = 'Patrimonio' and entity_id = $1 and action = 'PATRIMONIO_UPDATE'`,
      [String(id)],
    );
    expect(JSON.parse(audit.details).new_value).toMatchObject({ vidaUtilMeses: null, residualPct: '10' });
  });

  it('bad values are 400 with pt-BR messages, nothing written', async () => {
    const admin = await as(w.A.users.admin);
    const before = (
      await ownerQuery<{ n: number }>(s, 'select count(*)::int as n from patrimonios where municipality_id = $1', [
        w.A.id,
      ])
    )[0].n;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ vidaUtilMeses: 0 }, 'A vida útil deve ser de 1 a 1200 meses.'],
      [{ vidaUtilMeses: -12 }, 'A vida útil deve ser de 1 a 1200 meses.'],
      [{ vidaUtilMeses: 12.5 }, 'A vida útil deve ser um número inteiro de meses.'],
      [{ residualPct: 101 }, 'O valor residual deve estar entre 0 e 100%.'],
      [{ residualPct: '-1' }, 'O valor residual deve estar entre 0 e 100%.'],
      [{ residualPct: '10.555' }, 'O valor residual deve ser um percentual com no máximo 2 casas decimais.'],
      [{ dataEntradaServico: '2024-02-30' }, 'Data de entrada em serviço inválida (use AAAA-MM-DD).'],
      [{ dataEntradaServico: '2024-02-01' }, PATRIMONIO_MSG.entradaAntesAquisicao],
    ];
    for (const [extra, message] of cases) {
      const r = await admin('POST', '/api/patrimonios', bem(extra));
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    const after = (
      await ownerQuery<{ n: number }>(s, 'select count(*)::int as n from patrimonios where municipality_id = $1', [
        w.A.id,
      ])
    )[0].n;
    expect(after).toBe(before);
    // An update too: the row keeps its values and version.
    const put = await admin('PUT', `/api/patrimonios/${w.A.asset.id}`, { version: 1, vidaUtilMeses: 0 });
    expect(put.status).toBe(400);
  });

  it("another municipality's asset is 404; a visualizador may not change one (403); a usuario only in their sectors", async () => {
    const b = w.B.asset;
    const adminA = await as(w.A.users.admin);
    expect((await adminA('PUT', `/api/patrimonios/${b.id}`, { version: 1, vidaUtilMeses: 24 })).status).toBe(404);
    const [row] = await ownerQuery<{ v: number | null }>(
      s,
      'select vida_util_meses as v from patrimonios where id = $1',
      [b.id],
    );
    expect(row.v).toBeNull();
    const viz = await as(w.A.users.visualizador);
    expect((await viz('PUT', `/api/patrimonios/${w.A.asset.id}`, { version: 1, vidaUtilMeses: 24 })).status).toBe(403);
    const usuario = await as(w.A.users.usuario);
    const own = await usuario('GET', `/api/patrimonios/${w.A.asset.id}`);
    const ok = await usuario('PUT', `/api/patrimonios/${w.A.asset.id}`, {
      version: own.body.patrimonio.version,
      tipoId,
      dataEntradaServico: '2025-01-10',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.patrimonio.dataEntradaServico).toBe('2025-01-10');
  });
});

describe('asset types: depreciavel, useful life and residual % in the catalogue', () => {
  it('created and changed with their values; bad values 400; visualizador 403', async () => {
    const admin = await as(w.A.users.admin);
    const c = await admin('POST', '/api/tipos-bens', {
      name: 'Obras de arte (teste)',
      depreciavel: false,
      usefulLifeMonths: null,
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const t = c.body as TipoBem;
    expect(t).toMatchObject({ depreciavel: false, usefulLifeMonths: null, residualValuePct: null });
    const u = await admin('PUT', `/api/tipos-bens/${t.id}`, {
      version: t.version,
      depreciavel: true,
      usefulLifeMonths: 240,
      residualValuePct: '15',
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ depreciavel: true, usefulLifeMonths: 240, residualValuePct: '15.00' });
    for (const bad of [
      { usefulLifeMonths: 0 },
      { usefulLifeMonths: -1 },
      { residualValuePct: 120 },
      { depreciavel: 'sim' },
    ])
      expect((await admin('PUT', `/api/tipos-bens/${t.id}`, { version: u.body.version, ...bad })).status).toBe(400);
    const viz = await as(w.A.users.visualizador);
    expect((await viz('PUT', `/api/tipos-bens/${t.id}`, { version: u.body.version, depreciavel: false })).status).toBe(
      403,
    );
    const bAdmin = await as(w.B.users.admin);
    expect(
      (await bAdmin('PUT', `/api/tipos-bens/${t.id}`, { version: u.body.version, depreciavel: false })).status,
    ).toBe(404);
  });

  it('an asset of a non-depreciable type has no schedule', async () => {
    const admin = await as(w.A.users.admin);
    const arte = (
      await admin('POST', '/api/tipos-bens', { name: `Arte ${Date.now()}`, depreciavel: false, usefulLifeMonths: 120 })
    ).body as TipoBem;
    const p = (await admin('POST', '/api/patrimonios', bem({ tipoId: arte.id }))).body.patrimonio as Patrimonio;
    const d = (await admin('GET', `/api/depreciacao/patrimonios/${p.id}`)).body as DepreciacaoPatrimonio;
    expect(d).toMatchObject({ depreciavel: false, motivo: 'tipo_nao_depreciavel', valorContabil: '10000.00' });
  });

  it("a new municipality's asset types are the federal table (STN Macrofunção 02.03.30)", async () => {
    const su = await as(w.superuser);
    const k = Date.now().toString(36);
    const r = await su<MunicipalityCreated>('POST', '/api/superuser/municipalities', {
      name: `Prefeitura de Tabela ${k}`,
      uf: 'MG',
      codigoIbge: `31${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
      slug: `tabela-${k}`,
      admin: { name: 'Ana', email: `ana.${k}@tabela.gov.br` },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const mid = r.body.municipality.id;
    const rows = await ownerQuery<{ name: string; months: number | null; pct: string | null; dep: boolean }>(
      s,
      `select name, useful_life_months as months, residual_value_pct::text as pct, depreciable as dep
         from tipos_bens where municipality_id = $1 order by name`,
      [mid],
    );
    expect(rows).toHaveLength(TABELA_STN_TIPOS_BENS.length);
    const by = new Map(rows.map((x) => [x.name, x]));
    expect(by.get('Mobiliário em geral')).toEqual({
      name: 'Mobiliário em geral',
      months: 120,
      pct: '10.00',
      dep: true,
    });
    expect(by.get('Equipamentos de processamento de dados')).toMatchObject({ months: 60, pct: '10.00' });
    expect(by.get('Veículos de tração mecânica')).toMatchObject({ months: 180, pct: '10.00' });
    expect(by.get('Aparelhos e equipamentos de comunicação')).toMatchObject({ months: 120, pct: '20.00' });
    expect(by.get('Coleções e materiais bibliográficos')).toMatchObject({ months: 120, pct: '0.00' });
    expect(by.get('Obras de arte e peças para museu')).toMatchObject({ months: null, pct: null, dep: false });
    // The new admin sees them through the API (another municipality's types stay apart).
    const admin = await newUser(s, { municipalityId: mid, role: 'admin' });
    const list = (await (await as(admin))('GET', '/api/tipos-bens')).body.tiposBens as TipoBem[];
    expect(list.map((t) => t.name).sort()).toEqual(rows.map((x) => x.name).sort());
    expect(list.find((t) => t.name === 'Terrenos')).toMatchObject({ depreciavel: false });
  });
});
