import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competenciaDe, isoDayOf, mesIndice, type LancamentoContabil } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { startWorkerIfNeeded } from '../support/jobs';
import { newFormaAquisicao, newTenant, newTipoBem, type TestTenant } from '../support/factories';
import { cents, ledgerKit, saldos } from '../support/ledger';

// Issue 36, incorporation: an asset registered after the ledger opened is debited to its asset account at cost
// against the counterpart its origin names (a purchase: the transitory account, the subsidiary ledger's record
// when the accounting system posts it; a donation received: VPA donations; another form: VPA incorporation; an
// asset acquired before the ledger started: the opening's counterpart). The next close credits the depreciation
// it carried before, so the ledger per asset equals the depreciation API; a reopening reverses that too.

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
const mesAnterior = competenciaDe(mesIndice(hoje.slice(0, 7)) - 1);
const mesAntes = competenciaDe(mesIndice(hoje.slice(0, 7)) - 2);
const { api, fechar, bem, todos } = ledgerKit(() => s);

const INFO = '1.2.3.1.1.02';
const ACUM = '1.2.3.8.1.01';
const TRANSITORIA = '1.2.3.1.1.97';
const ABERTURA = '2.3.7.1.1.03';
const VPA_DOACAO = '4.5.2.2.1.01';
const VPA_INCORPORACAO = '4.6.3.1.1.01';

/** Σ debit − Σ credit in cents per account over one asset's partidas. */
const doBem = (ls: LancamentoContabil[], numero: string) =>
  saldos(ls.map((l) => ({ ...l, partidas: l.partidas.filter((p) => p.contaCorrente?.startsWith(`${numero} — `)) })));

