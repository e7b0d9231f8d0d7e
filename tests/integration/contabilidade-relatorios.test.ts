import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiarioPagina, LancamentoDiario, Razao, Rmb, SaldosMes } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { startWorkerIfNeeded } from '../support/jobs';
import { newTenant, newTipoBem, ownerQuery, type TestTenant } from '../support/factories';
import { cents, ledgerKit, saldos } from '../support/ledger';

// Issue 36, "Reports": the journal (diário) and the ledger per account (razão) of a period as JSON, read from the
// entries. The journal lists every entry of the period once, in date order, each balanced, with its lines summed
// per account; the ledger's opening + movements = closing, its running balance ends at the closing, and the closing
// is the balance of the saldos API and the statement (RMB). Bad input and another municipality's account or cursor
// are refused; the routes need contabilidade:read.

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
const { api, fechar, bem, todos } = ledgerKit(() => s);

const INFO = '1.2.3.1.1.02';
const ACUM = '1.2.3.8.1.01';
let t: TestTenant;
let outro: TestTenant;
/** The tenant's chart: code → id. */
const contas = new Map<string, number>();

beforeAll(async () => {
  [t, outro] = [await newTenant(s), await newTenant(s)];
  const info = await newTipoBem(s, t.id, { name: 'Equipamentos de processamento de dados', usefulLifeMonths: 60 });
  const movel = await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 });
  await bem(t, { valor: '6000.00', tipoId: info.id, entrada: '2024-06-10', vida: 60 });
  const baixado = await bem(t, { valor: '1234.56', tipoId: info.id, entrada: '2024-09-01', vida: 60 });
  await bem(t, { valor: '2400.00', tipoId: movel.id, entrada: '2024-05-20', vida: 120 });
  await fechar(t, '2025-01');
  // A write-off in February (open): the ledger gets debits and credits on the asset and depreciation accounts.
  const a = await api(t);
  const p = (await a('GET', `/api/patrimonios/${baixado.id}`)).body.patrimonio;
  const r = await a('PUT', `/api/patrimonios/${baixado.id}`, {
    status: 'baixado',
    dataBaixa: '2025-02-10',
    version: p.version,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await fechar(t, '2025-02');
  for (const c of (await a('GET', '/api/contabilidade/plano')).body.contas) contas.set(c.codigo, c.id);
}, 240_000);

/** Every page of the journal of a period, `limit` entries at a time. */
async function diarioInteiro(de: string, ate: string, limit = 500) {
  const a = await api(t);
  const paginas: DiarioPagina[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `de=${de}&ate=${ate}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const r = await a<DiarioPagina>('GET', `/api/contabilidade/diario?${q}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    paginas.push(r.body);
    cursor = r.body.cursor;
  } while (cursor);
  return { paginas, lancamentos: paginas.flatMap((p) => p.lancamentos) };
}

/** Every page of an account's ledger. */
async function razaoInteiro(codigo: string, de: string, ate: string, limit = 500) {
  const a = await api(t);
  const paginas: Razao[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `contaId=${contas.get(codigo)}&de=${de}&ate=${ate}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const r = await a<Razao>('GET', `/api/contabilidade/razao?${q}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    paginas.push(r.body);
    cursor = r.body.cursor;
  } while (cursor);
  return { ...paginas[0], movimentos: paginas.flatMap((p) => p.movimentos), paginas: paginas.length };
}

const soma = (ls: LancamentoDiario[], lado: 'debito' | 'credito') =>
  ls.reduce((x, l) => x + l.partidas.reduce((y, p) => y + cents(p[lado]), 0), 0);

