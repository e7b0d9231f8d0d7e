import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rmb, SaldosMes } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { startWorkerIfNeeded } from '../support/jobs';
import { newTenant, newTipoBem, type TestTenant } from '../support/factories';
import { cents, ledgerKit } from '../support/ledger';

// Issue 36, the monthly statement per account (RMB) and the month's balances, read from the ledger: opening +
// movements = closing on every line; the asset accounts hold the register's gross values and the (−) accumulated
// depreciation the depreciation API's figures, month after month; the balances of all accounts net to zero.

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
const { api, fechar, bem } = ledgerKit(() => s);

const COLUNAS = [
  'saldoAnterior',
  'incorporacoes',
  'baixas',
  'transferencias',
  'depreciacao',
  'reavaliacaoReducao',
] as const;

describe('the statement and the balances of a month', () => {
  let t: TestTenant;
  const bens: Array<{ id: number; valor: string }> = [];
  beforeAll(async () => {
    t = await newTenant(s);
    const info = await newTipoBem(s, t.id, { name: 'Equipamentos de processamento de dados', usefulLifeMonths: 60 });
    const movel = await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 });
    for (const [valor, tipoId, entrada, vida] of [
      ['6000.00', info.id, '2024-06-10', 60],
      ['1234.56', info.id, '2024-09-01', 60],
      ['2400.00', movel.id, '2024-05-20', 120],
    ] as const)
      bens.push({ id: (await bem(t, { valor, tipoId, entrada, vida })).id, valor });
    await fechar(t, '2025-01');
    await fechar(t, '2025-02');
  }, 180_000);

  const rmb = async (competencia: string) => {
    const r = await (await api(t))('GET', `/api/contabilidade/rmb?competencia=${competencia}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Rmb;
  };
  /** Σ over the test's assets of a month's figure from the depreciation API, in cents. */
  const doRegistro = async (competencia: string, campo: 'quota' | 'acumulada') => {
    let total = 0;
    for (const b of bens) {
      const d = (await (await api(t))('GET', `/api/depreciacao/patrimonios/${b.id}`)).body;
      total += cents(d.cronograma.find((m: { competencia: string }) => m.competencia === competencia)[campo]);
    }
    return total;
  };

  it('every line: opening + movements = closing; the totals are the sums of the lines', async () => {
    for (const competencia of ['2025-01', '2025-02', '2025-03']) {
      const r = await rmb(competencia);
      expect(r.contas.length).toBeGreaterThan(0);
      for (const linha of [...r.contas.map((c) => ({ ...c })), r.totais])
        expect(
          COLUNAS.reduce((sum, c) => sum + cents(linha[c]), 0),
          competencia,
        ).toBe(cents(linha.saldoAtual));
      for (const c of [...COLUNAS, 'saldoAtual'] as const)
        expect(r.contas.reduce((sum, l) => sum + cents(l[c]), 0)).toBe(cents(r.totais[c]));
    }
  });

  it("the asset accounts hold the register's cost; the (−) accumulated depreciation the depreciation API's", async () => {
    for (const [competencia, fechada] of [
      ['2025-01', true],
      ['2025-02', true],
    ] as const) {
      const r = await rmb(competencia);
      expect(r.fechada).toBe(fechada);
      const linha = (codigo: string) => r.contas.find((c) => c.conta.codigo === codigo)!;
      // The tenant's own asset (R$ 100,00, no type) is in 1.2.3.1.1.99.
      expect(cents(linha('1.2.3.1.1.02').saldoAtual)).toBe(600000 + 123456);
      expect(cents(linha('1.2.3.1.1.03').saldoAtual)).toBe(240000);
      const dep = linha('1.2.3.8.1.01');
      expect(cents(dep.depreciacao)).toBe(-(await doRegistro(competencia, 'quota')));
      expect(cents(dep.saldoAtual)).toBe(-(await doRegistro(competencia, 'acumulada')));
    }
    // The ledger started on 01/01/2025: its opening is January's opening balance, February's is January's closing.
    const [jan, fev] = [await rmb('2025-01'), await rmb('2025-02')];
    for (const l of fev.contas)
      expect(l.saldoAnterior).toBe(jan.contas.find((c) => c.conta.id === l.conta.id)!.saldoAtual);
    const mar = await rmb('2025-03');
    expect(mar.fechada).toBe(false);
    expect(mar.totais.depreciacao).toBe('0.00');
    expect(mar.totais.saldoAtual).toBe(fev.totais.saldoAtual);
  });

  it('the balances of every account net to zero; CSV for the treasury; a bad month is a 400', async () => {
    const a = await api(t);
    const r = (await a('GET', '/api/contabilidade/saldos?competencia=2025-02')).body as SaldosMes;
    expect(r.saldos.reduce((sum, l) => sum + cents(l.saldo), 0)).toBe(0);
    expect(r.saldos.reduce((sum, l) => sum + cents(l.debitos), 0)).toBe(
      r.saldos.reduce((sum, l) => sum + cents(l.creditos), 0),
    );
    const fev = await rmb('2025-02');
    for (const l of fev.contas)
      expect(r.saldos.find((x) => x.conta.id === l.conta.id)!.saldo, l.conta.codigo).toBe(l.saldoAtual);

    const res = await fetch(`${s.url}/api/contabilidade/saldos?competencia=2025-02&formato=csv`, {
      headers: { Authorization: `Bearer ${await t.users.admin.token()}` },
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const linhas = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas[0]).toBe('layout;competencia;conta_codigo;conta_nome;papel;debitos;creditos;saldo');
    expect(linhas).toHaveLength(1 + r.saldos.length);
    expect(linhas[1].split(';').slice(0, 2)).toEqual(['tombo-saldos-v1', '02/2025']);
    expect(linhas[1].split(';')[7]).toMatch(/^-?\d+,\d{2}$/);

    for (const q of ['competencia=2025-13', 'competencia=fev', ''])
      expect((await a('GET', `/api/contabilidade/rmb?${q}`)).status).toBe(400);
  });
});

describe("the reconciliation with the accounting system's balances", () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await newTenant(s);
    const info = await newTipoBem(s, t.id, { name: 'Equipamentos de processamento de dados', usefulLifeMonths: 60 });
    await bem(t, { valor: '6000.00', tipoId: info.id, entrada: '2024-06-10', vida: 60 });
    await fechar(t, '2025-01');
  }, 120_000);

  async function enviar(csv: string | Buffer, fields: Record<string, string> = { competencia: '2025-01' }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)]), 'saldos.csv');
    const res = await fetch(`${s.url}/api/contabilidade/conciliacoes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await t.users.admin.token()}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  it('equal balances differ by zero; one account off shows its difference; Latin-1 and D/C written balances', async () => {
    const saldos = ((await (await api(t))('GET', '/api/contabilidade/saldos?competencia=2025-01')).body as SaldosMes)
      .saldos;
    const escrito = (saldo: string) => {
      const c = cents(saldo);
      const abs = (Math.abs(c) / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 });
      return `${abs} ${c < 0 ? 'C' : 'D'}`;
    };
    const iguais = ['Conta;Saldo', ...saldos.map((l) => `${l.conta.codigo};${escrito(l.saldo)}`)].join('\r\n');
    const r1 = await enviar(Buffer.from(iguais, 'latin1'));
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r1.body.conciliacao.competencia).toBe('2025-01');
    expect(r1.body.conciliacao.diferencas.map((d: { diferenca: string }) => d.diferenca)).toEqual(
      saldos.map(() => '0.00'),
    );

    const ativo = saldos.find((l) => l.conta.codigo === '1.2.3.1.1.02')!;
    const menos = ((cents(ativo.saldo) - 10050) / 100).toFixed(2);
    const outro = saldos.map((l) =>
      l === ativo ? `${l.conta.codigo};${menos.replace('.', ',')}` : `${l.conta.codigo};${escrito(l.saldo)}`,
    );
    const r2 = await enviar(outro.join('\n'));
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    const dif = r2.body.conciliacao.diferencas.filter((d: { diferenca: string }) => d.diferenca !== '0.00');
    expect(dif).toEqual([
      {
        conta: { id: ativo.conta.id, codigo: '1.2.3.1.1.02', nome: ativo.conta.nome },
        tombo: ativo.saldo,
        contabilidade: menos,
        diferenca: '100.50',
      },
    ]);
  });

  it('unknown accounts and bad numbers: 400 naming the lines; the month and the fields are checked', async () => {
    const r = await enviar('conta;saldo\n9.9.9;10,00\n1.2.3.1.1.02;dez reais\n1.2.3.1.1.03');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('Linha 2: a conta "9.9.9" não está no plano de contas.');
    expect(r.body.error.message).toContain('Linha 3: saldo inválido "dez reais".');
    expect(r.body.error.message).toContain('Linha 4: falta o saldo.');
    expect(r.body.error.fields.file).toBeTruthy();
    expect((await enviar('conta;saldo\n')).status).toBe(400);
    expect((await enviar('1.2.3.1.1.02;1,00', { competencia: '2025-13' })).status).toBe(400);
    expect((await enviar('1.2.3.1.1.02;1,00', {})).status).toBe(400);
    expect((await enviar('1.2.3.1.1.02;1,00', { competencia: '2025-01', extra: 'x' })).status).toBe(400);
  });
});