describe('incorporation entries', () => {
  let t: TestTenant;
  let tipoId: number;
  const formas: Record<string, number> = {};
  const criados: Record<string, { id: number; numero: string }> = {};

  beforeAll(async () => {
    t = await newTenant(s);
    tipoId = (await newTipoBem(s, t.id, { name: 'Equipamentos de processamento de dados', usefulLifeMonths: 60 })).id;
    for (const nome of ['Compra direta', 'Doação', 'Produção própria'])
      formas[nome] = (await newFormaAquisicao(s, t.id, { nome })).id;
    const a = await api(t);
    const cfg = (await a('GET', '/api/contabilidade/config')).body.config;
    // Last month stays open until this one ends: it can be reopened.
    expect((await a('PUT', '/api/contabilidade/config', { prazoDia: 31, version: cfg.version })).status).toBe(200);
    // The ledger opens at the first close (the month before last), from the register as it is then.
    await bem(t, { valor: '1000.00', tipoId, entrada: '2024-01-10', vida: 60 });
    await fechar(t, mesAntes);
  });

  const criar = async (nome: string, body: Record<string, unknown>) => {
    const r = await (
      await api(t)
    )('POST', '/api/patrimonios', {
      descricao_bem: `Incorporado ${nome}`,
      tipoId,
      sectorId: t.sector.id,
      vidaUtilMeses: 60,
      residualPct: '0',
      ...body,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    criados[nome] = { id: r.body.patrimonio.id, numero: r.body.patrimonio.numero_patrimonio };
    const [l] = (await todos(t)).filter(
      (x) => x.fato === 'incorporacao' && x.documento.numero === criados[nome].numero,
    );
    return l;
  };
  const linhas = (l: LancamentoContabil) => l.partidas.map((p) => [p.conta.codigo, cents(p.debito), cents(p.credito)]);

  it('a purchase: D asset / C transitory, the subsidiary record of what the accounting system posts', async () => {
    const l = await criar('compra', {
      valor_aquisicao: '1200.00',
      data_aquisicao: hoje,
      formaAquisicaoId: formas['Compra direta'],
      notaFiscalNumero: 'NF 4411',
      empenho: 'EMP 2026/9',
    });
    expect(l.data).toBe(hoje);
    expect(linhas(l)).toEqual([
      [INFO, 120000, 0],
      [TRANSITORIA, 0, 120000],
    ]);
    expect(l.documento).toMatchObject({ notaFiscal: 'NF 4411', empenho: 'EMP 2026/9', registroAuxiliar: true });
    expect(l.historico).toContain('registro auxiliar');
    expect(l.partidas.every((p) => p.contaCorrente?.startsWith(`${criados.compra.numero} — `))).toBe(true);
  });

  it('a donation received, another form, and an asset acquired before the ledger started', async () => {
    const doacao = await criar('doacao', {
      valor_aquisicao: '500.00',
      data_aquisicao: `${mesAnterior}-10`,
      formaAquisicaoId: formas['Doação'],
    });
    expect(linhas(doacao)).toEqual([
      [INFO, 50000, 0],
      [VPA_DOACAO, 0, 50000],
    ]);
    expect(doacao.documento.registroAuxiliar).toBeUndefined();
    const producao = await criar('producao', {
      valor_aquisicao: '80.00',
      data_aquisicao: hoje,
      formaAquisicaoId: formas['Produção própria'],
    });
    expect(linhas(producao)).toEqual([
      [INFO, 8000, 0],
      [VPA_INCORPORACAO, 0, 8000],
    ]);
    const antigo = await criar('antigo', {
      valor_aquisicao: '6000.00',
      data_aquisicao: '2025-02-15',
      formaAquisicaoId: formas['Compra direta'],
    });
    expect(linhas(antigo)).toEqual([
      [INFO, 600000, 0],
      [ABERTURA, 0, 600000],
    ]);
  });

  it('a batch posts one entry with a line per asset on each side', async () => {
    const r = await (
      await api(t)
    )('POST', '/api/patrimonios/lote', {
      descricao_bem: 'Cadeira em lote',
      tipoId,
      sectorId: t.sector.id,
      valor_aquisicao: '150.00',
      data_aquisicao: hoje,
      formaAquisicaoId: formas['Doação'],
      quantity: 3,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const ls = (await todos(t)).filter((l) => l.fato === 'incorporacao' && l.historico.includes('de 3 bens'));
    expect(ls).toHaveLength(1);
    expect(ls[0].partidas).toHaveLength(6);
    expect(saldos(ls)).toEqual({ [INFO]: 45000, [VPA_DOACAO]: -45000 });
  });

  it('the next close credits the depreciation carried before; the ledger per asset equals the depreciation API', async () => {
    await fechar(t, mesAnterior);
    const ls = await todos(t);
    const anteriores = ls.filter((l) => l.fato === 'incorporacao' && l.documento.competencia === mesAnterior);
    expect(anteriores).toHaveLength(1);
    expect(anteriores[0].partidas.map((p) => p.conta.codigo).sort()).toEqual([ACUM, ABERTURA]);
    for (const nome of ['antigo', 'doacao']) {
      const { id, numero } = criados[nome];
      const dep = (await (await api(t))('GET', `/api/depreciacao/patrimonios/${id}?data=${mesAnterior}-28`)).body;
      const m = dep.cronograma.find((c: { competencia: string }) => c.competencia === mesAnterior);
      expect(m.fechada).toBe(true);
      const saldo = doBem(ls, numero);
      expect(0 - (saldo[ACUM] ?? 0), `${nome}: accumulated`).toBe(cents(m.acumulada));
      expect((saldo[INFO] ?? 0) + (saldo[ACUM] ?? 0), `${nome}: book value`).toBe(cents(m.valorContabil));
    }
    // Every entry balances, so the whole ledger nets to zero.
    expect(Object.values(saldos(ls)).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('reopening the month reverses the depreciation carried before with the month', async () => {
    const a = await api(t);
    const r = await a('DELETE', `/api/depreciacao/fechamentos/${mesAnterior}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ls = await todos(t);
    const anterior = ls.find((l) => l.fato === 'incorporacao' && l.documento.competencia === mesAnterior)!;
    expect(anterior.estornadoPor).not.toBeNull();
    const saldo = doBem(ls, criados.antigo.numero);
    expect(saldo[ACUM] ?? 0).toBe(0);
    expect(saldo[INFO]).toBe(600000);
  });

  it('an asset created before the ledger opens posts nothing (the opening takes it)', async () => {
    const u = await newTenant(s);
    const r = await (
      await api(u)
    )('POST', '/api/patrimonios', {
      descricao_bem: 'Antes do livro',
      tipoId: (await newTipoBem(s, u.id)).id,
      sectorId: u.sector.id,
      valor_aquisicao: '10.00',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await todos(u)).toEqual([]);
  });
});

describe('an edit the ledger follows: a corrected value and a new type', () => {
  it('a corrected acquisition value reverses the old and posts the new; a new type moves the balances', async () => {
    const t = await newTenant(s);
    const info = (await newTipoBem(s, t.id, { name: 'Equipamentos de processamento de dados', usefulLifeMonths: 60 }))
      .id;
    const moveis = (await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 })).id;
    const velho = await bem(t, { valor: '2400.00', tipoId: info, entrada: '2024-01-10', vida: 60 });
    await fechar(t, mesAntes);
    const a = await api(t);
    const ficha = async () => (await a('GET', `/api/patrimonios/${velho.id}`)).body.patrimonio;

    // The value: one `correcao` entry, reversal of the old and the new, on the opening's counterpart.
    let r = await a('PUT', `/api/patrimonios/${velho.id}`, {
      valor_aquisicao: '2500.00',
      version: (await ficha()).version,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [c] = (await todos(t)).filter((l) => l.fato === 'correcao');
    expect(c.data).toBe(hoje);
    expect(c.partidas.map((p) => [p.conta.codigo, cents(p.debito), cents(p.credito)])).toEqual([
      [ABERTURA, 240000, 0],
      [INFO, 0, 240000],
      [INFO, 250000, 0],
      [ABERTURA, 0, 250000],
    ]);
    expect(doBem(await todos(t), velho.numero)[INFO]).toBe(250000);

    // The type: every balance of the asset moves to the new type's accounts; the old ones end at zero.
    const antes = doBem(await todos(t), velho.numero);
    r = await a('PUT', `/api/patrimonios/${velho.id}`, { tipoId: moveis, version: (await ficha()).version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ls = await todos(t);
    const [tr] = ls.filter((l) => l.fato === 'transferencia');
    expect(tr.historico).toContain('Mobiliário em geral');
    const depois = doBem(ls, velho.numero);
    const MOVEIS = '1.2.3.1.1.03';
    expect(depois[INFO]).toBe(0);
    expect(depois[MOVEIS]).toBe(antes[INFO]);
    expect(depois[ACUM]).toBe(antes[ACUM]); // móveis and informática share the (−) accumulated depreciation account
    // Written off, a new value posts nothing (its accounts are at zero).
    r = await a('PUT', `/api/patrimonios/${velho.id}`, { status: 'baixado', version: (await ficha()).version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    r = await a('PUT', `/api/patrimonios/${velho.id}`, { valor_aquisicao: '1.00', version: (await ficha()).version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await todos(t)).filter((l) => l.fato === 'correcao')).toHaveLength(1);
    const fim = doBem(await todos(t), velho.numero);
    expect([fim[INFO], fim[MOVEIS], fim[ACUM]]).toEqual([0, 0, 0]);
  });
});