describe('the journal (diário)', () => {
  it('every entry of the period once, in date order, balanced; its lines summed per account as the pull API has them', async () => {
    const { paginas, lancamentos } = await diarioInteiro('2025-01-01', '2025-02-28');
    expect(paginas).toHaveLength(1);
    const puxados = await todos(t, '&de=2025-01-01&ate=2025-02-28');
    expect(lancamentos.map((l) => l.id).sort((a, b) => a - b)).toEqual(puxados.map((l) => l.id));
    const ordem = lancamentos.map((l) => `${l.data}:${String(l.id).padStart(10, '0')}`);
    expect(ordem).toEqual([...ordem].sort());
    expect(lancamentos.map((l) => l.fato)).toEqual(expect.arrayContaining(['abertura', 'depreciacao', 'baixa']));
    for (const l of lancamentos) expect(soma([l], 'debito'), `entry ${l.id}`).toBe(soma([l], 'credito'));
    // The lines summed per account and side: the same balances as the pull API's lines, the count of lines kept.
    const porConta: Record<string, number> = {};
    for (const l of lancamentos)
      for (const p of l.partidas)
        porConta[p.conta.codigo] = (porConta[p.conta.codigo] ?? 0) + cents(p.debito) - cents(p.credito);
    expect(Object.fromEntries(Object.entries(porConta).filter(([, v]) => v !== 0))).toEqual(
      Object.fromEntries(Object.entries(saldos(puxados)).filter(([, v]) => v !== 0)),
    );
    const linhas = lancamentos.reduce((x, l) => x + l.partidas.reduce((y, p) => y + p.linhas, 0), 0);
    expect(linhas).toBe(puxados.reduce((x, l) => x + l.partidas.length, 0));
    // The period's totals: every entry, debits = credits = the sums of the lines.
    const { totais } = paginas[0];
    expect(totais.lancamentos).toBe(lancamentos.length);
    expect(cents(totais.debito)).toBe(soma(lancamentos, 'debito'));
    expect(totais.credito).toBe(totais.debito);
  });

  it('pages of two follow one another with no entry lost or repeated; a narrower period keeps its own entries', async () => {
    const todas = (await diarioInteiro('2025-01-01', '2025-02-28')).lancamentos;
    const { paginas, lancamentos } = await diarioInteiro('2025-01-01', '2025-02-28', 2);
    expect(paginas.length).toBe(Math.ceil(todas.length / 2));
    expect(lancamentos).toEqual(todas);
    for (const p of paginas) expect(p.totais).toEqual(paginas[0].totais);
    const fev = (await diarioInteiro('2025-02-01', '2025-02-28')).lancamentos;
    expect(fev.length).toBeGreaterThan(0);
    expect(fev.every((l) => l.data >= '2025-02-01' && l.data <= '2025-02-28')).toBe(true);
    expect(fev).toEqual(todas.filter((l) => l.data >= '2025-02-01'));
  });
});

describe('the ledger per account (razão)', () => {
  it('opening + movements = closing; the running balance ends at the closing; closing = saldos API = RMB', async () => {
    const a = await api(t);
    const rmb: Rmb = (await a('GET', '/api/contabilidade/rmb?competencia=2025-02')).body;
    const mes: SaldosMes = (await a('GET', '/api/contabilidade/saldos?competencia=2025-02')).body;
    expect(rmb.contas.length).toBeGreaterThan(1);
    for (const linha of rmb.contas) {
      const r = await razaoInteiro(linha.conta.codigo, '2025-02-01', '2025-02-28');
      const movimento = r.movimentos.reduce((x, m) => x + cents(m.debito) - cents(m.credito), 0);
      expect(cents(r.debitos) - cents(r.creditos), linha.conta.codigo).toBe(movimento);
      expect(cents(r.saldoAnterior) + movimento).toBe(cents(r.saldoFinal));
      expect(r.movimentos.at(-1)?.saldo ?? r.saldoAnterior).toBe(r.saldoFinal);
      expect(r.saldoAnterior, linha.conta.codigo).toBe(linha.saldoAnterior);
      expect(r.saldoFinal, linha.conta.codigo).toBe(linha.saldoAtual);
      expect(r.saldoFinal).toBe(mes.saldos.find((x) => x.conta.id === linha.conta.id)!.saldo);
    }
    // Every account with lines, not only the statement's: the VPD of depreciation.
    const vpd = mes.saldos.find((x) => x.conta.papel === 'vpd_depreciacao')!;
    expect((await razaoInteiro(vpd.conta.codigo, '2025-01-01', '2025-02-28')).saldoFinal).toBe(vpd.saldo);
  });

  it("from the ledger's first day: nothing before it, the opening is a movement; pages of one carry the balance", async () => {
    const r = await razaoInteiro(INFO, '2025-01-01', '2025-02-28');
    expect(r.conta).toMatchObject({ codigo: INFO, papel: 'ativo' });
    expect(r.saldoAnterior).toBe('0.00');
    expect(r.movimentos[0]).toMatchObject({ fato: 'abertura', debito: '7234.56', credito: '0.00', linhas: 2 });
    const baixa = r.movimentos.find((m) => m.fato === 'baixa')!;
    expect(baixa).toMatchObject({ data: '2025-02-10', credito: '1234.56' });
    expect(r.saldoFinal).toBe('6000.00');
    const umPorVez = await razaoInteiro(INFO, '2025-01-01', '2025-02-28', 1);
    expect(umPorVez.paginas).toBe(r.movimentos.length);
    expect(umPorVez.movimentos).toEqual(r.movimentos);
    const dep = await razaoInteiro(ACUM, '2025-01-01', '2025-02-28');
    expect(dep.movimentos.map((m) => m.fato)).toEqual(expect.arrayContaining(['depreciacao', 'baixa']));
    expect(cents(dep.saldoFinal)).toBeLessThan(0);
  });

  it('a period with no movement: the balance carried, no line', async () => {
    const r = await razaoInteiro(INFO, '2025-03-01', '2025-03-31');
    expect(r.movimentos).toEqual([]);
    expect(r.saldoAnterior).toBe('6000.00');
    expect(r.saldoFinal).toBe('6000.00');
    expect([r.debitos, r.creditos]).toEqual(['0.00', '0.00']);
  });
});

