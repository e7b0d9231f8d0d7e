import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepreciacaoPatrimonio, EventoValorRegistrado, LiveEvent } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newPatrimonio, newSector, newTipoBem, ownerQuery, world, type TestWorld } from '../support/factories';

// Revaluations, impairments and reversals through the API (issue 14; docs/depreciation.md): the worked
// examples, the schedule that follows them, every refused input leaving nothing changed, and the
// municipality's rules (GET/PUT /api/depreciacao/config).

let s: TestServer;
let w: TestWorld;
let tipoId: number;

// The example asset of docs/depreciation.md, five years earlier so that month 60 is in the past:
// R$ 10.000,00, 120 months, 10 % residual, in service 15/03/2019 → month 1 = 04/2019, 40 = 07/2022, 60 = 03/2024.
const MES = { 40: '2022-07', 59: '2024-02', 60: '2024-03', 61: '2024-04', 120: '2029-03' } as const;

async function exemplo(): Promise<number> {
  const p = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: w.A.sector.id, valor: '10000.00' });
  await ownerQuery(s, `update patrimonios set tipo_id = $2, data_aquisicao = '2019-03-15' where id = $1`, [
    p.id,
    tipoId,
  ]);
  return p.id;
}

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  tipoId = (await newTipoBem(s, w.A.id, { usefulLifeMonths: 120, residualValuePct: '10.00' })).id;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const admin = async () => client(s.url, await w.A.users.admin.token());
const schedule = async (id: number, data: string) =>
  (await (await admin())('GET', `/api/depreciacao/patrimonios/${id}?data=${data}`)).body as DepreciacaoPatrimonio;
const quota = (d: DepreciacaoPatrimonio, competencia: string) =>
  d.cronograma.find((m) => m.competencia === competencia)?.quota;
const counts = async (id: number) => {
  const q = async (sql: string) => Number((await ownerQuery<{ n: string }>(s, sql, [id]))[0].n);
  return {
    eventos: await q('select count(*) n from depreciacao_eventos where patrimonio_id = $1'),
    historico: await q('select count(*) n from patrimonio_historico where patrimonio_id = $1'),
    audit: await q(`select count(*) n from audit_logs where entity_id = $1::text and action like 'DEPRECIACAO_%'`),
  };
};

const doc = { documento: 'Laudo 12/2024', motivo: 'Laudo de avaliação da comissão' };

