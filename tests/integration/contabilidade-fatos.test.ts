import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayOf, type LancamentoContabil } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { startWorkerIfNeeded } from '../support/jobs';
import { newTenant, newTipoBem, type TestTenant } from '../support/factories';
import { cents, ledgerKit } from '../support/ledger';

// Issue 36, the postings of an asset's facts (../shared/ACCOUNTING.md, "Facts → entries"): a revaluation up and
// down, an impairment and its reversal with the depreciation engine's figures; a write-off and a donation given
// from the ledger's own balances of the asset, which end at zero; a write-off in a locked month is refused whole;
// undoing a write-off reverses its entry. The ledger per account agrees with the depreciation API for the asset.

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

const hoje = isoDayOf(new Date());
const { api, fechar, todos, bem: bemDe } = ledgerKit(() => s);
/** An asset with the documents a posting carries (processo, nota fiscal, empenho). */
const bem = (t: TestTenant, o: { valor: string; tipoId: number | null; entrada: string; vida: number }) =>
  bemDe(t, { ...o, processo: 'PA 12/2024', notaFiscal: 'NF 991', empenho: 'EMP 2024/77' });

/** Σ debit − Σ credit in cents per account code over the partidas of one asset (its conta corrente). */
function saldosDoBem(ls: LancamentoContabil[], numero: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of ls)
    for (const p of l.partidas)
      if (p.contaCorrente?.startsWith(`${numero} — `))
        out[p.conta.codigo] = (out[p.conta.codigo] ?? 0) + cents(p.debito) - cents(p.credito);
  return out;
}

/** An entry's partidas as [code, debit cents, credit cents], in order. */
const linhas = (l: LancamentoContabil) => l.partidas.map((p) => [p.conta.codigo, cents(p.debito), cents(p.credito)]);

function balanceado(l: LancamentoContabil) {
  const d = l.partidas.reduce((x, p) => x + cents(p.debito), 0);
  const c = l.partidas.reduce((x, p) => x + cents(p.credito), 0);
  expect(d, `entry ${l.id}`).toBe(c);
}

const INFO = '1.2.3.1.1.02';
const MOVEIS = '1.2.3.1.1.03';
const ACUM = '1.2.3.8.1.01';
const RVR = '1.2.3.9.1.01';
const RESERVA = '2.3.6.1.1.01';