describe('bad input, another municipality, roles', () => {
  it('400 with the field for a bad or inverted period, a bad limit or a garbage cursor', async () => {
    const a = await api(t);
    const conta = contas.get(INFO);
    for (const [q, campo] of [
      ['de=2025-01-01', 'ate'],
      ['de=2025-02-30&ate=2025-03-01', 'de'],
      ['de=2025-03-01&ate=2025-02-01', 'ate'],
      ['de=01/02/2025&ate=2025-02-28', 'de'],
      ['de=2025-01-01&ate=2025-01-31&limit=501', 'limit'],
      ['de=2025-01-01&ate=2025-01-31&cursor=lixo!', 'cursor'],
      ['de=2025-01-01&ate=2025-01-31&extra=1', ''],
    ]) {
      for (const path of [`/api/contabilidade/diario?${q}`, `/api/contabilidade/razao?contaId=${conta}&${q}`]) {
        const r = await a('GET', path);
        expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(400);
        if (campo) expect(r.body.error.fields?.[campo], path).toBeTruthy();
      }
    }
    const inv = await a('GET', '/api/contabilidade/diario?de=2025-03-01&ate=2025-02-01');
    expect(inv.body.error.fields.ate).toBe('A data final deve ser igual ou posterior à inicial.');
    expect((await a('GET', '/api/contabilidade/razao?de=2025-01-01&ate=2025-01-31')).status).toBe(400);
  });

  it("404 for an unknown account, another municipality's account or another municipality's cursor", async () => {
    const a = await api(t);
    const alheia = (await (await api(outro))('GET', '/api/contabilidade/plano')).body.contas[0].id;
    for (const id of [alheia, 999_999_999]) {
      const r = await a('GET', `/api/contabilidade/razao?contaId=${id}&de=2025-01-01&ate=2025-01-31`);
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe('Conta contábil não encontrada.');
    }
    const pagina = (await a('GET', '/api/contabilidade/diario?de=2025-01-01&ate=2025-02-28&limit=1')).body;
    expect(pagina.cursor).toBeTruthy();
    const b = await api(outro);
    expect(
      (await b('GET', `/api/contabilidade/diario?de=2025-01-01&ate=2025-02-28&cursor=${pagina.cursor}`)).status,
    ).toBe(404);
    const [conta] = await ownerQuery<{ id: number }>(
      s,
      'select id from contas_contabeis where municipality_id = $1 limit 1',
      [outro.id],
    );
    const q: string = `contaId=${conta.id}&de=2025-01-01&ate=2025-02-28&cursor=${pagina.cursor}`;
    expect((await b('GET', `/api/contabilidade/razao?${q}`)).status).toBe(404);
  });

  it('the supervisor reads them; the usuario and the visualizador get 403', async () => {
    const q = `de=2025-01-01&ate=2025-01-31`;
    const sup = await api(t, 'supervisor');
    expect((await sup('GET', `/api/contabilidade/diario?${q}`)).status).toBe(200);
    expect((await sup('GET', `/api/contabilidade/razao?contaId=${contas.get(INFO)}&${q}`)).status).toBe(200);
    for (const role of ['usuario', 'visualizador'] as const) {
      const c = client(s.url, await t.users[role].token());
      expect((await c('GET', `/api/contabilidade/diario?${q}`)).status, role).toBe(403);
      expect((await c('GET', `/api/contabilidade/razao?contaId=${contas.get(INFO)}&${q}`)).status, role).toBe(403);
      expect(
        (await c('POST', '/api/contabilidade/relatorios', { tipo: 'rmb', competencia: '2025-01', formato: 'pdf' }))
          .status,
        role,
      ).toBe(403);
    }
  });
});