describe('the worked examples through the API', () => {
  it('revaluation to R$ 7.000,00 at month 60 with 60 months left → R$ 105,00 a month, R$ 1.500,00 to the reserve', async () => {
    const id = await exemplo();
    const api = await admin();
    const r = await api('POST', `/api/patrimonios/${id}/reavaliacoes`, {
      competencia: MES[60],
      valor: '7000.00',
      vidaUtilRestanteMeses: 60,
      ...doc,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.evento).toMatchObject({
      tipo: 'reavaliacao',
      competencia: MES[60],
      valor: '7000.00',
      vidaUtilRestanteMeses: 60,
      residualPct: null,
      documento: 'Laudo 12/2024',
      motivo: 'Laudo de avaliação da comissão',
      createdBy: expect.any(String),
    });
    const d = await schedule(id, '2024-04-30');
    expect(d.valorContabil).toBe('6895.00');
    expect(quota(d, MES[60])).toBe('75.00');
    expect(quota(d, MES[61])).toBe('105.00');
    expect(d.quotaMensal).toBe('105.00');
    expect(d.cronograma.find((m) => m.competencia === MES[120])?.valorContabil).toBe('700.00');
    expect(d.efeitos).toEqual([
      expect.objectContaining({ tipo: 'reavaliacao', variacao: '1500.00', reserva: '1500.00', resultado: '0.00' }),
    ]);
    expect(d.reservaReavaliacao).toBe('1500.00');
    expect(d.eventos).toEqual([r.body.evento]);
    const list = await api('GET', `/api/patrimonios/${id}/eventos-valor`);
    expect(list.body).toEqual({ eventos: [r.body.evento] });
    // Audited and in the asset's history.
    expect(await counts(id)).toMatchObject({ eventos: 1, audit: 1 });
    const hist = await ownerQuery<{ action: string }>(
      s,
      `select action, details from patrimonio_historico where patrimonio_id = $1`,
      [id],
    );
    expect(hist.map((h) => h.action)).toContain('Reavaliação');
  });

  it('impairment to R$ 4.400,00 at month 40 (loss 2.600, then R$ 42,50); reversed at month 60 → R$ 5.500,00 and R$ 75,00', async () => {
    const id = await exemplo();
    const api = await admin();
    const red = await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
      competencia: MES[40],
      valorRecuperavel: '4400.00',
      ...doc,
    });
    expect(red.status, JSON.stringify(red.body)).toBe(201);
    expect(red.body.evento).toMatchObject({ tipo: 'reducao', valor: '4400.00', vidaUtilRestanteMeses: null });
    let d = await schedule(id, '2024-02-29');
    expect(d.efeitos[0]).toMatchObject({ tipo: 'reducao', resultado: '-2600.00', valorContabil: '4400.00' });
    expect(d.quotaMensal).toBe('42.50');
    const rev = await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel/reversao`, {
      competencia: MES[60],
      ...doc,
    });
    expect(rev.status, JSON.stringify(rev.body)).toBe(201);
    expect(rev.body.evento).toMatchObject({ tipo: 'reversao', valor: null });
    d = await schedule(id, '2024-04-30');
    expect(d.efeitos[1]).toMatchObject({ tipo: 'reversao', resultado: '1950.00', valorContabil: '5500.00' });
    expect(d.cronograma.find((m) => m.competencia === MES[60])?.valorContabil).toBe('5500.00');
    expect(d.quotaMensal).toBe('75.00');
    const list = (await api('GET', `/api/patrimonios/${id}/eventos-valor`)).body.eventos as EventoValorRegistrado[];
    expect(list.map((e) => e.tipo)).toEqual(['reducao', 'reversao']);
    const actions = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where entity_id = $1::text and action like 'DEPRECIACAO_%' order by id`,
      [id],
    );
    expect(actions.map((a) => a.action)).toEqual(['DEPRECIACAO_REDUCAO', 'DEPRECIACAO_REVERSAO']);
  });
});

describe('live', () => {
  it("a recorded event reaches the municipality's sockets as depreciacao.evento, not another town's", async () => {
    const id = await exemplo();
    const watcher = await s.socket(await w.A.users.visualizador.token());
    const otherTown = await s.socket(await w.B.users.admin.token());
    let leaked = 0;
    otherTown.on('depreciacao.evento', () => leaked++);
    const live = nextEvent<LiveEvent<{ patrimonioId: number }>>(watcher, 'depreciacao.evento');
    const r = await (
      await admin()
    )('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
      competencia: MES[40],
      valorRecuperavel: '4400.00',
      ...doc,
    });
    expect(r.status).toBe(201);
    expect((await live).data).toEqual({ patrimonioId: id });
    expect(leaked).toBe(0);
  });
});

