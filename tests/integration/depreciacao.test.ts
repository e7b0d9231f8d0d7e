import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepreciacaoPatrimonio } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newPatrimonio, newSector, newTipoBem, ownerQuery, world, type TestWorld } from '../support/factories';

// GET /api/depreciacao/patrimonios/:id (issue 14): the worked example of docs/depreciation.md through the
// API — the asset type's life and residual, the asset's own overrides, the value on any date, the assets
// that are not depreciated, and who may see which asset.

let s: TestServer;
let w: TestWorld;
let assetId: number;

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  const tipo = await newTipoBem(s, w.A.id, { usefulLifeMonths: 120, residualValuePct: '10.00' });
  const p = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: w.A.sector.id, valor: '10000.00' });
  await ownerQuery(s, `update patrimonios set tipo_id = $2, data_aquisicao = '2024-03-15' where id = $1`, [
    p.id,
    tipo.id,
  ]);
  assetId = p.id;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const get = async (token: string, id: number, query = '') =>
  client(s.url, token)('GET', `/api/depreciacao/patrimonios/${id}${query}`);

describe('the schedule of an asset', () => {
  it('R$ 75,00 a month from April 2024; the value after 1, 12, 60 and 120 months', async () => {
    const token = await w.A.users.admin.token();
    const one = await get(token, assetId, '?data=2024-04-30');
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const d = one.body as DepreciacaoPatrimonio;
    expect(d).toMatchObject({
      depreciavel: true,
      valorAquisicao: '10000.00',
      valorResidual: '1000.00',
      depreciacaoAcumulada: '75.00',
      valorContabil: '9925.00',
      quotaMensal: '75.00',
      dataEntradaServico: '2024-03-15',
      vidaUtilMeses: 120,
      residualPct: '10.00',
    });
    expect(d.cronograma[0]).toEqual({
      competencia: '2024-03',
      quota: '0.00',
      acumulada: '0.00',
      valorContabil: '10000.00',
      fechada: false,
    });
    expect(d.cronograma.at(-1)).toMatchObject({ competencia: '2034-03', valorContabil: '1000.00' });
    const at = async (data: string) =>
      ((await get(token, assetId, `?data=${data}`)).body as DepreciacaoPatrimonio).valorContabil;
    expect(await at('2025-03-31')).toBe('9100.00');
    expect(await at('2029-03-31')).toBe('5500.00');
    expect(await at('2034-03-31')).toBe('1000.00');
    // A future date beyond the end of life: the residual, and no amount that month.
    const later = (await get(token, assetId, '?data=2040-06-15')).body as DepreciacaoPatrimonio;
    expect(later).toMatchObject({ valorContabil: '1000.00', quotaMensal: '0.00', depreciacaoAcumulada: '9000.00' });
    // Before entry into service: the cost.
    expect(await at('2024-01-10')).toBe('10000.00');
  });

  it("the asset's own entry into service, life and residual override the type's", async () => {
    const p = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: w.A.sector.id, valor: '6000.00' });
    await ownerQuery(
      s,
      `update patrimonios set data_aquisicao = '2023-12-20', data_entrada_servico = '2024-01-10',
              vida_util_meses = 60, residual_pct = 0 where id = $1`,
      [p.id],
    );
    const d = (await get(await w.A.users.admin.token(), p.id, '?data=2024-02-29')).body as DepreciacaoPatrimonio;
    expect(d).toMatchObject({ quotaMensal: '100.00', valorContabil: '5900.00', valorResidual: '0.00' });
    expect(d.cronograma[0].competencia).toBe('2024-01');
  });

  it('land, an asset with no useful life and one acquired before the cut-over date are not depreciated', async () => {
    const token = await w.A.users.admin.token();
    const terreno = await newTipoBem(s, w.A.id, { usefulLifeMonths: 600, residualValuePct: '0' });
    await ownerQuery(s, 'update tipos_bens set depreciable = false where id = $1', [terreno.id]);
    const p = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: w.A.sector.id, valor: '50000.00' });
    await ownerQuery(s, `update patrimonios set tipo_id = $2, data_aquisicao = '2020-01-01' where id = $1`, [
      p.id,
      terreno.id,
    ]);
    expect((await get(token, p.id)).body).toMatchObject({
      depreciavel: false,
      motivo: 'tipo_nao_depreciavel',
      valorContabil: '50000.00',
      cronograma: [],
    });
    expect((await get(token, w.A.asset.id)).body).toMatchObject({ depreciavel: false, motivo: 'sem_data' });
    await ownerQuery(s, `insert into depreciacao_config (municipality_id, data_corte) values ($1, '2025-01-01')`, [
      w.A.id,
    ]);
    try {
      expect((await get(token, assetId)).body).toMatchObject({ depreciavel: false, motivo: 'anterior_ao_corte' });
    } finally {
      await ownerQuery(s, 'delete from depreciacao_config where municipality_id = $1', [w.A.id]);
    }
  });
});

describe('bad input and who sees what', () => {
  it('a date that is not a date or an unknown parameter → 400 in pt-BR', async () => {
    const token = await w.A.users.admin.token();
    const bad = await get(token, assetId, '?data=2024-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.data).toBe('Data inválida (use AAAA-MM-DD).');
    expect((await get(token, assetId, '?ate=2024-01-01')).status).toBe(400);
  });

  it("another municipality's asset, or another sector's for a usuario → 404; a visualizador reads", async () => {
    expect((await get(await w.B.users.admin.token(), assetId)).status).toBe(404);
    const other = await newSector(s, w.A.id);
    const elsewhere = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: other.id });
    expect((await get(await w.A.users.usuario.token(), elsewhere.id)).status).toBe(404);
    expect((await get(await w.A.users.usuario.token(), assetId)).status).toBe(200);
    expect((await get(await w.A.users.visualizador.token(), assetId)).status).toBe(200);
  });
});