describe('revaluation, impairment, reversal, write-off and donation post what ACCOUNTING.md gives', () => {
  let t: TestTenant;
  let x: { id: number; numero: string };
  let y: { id: number; numero: string };
  let d: { id: number; numero: string };
  const tipoInfo = 'Equipamentos de processamento de dados';
  beforeAll(async () => {
    t = await newTenant(s);
    const info = await newTipoBem(s, t.id, { name: tipoInfo, usefulLifeMonths: 60 });
    const movel = await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 });
    // R$ 200,00 a month from 02/2024; R$ 100,00 from 07/2024; R$ 25,00 from 06/2024.
    x = await bem(t, { valor: '12000.00', tipoId: info.id, entrada: '2024-01-10', vida: 60 });
    y = await bem(t, { valor: '6000.00', tipoId: info.id, entrada: '2024-06-10', vida: 60 });
    d = await bem(t, { valor: '3000.00', tipoId: movel.id, entrada: '2024-05-20', vida: 120 });
    await fechar(t, '2025-01');
  }, 120_000);

  const evento = async (id: number, path: string, body: object) => {
    const r = await (
      await api(t)
    )('POST', `/api/patrimonios/${id}/${path}`, {
      documento: 'Laudo 7/2025',
      motivo: 'Avaliação da comissão',
      ...body,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  };
  const depreciacao = async (id: number, data: string) =>
    (await (await api(t))('GET', `/api/depreciacao/patrimonios/${id}?data=${data}`)).body;
  const doFato = async (fato: string, numero: string) =>
    (await todos(t)).filter((l) => l.fato === fato && l.documento.numero === numero);

  /**
   * After the close of `mes`: the ledger's balances of asset X per account equal the depreciation API's figures
   * (gross, accumulated depreciation, impairment, reserve, and each event's result by account).
   */
  async function confere(mes: string) {
    const dep = await depreciacao(x.id, `${mes}-28`);
    const m = dep.cronograma.find((c: { competencia: string }) => c.competencia === mes);
    expect(m.fechada).toBe(true);
    const ate = dep.eventos.filter((e: { competencia: string }) => e.competencia <= mes);
    const reav = ate.filter((e: { tipo: string }) => e.tipo === 'reavaliacao').at(-1);
    const bruto = cents(reav ? reav.valor : dep.valorAquisicao);
    const efeitos = dep.efeitos.filter((e: { competencia: string }) => e.competencia <= mes) as Array<{
      tipo: string;
      reserva: string;
      resultado: string;
    }>;
    const soma = (f: (e: (typeof efeitos)[number]) => number) => efeitos.reduce((acc, e) => acc + f(e), 0);
    const saldo = saldosDoBem(await todos(t), x.numero);
    expect(saldo[INFO] ?? 0, `gross ${mes}`).toBe(bruto);
    expect(0 - (saldo[ACUM] ?? 0), `accumulated ${mes}`).toBe(cents(m.acumulada));
    expect(0 - (saldo[RVR] ?? 0), `impairment ${mes}`).toBe(bruto - cents(m.acumulada) - cents(m.valorContabil));
    expect((saldo[INFO] ?? 0) + (saldo[ACUM] ?? 0) + (saldo[RVR] ?? 0), `book value ${mes}`).toBe(
      cents(m.valorContabil),
    );
    expect(0 - (saldo[RESERVA] ?? 0), `reserve ${mes}`).toBe(soma((e) => cents(e.reserva)));
    const res = (tipo: string, sinal: 1 | -1) =>
      soma((e) => (e.tipo === tipo && sinal * cents(e.resultado) > 0 ? sinal * cents(e.resultado) : 0));
    expect(0 - (saldo['4.6.1.1.1.01'] ?? 0), `VPA revaluation ${mes}`).toBe(res('reavaliacao', 1));
    expect(saldo['3.6.1.1.1.01'] ?? 0, `VPD revaluation ${mes}`).toBe(res('reavaliacao', -1));
    expect(saldo['3.6.1.2.1.01'] ?? 0, `VPD impairment ${mes}`).toBe(res('reducao', -1));
    expect(0 - (saldo['4.6.5.1.1.01'] ?? 0), `VPA reversal ${mes}`).toBe(res('reversao', 1));
  }

  it('a revaluation up: accumulated depreciation eliminated against the asset, the increase to the reserve', async () => {
    // 02/2025: 13 months of R$ 200,00 → book R$ 9.400,00; revalued to R$ 12.000,00: R$ 2.600,00 to the reserve.
    await evento(x.id, 'reavaliacoes', { competencia: '2025-02', valor: '12000.00', vidaUtilRestanteMeses: 40 });
    const [l] = await doFato('reavaliacao', x.numero);
    expect(l.data).toBe('2025-02-28');
    expect(linhas(l)).toEqual([
      [ACUM, 260000, 0],
      [INFO, 0, 260000],
      [INFO, 260000, 0],
      [RESERVA, 0, 260000],
    ]);
    balanceado(l);
    expect(l.partidas.every((p) => p.contaCorrente === `${x.numero} — ${tipoInfo}`)).toBe(true);
    expect(l.documento).toMatchObject({
      patrimonioId: x.id,
      numero: x.numero,
      processo: 'PA 12/2024',
      notaFiscal: 'NF 991',
      empenho: 'EMP 2024/77',
      referencia: 'Laudo 7/2025',
      motivo: 'Avaliação da comissão',
    });
    expect(l.historico).toContain(`Reavaliação do bem ${x.numero} em 02/2025`);
    await fechar(t, '2025-02');
    await confere('2025-02');
  });

  it('an impairment: D VPD impairment / C (−) impairment for the loss', async () => {
    // 03/2025: R$ 12.000,00 − R$ 300,00 = R$ 11.700,00; recoverable R$ 9.000,00 → loss R$ 2.700,00.
    await evento(x.id, 'reducoes-valor-recuperavel', { competencia: '2025-03', valorRecuperavel: '9000.00' });
    // Y: 9 months of R$ 100,00 → R$ 5.100,00; recoverable R$ 4.000,00 → R$ 1.100,00.
    await evento(y.id, 'reducoes-valor-recuperavel', { competencia: '2025-03', valorRecuperavel: '4000.00' });
    const [l] = await doFato('reducao', x.numero);
    expect(l.data).toBe('2025-03-31');
    expect(linhas(l)).toEqual([
      ['3.6.1.2.1.01', 270000, 0],
      [RVR, 0, 270000],
    ]);
    expect(l.partidas.every((p) => p.contaCorrente === `${x.numero} — ${tipoInfo}`)).toBe(true);
    expect(linhas((await doFato('reducao', y.numero))[0])).toEqual([
      ['3.6.1.2.1.01', 110000, 0],
      [RVR, 0, 110000],
    ]);
    await fechar(t, '2025-03');
    await confere('2025-03');
  });

  it("a reversal: D (−) impairment / C VPA reversal for the engine's capped amount", async () => {
    await evento(x.id, 'reducoes-valor-recuperavel/reversao', { competencia: '2025-04' });
    const dep = await depreciacao(x.id, '2025-04-30');
    const efeito = dep.efeitos.find((e: { tipo: string }) => e.tipo === 'reversao');
    // Capped: R$ 11.400,00 without the impairment − (R$ 9.000,00 − ⌈9.000/39⌉ = 230,77) = R$ 2.630,77.
    expect(efeito.resultado).toBe('2630.77');
    const [l] = await doFato('reversao', x.numero);
    expect(l.data).toBe('2025-04-30');
    expect(linhas(l)).toEqual([
      [RVR, 263077, 0],
      ['4.6.5.1.1.01', 0, 263077],
    ]);
    await fechar(t, '2025-04');
    await confere('2025-04');
  });

  it('a revaluation down: what is left of impairment and depreciation eliminated, the reserve first, then VPD', async () => {
    await evento(x.id, 'reavaliacoes', { competencia: '2025-05', valor: '5000.00', vidaUtilRestanteMeses: 30 });
    const dep = await depreciacao(x.id, '2025-05-31');
    const efeito = dep.efeitos.at(-1);
    const mar = dep.cronograma.find((c: { competencia: string }) => c.competencia === '2025-03');
    const abr = dep.cronograma.find((c: { competencia: string }) => c.competencia === '2025-04');
    const mai = cents(dep.cronograma.find((c: { competencia: string }) => c.competencia === '2025-05').quota);
    // Accumulated since the revaluation of 02/2025: March, April and May's amounts; impairment left R$ 69,23.
    const acumulada = cents(mar.quota) + cents(abr.quota) + mai;
    const antes = 1200000 - acumulada - 6923;
    expect(cents(efeito.variacao)).toBe(500000 - antes);
    expect(efeito.reserva).toBe('-2600.00');
    const [, l] = await doFato('reavaliacao', x.numero);
    expect(l.data).toBe('2025-05-31');
    expect(linhas(l)).toEqual([
      [ACUM, acumulada, 0],
      [RVR, 6923, 0],
      [INFO, 0, acumulada + 6923],
      [RESERVA, 260000, 0],
      ['3.6.1.1.1.01', antes - 500000 - 260000, 0],
      [INFO, 0, antes - 500000],
    ]);
    balanceado(l);
    await fechar(t, '2025-05');
    await confere('2025-05');
  });

  it('a write-off in a locked month: 409 with the accounting message; the asset stays, nothing is written', async () => {
    const a = await api(t);
    const p = (await a('GET', `/api/patrimonios/${y.id}`)).body.patrimonio;
    const antes = (await todos(t)).length;
    const r = await a('PUT', `/api/patrimonios/${y.id}`, {
      status: 'baixado',
      dataBaixa: '2025-03-15',
      version: p.version,
    });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(
      'O mês 03/2025 está encerrado na contabilidade. Registre um estorno no mês aberto.',
    );
    expect((await a('GET', `/api/patrimonios/${y.id}`)).body.patrimonio.status).toBe(p.status);
    expect((await todos(t)).length).toBe(antes);
  });

  it("a write-off: D (−) depreciation, D (−) impairment, D VPD write-off (book value), C asset; the asset's accounts end at zero", async () => {
    const a = await api(t);
    const dep = await depreciacao(y.id, '2025-05-31');
    const acumulada = cents(dep.cronograma.find((c: { competencia: string }) => c.competencia === '2025-05').acumulada);
    const saldo = saldosDoBem(await todos(t), y.numero);
    expect(-saldo[ACUM]).toBe(acumulada);
    expect(saldo[RVR]).toBe(-110000);
    const p = (await a('GET', `/api/patrimonios/${y.id}`)).body.patrimonio;
    const r = await a('PUT', `/api/patrimonios/${y.id}`, { status: 'baixado', version: p.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [l] = await doFato('baixa', y.numero);
    expect(l.data).toBe(hoje);
    expect(linhas(l)).toEqual([
      [ACUM, acumulada, 0],
      [RVR, 110000, 0],
      ['3.6.5.1.1.01', 600000 - acumulada - 110000, 0],
      [INFO, 0, 600000],
    ]);
    balanceado(l);
    expect(l.partidas.every((x) => x.contaCorrente === `${y.numero} — ${tipoInfo}`)).toBe(true);
    expect(l.documento).toMatchObject({ patrimonioId: y.id, numero: y.numero, processo: 'PA 12/2024' });
    expect(l.historico).toContain(`Baixa do bem ${y.numero}`);
    const depois = saldosDoBem(await todos(t), y.numero);
    expect([depois[INFO], depois[ACUM], depois[RVR]]).toEqual([0, 0, 0]);
  });

  it('undoing the write-off reverses its entry: the asset is back in the ledger', async () => {
    const a = await api(t);
    const [orig] = await doFato('baixa', y.numero);
    const p = (await a('GET', `/api/patrimonios/${y.id}`)).body.patrimonio;
    const r = await a('PUT', `/api/patrimonios/${y.id}`, { status: 'ativo', version: p.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ls = await todos(t);
    const estorno = ls.find((l) => l.estornoDe === orig.id)!;
    expect(estorno.fato).toBe('estorno');
    expect(linhas(estorno)).toEqual(linhas(orig).map(([c, dd, cc]) => [c, cc, dd]));
    expect(saldosDoBem(ls, y.numero)[INFO]).toBe(600000);
  });

  it('a donation given: D (−) depreciation, D VPD donations given (book value), C asset', async () => {
    const sup = await api(t, 'supervisor');
    const pedido = await (
      await api(t)
    )('POST', '/api/transferencias', {
      patrimonioId: d.id,
      type: 'doacao',
      motivo: 'Bem ocioso',
      destinatario: 'Escola Estadual Centro',
    });
    expect(pedido.status, JSON.stringify(pedido.body)).toBe(201);
    const ok = await sup('POST', `/api/transferencias/${pedido.body.transferencia.id}/decisao`, {
      status: 'aprovada',
      version: 0,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // R$ 25,00 a month, June 2024 to May 2025 closed (the opening and four closes): R$ 300,00.
    const [l] = await doFato('doacao', d.numero);
    expect(l.data).toBe(hoje);
    expect(linhas(l)).toEqual([
      [ACUM, 30000, 0],
      ['3.5.2.2.1.01', 270000, 0],
      [MOVEIS, 0, 300000],
    ]);
    expect(l.documento.motivo).toContain('Escola Estadual Centro');
    const depois = saldosDoBem(await todos(t), d.numero);
    expect([depois[MOVEIS], depois[ACUM]]).toEqual([0, 0]);
  });

  it('every entry of the municipality balances', async () => {
    for (const l of await todos(t)) balanceado(l);
  });
});

describe('a write-off before the ledger opens posts nothing', () => {
  it('the asset is not in the opening either: never half in the ledger', async () => {
    const t = await newTenant(s);
    const tipo = await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 });
    const p = await bem(t, { valor: '1000.00', tipoId: tipo.id, entrada: '2024-03-01', vida: 10 });
    const a = await api(t);
    const v = (await a('GET', `/api/patrimonios/${p.id}`)).body.patrimonio.version;
    const r = await a('PUT', `/api/patrimonios/${p.id}`, { status: 'baixado', version: v });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await todos(t)).toEqual([]);
    await fechar(t, '2025-01');
    const ls = await todos(t);
    expect(ls.length).toBeGreaterThan(0);
    expect(saldosDoBem(ls, p.numero)).toEqual({});
  });
});