describe('refused input changes nothing', () => {
  it('400 in pt-BR: negative value, missing document or reason, bad competência, before service, in the future', async () => {
    const id = await exemplo();
    const api = await admin();
    const before = await counts(id);
    const reav = (over: Record<string, unknown>) =>
      api('POST', `/api/patrimonios/${id}/reavaliacoes`, {
        competencia: MES[60],
        valor: '7000.00',
        vidaUtilRestanteMeses: 60,
        ...doc,
        ...over,
      });
    const field = async (over: Record<string, unknown>, name: string) => {
      const r = await reav(over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      return r.body.error.fields[name] as string;
    };
    expect(await field({ valor: '-1.00' }, 'valor')).toBe('O valor não pode ser negativo.');
    expect(await field({ valor: '0.00' }, 'valor')).toBe('O valor deve ser maior que zero.');
    expect(await field({ documento: '' }, 'documento')).toBe('Informe o documento (laudo, processo ou portaria).');
    expect(await field({ documento: undefined }, 'documento')).toBe(
      'Informe o documento (laudo, processo ou portaria).',
    );
    expect(await field({ motivo: ' ' }, 'motivo')).toBe('Informe o motivo (mínimo 3 caracteres).');
    expect(await field({ competencia: '2024-13' }, 'competencia')).toBe('Competência inválida (use AAAA-MM).');
    expect(await field({ competencia: '03/2024' }, 'competencia')).toBe('Competência inválida (use AAAA-MM).');
    expect(await field({ vidaUtilRestanteMeses: 0 }, 'vidaUtilRestanteMeses')).toBe(
      'A vida útil restante deve ser um número inteiro de meses entre 1 e 1200.',
    );
    expect(await field({ competencia: '2019-02' }, 'competencia')).toBe(
      'A competência não pode ser anterior à entrada em serviço do bem.',
    );
    expect(await field({ competencia: '2999-01' }, 'competencia')).toBe(
      'A competência não pode ser posterior ao mês atual.',
    );
    expect((await reav({ extra: 1 })).status).toBe(400);
    const neg = await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
      competencia: MES[40],
      valorRecuperavel: '-5',
      ...doc,
    });
    expect(neg.status).toBe(400);
    expect(neg.body.error.fields.valorRecuperavel).toBe('O valor não pode ser negativo.');
    // Not below the book value at the end of month 40 (R$ 7.000,00).
    const notBelow = await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
      competencia: MES[40],
      valorRecuperavel: '7000.00',
      ...doc,
    });
    expect(notBelow.status).toBe(400);
    expect(notBelow.body.error.fields.valorRecuperavel).toMatch(
      /^O valor recuperável deve ser menor que o valor contábil/,
    );
    expect(notBelow.body.error.fields.valorRecuperavel).toContain('7.000,00');
    expect(await counts(id)).toEqual(before);
    // The same body, corrected, is accepted: with its own residual % (5 % of R$ 7.000,00 = R$ 350,00 at the end).
    const ok = await reav({ residualPct: 5 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.evento.residualPct).toBe('5.00');
    expect((await schedule(id, '2024-04-30')).valorResidual).toBe('350.00');
    expect(await counts(id)).toEqual({ eventos: 1, historico: before.historico + 1, audit: 1 });
  });

  it('409: a non-depreciable asset, an event out of order, a reversal with no impairment before', async () => {
    const api = await admin();
    const terreno = await newTipoBem(s, w.A.id, { usefulLifeMonths: 600, residualValuePct: '0' });
    await ownerQuery(s, 'update tipos_bens set depreciable = false where id = $1', [terreno.id]);
    const land = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: w.A.sector.id, valor: '50000.00' });
    await ownerQuery(s, `update patrimonios set tipo_id = $2, data_aquisicao = '2019-01-01' where id = $1`, [
      land.id,
      terreno.id,
    ]);
    const nd = await api('POST', `/api/patrimonios/${land.id}/reavaliacoes`, {
      competencia: '2024-01',
      valor: '80000.00',
      vidaUtilRestanteMeses: 60,
      ...doc,
    });
    expect(nd.status).toBe(409);
    expect(nd.body.error.message).toMatch(/não é depreciável/);
    expect(await counts(land.id)).toMatchObject({ eventos: 0, audit: 0 });

    const id = await exemplo();
    const none = await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel/reversao`, {
      competencia: MES[60],
      ...doc,
    });
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe('Não há redução ao valor recuperável a reverter antes desta competência.');
    expect(
      (
        await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
          competencia: MES[60],
          valorRecuperavel: '4000.00',
          ...doc,
        })
      ).status,
    ).toBe(201);
    const before = await counts(id);
    const out = await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
      competencia: MES[40],
      valorRecuperavel: '1000.00',
      ...doc,
    });
    expect(out.status).toBe(409);
    // A reversal in the impairment's own month: nothing before that month to reverse.
    const same = await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel/reversao`, {
      competencia: MES[60],
      ...doc,
    });
    expect(same.status).toBe(409);
    expect(await counts(id)).toEqual(before);
  });

  it('403 for a visualizador or usuario; 404 for another municipality or a usuario’s other sector', async () => {
    const id = await exemplo();
    const body = { competencia: MES[60], valor: '7000.00', vidaUtilRestanteMeses: 60, ...doc };
    for (const role of ['visualizador', 'usuario'] as const) {
      const api = client(s.url, await w.A.users[role].token());
      expect((await api('POST', `/api/patrimonios/${id}/reavaliacoes`, body)).status).toBe(403);
      expect(
        (await api('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, { ...body, valor: undefined })).status,
      ).toBe(403);
      expect((await api('GET', `/api/patrimonios/${id}/eventos-valor`)).status).toBe(200);
    }
    const sup = client(s.url, await w.A.users.supervisor.token());
    const ok = await sup('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
      competencia: MES[40],
      valorRecuperavel: '4400.00',
      ...doc,
    });
    expect(ok.status).toBe(201);
    const before = await counts(id);
    const b = client(s.url, await w.B.users.admin.token());
    expect((await b('POST', `/api/patrimonios/${id}/reavaliacoes`, body)).status).toBe(404);
    expect((await b('GET', `/api/patrimonios/${id}/eventos-valor`)).status).toBe(404);
    const other = await newSector(s, w.A.id);
    const elsewhere = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: other.id });
    const usuario = client(s.url, await w.A.users.usuario.token());
    expect((await usuario('GET', `/api/patrimonios/${elsewhere.id}/eventos-valor`)).status).toBe(404);
    expect(await counts(id)).toEqual(before);
  });
});

