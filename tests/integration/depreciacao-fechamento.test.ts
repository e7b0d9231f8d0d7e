import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calcularCronograma,
  competenciaDe,
  isoDayOf,
  mesIndice,
  type DepreciacaoPatrimonio,
  type DepreciacaoResumo,
  type FechamentoDepreciacao,
  type RegrasDepreciacao,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { startWorkerIfNeeded, waitJob } from '../support/jobs';
import {
  newPatrimonio,
  newSector,
  newTenant,
  newTipoBem,
  newUser,
  ownerQuery,
  type TestTenant,
} from '../support/factories';

// The monthly close (issue 14; docs/depreciation.md "Closed months"): the worked example month by month
// through closes, both start and rounding rules against the engine on random assets, the order, idempotency
// and reopening rules, and the municipality summary equal to the sum of the entries.

let s: TestServer;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
}, 120_000);

afterAll(async () => {
  await stopWorker?.();
  await s?.close();
});

const api = async (t: TestTenant, role: 'admin' | 'supervisor' | 'usuario' | 'visualizador' = 'admin') =>
  client(s.url, await t.users[role].token());

/** Closes a month through the API and waits for its job; returns the job. */
async function fechar(t: TestTenant, competencia: string, role: 'admin' | 'supervisor' = 'admin') {
  const r = await (await api(t, role))('POST', '/api/depreciacao/fechamentos', { competencia });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  const job = await waitJob(s, await t.users[role].token(), r.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  return job;
}

async function fecharAte(t: TestTenant, de: string, ate: string) {
  for (let i = mesIndice(de); i <= mesIndice(ate); i++) await fechar(t, competenciaDe(i));
}

/** An asset with its own life and residual % (no type needed). */
async function bem(t: TestTenant, o: { valor: string; vida: number; pct: string; entrada: string; sectorId?: number }) {
  const p = await newPatrimonio(s, { municipalityId: t.id, sectorId: o.sectorId ?? t.sector.id, valor: o.valor });
  await ownerQuery(
    s,
    `update patrimonios set data_aquisicao = $2, data_entrada_servico = $2, vida_util_meses = $3, residual_pct = $4
     where id = $1`,
    [p.id, o.entrada, o.vida, o.pct],
  );
  return p.id;
}

const lancamentos = (id: number) =>
  ownerQuery<{ competencia: string; quota: string; acumulada: string; valor_contabil: string }>(
    s,
    `select competencia, quota::text, acumulada::text, valor_contabil::text from depreciacao_lancamentos
     where patrimonio_id = $1 order by competencia`,
    [id],
  );
const contar = async (municipalityId: number) =>
  Number(
    (
      await ownerQuery<{ n: string }>(s, 'select count(*) n from depreciacao_lancamentos where municipality_id = $1', [
        municipalityId,
      ])
    )[0].n,
  );

describe('the worked example month by month through closes', () => {
  let t: TestTenant;
  let id: number;
  beforeAll(async () => {
    t = await newTenant(s);
    const tipo = await newTipoBem(s, t.id, { usefulLifeMonths: 120, residualValuePct: '10.00' });
    const p = await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id, valor: '10000.00' });
    await ownerQuery(s, `update patrimonios set tipo_id = $2, data_aquisicao = '2024-03-15' where id = $1`, [
      p.id,
      tipo.id,
    ]);
    id = p.id;
    await fecharAte(t, '2024-03', '2025-03');
  }, 120_000);

  it('R$ 75,00 a month from 04/2024; R$ 9.925,00 after one month, R$ 9.100,00 after 12; R$ 675,00 in 2024', async () => {
    const l = await lancamentos(id);
    expect(l[0]).toMatchObject({ competencia: '2024-03', quota: '0.00', valor_contabil: '10000.00' });
    expect(l[1]).toMatchObject({ competencia: '2024-04', quota: '75.00', valor_contabil: '9925.00' });
    expect(l.at(-1)).toMatchObject({ competencia: '2025-03', quota: '75.00', valor_contabil: '9100.00' });
    const em2024 = l.filter((x) => x.competencia.startsWith('2024')).reduce((a, x) => a + Number(x.quota) * 100, 0);
    expect(em2024).toBe(67500);
  });

  it('the schedule marks the closed months and the value on a date follows the entries', async () => {
    const d = (await (await api(t))('GET', `/api/depreciacao/patrimonios/${id}?data=2024-04-30`))
      .body as DepreciacaoPatrimonio;
    expect(d.valorContabil).toBe('9925.00');
    const fechadas = d.cronograma.filter((m) => m.fechada).map((m) => m.competencia);
    expect(fechadas[0]).toBe('2024-03');
    expect(fechadas.at(-1)).toBe('2025-03');
    expect(fechadas).toHaveLength(13);
    expect(d.cronograma.find((m) => m.competencia === '2025-04')).toMatchObject({ quota: '75.00', fechada: false });
    // Where entries exist the as-of value equals them: every month-end.
    for (const l of await lancamentos(id)) {
      const m = d.cronograma.find((x) => x.competencia === l.competencia)!;
      expect(m.valorContabil).toBe(l.valor_contabil);
    }
  });

  it('closing the same month twice: 409 and nothing changes; out of order 409; future 400', async () => {
    const antes = await contar(t.id);
    const a = await api(t);
    const dup = await a('POST', '/api/depreciacao/fechamentos', { competencia: '2025-03' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toContain('já está fechado');
    expect((await a('POST', '/api/depreciacao/fechamentos', { competencia: '2025-05' })).status).toBe(409);
    expect((await a('POST', '/api/depreciacao/fechamentos', { competencia: '2099-01' })).status).toBe(400);
    expect((await a('POST', '/api/depreciacao/fechamentos', { competencia: '2025-13' })).status).toBe(400);
    expect(await contar(t.id)).toBe(antes);
    const lista = (await a('GET', '/api/depreciacao/fechamentos')).body.fechamentos as FechamentoDepreciacao[];
    expect(lista).toHaveLength(13);
    expect(lista[0]).toMatchObject({ competencia: '2025-03', status: 'concluido', totalQuota: '75.00' });
  });

  it('reopening: admin only, only the last month, never once the month is locked in the accounting', async () => {
    const a = await api(t);
    expect((await (await api(t, 'supervisor'))('DELETE', '/api/depreciacao/fechamentos/2025-03')).status).toBe(403);
    const meio = await a('DELETE', '/api/depreciacao/fechamentos/2025-02');
    expect(meio.status).toBe(409);
    const antes = await lancamentos(id);
    // 03/2025 closed and past day 25 of 04/2025 (issue 36): locked, its entries stay.
    const r = await a('DELETE', '/api/depreciacao/fechamentos/2025-03');
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(
      'O mês 03/2025 está encerrado na contabilidade. Registre um estorno no mês aberto.',
    );
    expect(await lancamentos(id)).toEqual(antes);
  });

  it('a visualizador or usuario may not close (403); another municipality neither sees nor reopens it', async () => {
    expect(
      (await (await api(t, 'visualizador'))('POST', '/api/depreciacao/fechamentos', { competencia: '2025-04' })).status,
    ).toBe(403);
    expect(
      (await (await api(t, 'usuario'))('POST', '/api/depreciacao/fechamentos', { competencia: '2025-04' })).status,
    ).toBe(403);
    const outro = await newTenant(s);
    const antes = await contar(t.id);
    expect((await (await api(outro))('DELETE', '/api/depreciacao/fechamentos/2025-03')).status).toBe(409);
    expect((await (await api(outro))('GET', `/api/depreciacao/patrimonios/${id}`)).status).toBe(404);
    expect((await (await api(outro))('GET', '/api/depreciacao/fechamentos')).body.fechamentos).toEqual([]);
    expect(await contar(t.id)).toBe(antes);
  });

  it('an event in a closed month is refused (409); in the next open month it applies from there', async () => {
    const a = await api(t);
    const doc = { documento: 'Laudo 1/2025', motivo: 'Avaliação da comissão' };
    const r = await a('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
      competencia: '2025-03',
      valorRecuperavel: '8000.00',
      ...doc,
    });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toContain('já está fechada');
    const ok = await a('POST', `/api/patrimonios/${id}/reducoes-valor-recuperavel`, {
      competencia: '2025-04',
      valorRecuperavel: '8000.00',
      ...doc,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    await fecharAte(t, '2025-04', '2025-05');
    const l = await lancamentos(id);
    // April: 75,00 then the loss (9.025,00 → 8.000,00); May: (8.000 − 1.000) ÷ 107 rounded up = 65,43.
    expect(l.find((x) => x.competencia === '2025-04')).toMatchObject({ quota: '75.00', valor_contabil: '8000.00' });
    expect(l.find((x) => x.competencia === '2025-05')).toMatchObject({ quota: '65.43', valor_contabil: '7934.57' });
  });
});

/** The previous month stays open in the accounting until this month ends (prazo day 31: the last day). */
async function prazoAteOFimDoMes(t: TestTenant) {
  const a = await api(t);
  const { config } = (await a('GET', '/api/contabilidade/config')).body;
  expect((await a('PUT', '/api/contabilidade/config', { prazoDia: 31, version: config.version })).status).toBe(200);
}
const mesAtual = isoDayOf(new Date()).slice(0, 7);
const mesAnterior = competenciaDe(mesIndice(mesAtual) - 1);
const antesDoAnterior = competenciaDe(mesIndice(mesAtual) - 2);

describe('reopening a month still open in the accounting', () => {
  it('closing it again gives the same entries; close and reopening are in the activity log', async () => {
    const t = await newTenant(s);
    const id = await bem(t, { valor: '10000.00', vida: 120, pct: '10.00', entrada: '2024-03-15' });
    await prazoAteOFimDoMes(t);
    await fechar(t, mesAnterior);
    const antes = await lancamentos(id);
    expect((await (await api(t))('DELETE', `/api/depreciacao/fechamentos/${mesAnterior}`)).status).toBe(200);
    expect((await lancamentos(id)).map((x) => x.competencia)).not.toContain(mesAnterior);
    await fechar(t, mesAnterior, 'supervisor');
    expect(await lancamentos(id)).toEqual(antes);
    const audit = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where entity_type = 'DepreciacaoFechamento' and municipality_id = $1`,
      [t.id],
    );
    expect(audit.map((x) => x.action)).toEqual(
      expect.arrayContaining(['DEPRECIACAO_FECHAMENTO', 'DEPRECIACAO_FECHAMENTO_CONCLUIDO', 'DEPRECIACAO_REABERTURA']),
    );
  });
});

describe('a failed close', () => {
  it('may be requested again, and does not block reopening the last closed month', async () => {
    const t = await newTenant(s);
    await bem(t, { valor: '1200.00', vida: 600, pct: '0.00', entrada: '2024-01-10' });
    await prazoAteOFimDoMes(t);
    await fechar(t, antesDoAnterior);
    const falhou = (competencia: string) =>
      ownerQuery(
        s,
        `insert into depreciacao_closings (municipality_id, competencia, status, error) values ($1, $2, 'falhou', 'x')`,
        [t.id, competencia],
      );
    await falhou(mesAnterior);
    const a = await api(t);
    expect((await a('POST', '/api/depreciacao/fechamentos', { competencia: mesAtual })).status).toBe(409);
    await fechar(t, mesAnterior);
    await falhou(mesAtual);
    expect((await a('DELETE', `/api/depreciacao/fechamentos/${mesAnterior}`)).status).toBe(200);
    const l1 = (await a('GET', '/api/depreciacao/fechamentos')).body.fechamentos as FechamentoDepreciacao[];
    expect(l1.map((f) => f.competencia)).toEqual([antesDoAnterior]);
    await fechar(t, mesAnterior);
    const l = (await a('GET', '/api/depreciacao/fechamentos')).body.fechamentos as FechamentoDepreciacao[];
    expect(l.map((f) => [f.competencia, f.status, f.totalQuota])).toEqual([
      [mesAnterior, 'concluido', '2.00'],
      [antesDoAnterior, 'concluido', '2.00'],
    ]);
  });
});

describe('the first close may be any past month: the state comes from the asset', () => {
  it('first close 02/2024 of an asset in service since 15/03/2019, then 03/2024 = month 60: R$ 5.500,00', async () => {
    const t = await newTenant(s);
    const id = await bem(t, { valor: '10000.00', vida: 120, pct: '10.00', entrada: '2019-03-15' });
    await fecharAte(t, '2024-02', '2024-03');
    const l = await lancamentos(id);
    expect(l).toMatchObject([
      { competencia: '2024-02', quota: '75.00', valor_contabil: '5575.00' },
      { competencia: '2024-03', quota: '75.00', valor_contabil: '5500.00' },
    ]);
  });
});

/** A small deterministic generator (the failures must be reproducible). */
function gerador(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

const REGRAS: RegrasDepreciacao[] = (['mes_seguinte', 'mes_entrada', 'pro_rata'] as const).flatMap((inicio) =>
  (['recalculo', 'fixo'] as const).map((arredondamento) => ({ inicio, arredondamento })),
);

describe.each(REGRAS)('random assets against the engine ($inicio, $arredondamento)', (regras) => {
  it('every entry equals calcularCronograma for its month', async () => {
    const t = await newTenant(s);
    await ownerQuery(
      s,
      'insert into depreciacao_config (municipality_id, inicio, arredondamento) values ($1, $2, $3)',
      [t.id, regras.inicio, regras.arredondamento],
    );
    const rnd = gerador(mesIndice('2024-01') + regras.inicio.length * 7 + regras.arredondamento.length);
    const bens: Array<{ id: number; valor: string; vida: number; pct: string; entrada: string }> = [];
    for (let i = 0; i < 24; i++) {
      const o = {
        valor: `${1 + rnd(200000)}.${String(rnd(100)).padStart(2, '0')}`,
        vida: [1, 2, 3, 7, 12, 13, 60, 84, 120][rnd(9)],
        pct: ['0.00', '10.00', '12.50', '20.00', '33.33'][rnd(5)],
        entrada: `${2022 + rnd(3)}-${String(1 + rnd(12)).padStart(2, '0')}-${String(1 + rnd(28)).padStart(2, '0')}`,
      };
      bens.push({ ...o, id: await bem(t, o) });
    }
    await fecharAte(t, '2024-01', '2024-05');
    for (const b of bens) {
      const cron = calcularCronograma(
        { valorAquisicao: b.valor, residualPct: Number(b.pct), vidaUtilMeses: b.vida, dataEntradaServico: b.entrada },
        regras,
        [],
        '2024-05',
      );
      const esperado = cron.meses
        .filter((m) => m.competencia >= '2024-01' && m.competencia <= '2024-05')
        .map((m) => ({
          competencia: m.competencia,
          quota: m.quota,
          acumulada: m.acumulada,
          valor_contabil: m.valorContabil,
        }));
      expect(await lancamentos(b.id), JSON.stringify(b)).toEqual(esperado);
    }
  }, 120_000);
});

describe('GET /api/depreciacao/resumo', () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant(s);
    const outroSetor = await newSector(s, t.id);
    await bem(t, { valor: '10000.00', vida: 120, pct: '10.00', entrada: '2024-03-15' });
    await bem(t, { valor: '1234.56', vida: 60, pct: '0.00', entrada: '2023-11-02' });
    await bem(t, { valor: '5000.00', vida: 12, pct: '20.00', entrada: '2024-01-20', sectorId: outroSetor.id });
    await fecharAte(t, '2024-03', '2024-05');
  }, 120_000);

  it('defaults to the last closed month; totals equal the sum of the entries; by type and by sector', async () => {
    const r = (await (await api(t))('GET', '/api/depreciacao/resumo')).body as DepreciacaoResumo;
    expect(r.data).toBe('2024-05-31');
    expect(r.fechada).toBe(true);
    const [soma] = await ownerQuery<Record<string, string>>(
      s,
      `select sum(valor_bruto)::text bruto, sum(valor_contabil)::text contabil, sum(quota)::text quota, count(*)::text n
       from depreciacao_lancamentos where municipality_id = $1 and competencia = '2024-05'`,
      [t.id],
    );
    expect(r.totais).toEqual({
      valorBruto: soma.bruto,
      depreciacaoAcumulada: (Number(soma.bruto) - Number(soma.contabil)).toFixed(2),
      valorContabil: soma.contabil,
      quotaMes: soma.quota,
      bens: 3,
    });
    expect(r.porSetor.reduce((a, x) => a + x.bens, 0)).toBe(3);
    expect(r.porTipo.reduce((a, x) => a + Number(x.valorContabil) * 100, 0)).toBe(Number(soma.contabil) * 100);
    expect(r.serie.map((x) => x.competencia).filter((c) => c >= '2024-03')).toEqual(['2024-03', '2024-04', '2024-05']);
    expect(r.serie.at(-1)).toMatchObject({ quota: soma.quota, valorContabil: soma.contabil, fechada: true });
  });

  it('beyond the closed months it projects by the rules (equal to the entries once closed)', async () => {
    const a = await api(t);
    const proj = (await a('GET', '/api/depreciacao/resumo?data=2024-06-30')).body as DepreciacaoResumo;
    expect(proj.fechada).toBe(false);
    const longe = (await a('GET', '/api/depreciacao/resumo?data=2024-08-15')).body as DepreciacaoResumo;
    expect(longe.serie.at(-1)?.competencia).toBe('2024-07');
    await fechar(t, '2024-06');
    const fech = (await a('GET', '/api/depreciacao/resumo?data=2024-06-30')).body as DepreciacaoResumo;
    expect(fech.fechada).toBe(true);
    expect(fech.totais).toEqual(proj.totais);
    await fechar(t, '2024-07');
    const fech2 = (await a('GET', '/api/depreciacao/resumo?data=2024-08-15')).body as DepreciacaoResumo;
    expect(fech2.totais).toEqual(longe.totais);
  });

  it("a usuario sees only their sectors' assets", async () => {
    const r = (await (await api(t, 'usuario'))('GET', '/api/depreciacao/resumo')).body as DepreciacaoResumo;
    expect(r.totais.bens).toBe(2);
    expect(r.porSetor.map((x) => x.setorId)).toEqual([t.sector.id]);
    const v = await newUser(s, { municipalityId: t.id, role: 'visualizador' });
    expect((await client(s.url, await v.token())('GET', '/api/depreciacao/resumo')).status).toBe(200);
  });
});