describe('the municipality rules', () => {
  it('defaults at version 0; PUT round trip; a stale version → 409 and nothing changed; settings:update only', async () => {
    const api = await admin();
    const first = await api('GET', '/api/depreciacao/config');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      config: { inicio: 'mes_seguinte', arredondamento: 'recalculo', dataCorte: null, version: 0 },
    });
    const put = await api('PUT', '/api/depreciacao/config', {
      inicio: 'mes_entrada',
      arredondamento: 'fixo',
      dataCorte: '2010-01-01',
      version: 0,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.config).toEqual({
      inicio: 'mes_entrada',
      arredondamento: 'fixo',
      dataCorte: '2010-01-01',
      version: 1,
    });
    const visualizador = client(s.url, await w.A.users.visualizador.token());
    expect((await visualizador('GET', '/api/depreciacao/config')).body.config).toEqual(put.body.config);
    expect((await visualizador('PUT', '/api/depreciacao/config', { ...put.body.config })).status).toBe(403);
    const stale = await api('PUT', '/api/depreciacao/config', {
      inicio: 'pro_rata',
      arredondamento: 'recalculo',
      dataCorte: null,
      version: 0,
    });
    expect(stale.status).toBe(409);
    const bad = await api('PUT', '/api/depreciacao/config', {
      inicio: 'amanha',
      arredondamento: 'recalculo',
      dataCorte: '2024-02-30',
      version: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      inicio: 'Início da depreciação inválido.',
      dataCorte: 'Data de corte inválida (use AAAA-MM-DD).',
    });
    expect((await api('GET', '/api/depreciacao/config')).body.config).toEqual(put.body.config);
    // Another municipality keeps its defaults.
    const b = client(s.url, await w.B.users.admin.token());
    expect((await b('GET', '/api/depreciacao/config')).body.config.version).toBe(0);
    const back = await api('PUT', '/api/depreciacao/config', {
      inicio: 'mes_seguinte',
      arredondamento: 'recalculo',
      dataCorte: null,
      version: 1,
    });
    expect(back.body.config).toMatchObject({ dataCorte: null, version: 2 });
    const audited = await ownerQuery<{ n: string }>(
      s,
      `select count(*) n from audit_logs where action = 'DEPRECIACAO_CONFIG_UPDATE' and municipality_id = $1`,
      [w.A.id],
    );
    expect(Number(audited[0].n)).toBe(2);
  });
});
