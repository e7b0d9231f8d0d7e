import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal, prefeituraOf, type DiarioPagina, type Job, type Razao, type Rmb } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { pdfPageSize, pdfText } from '../support/pdf';
import { newTenant, newTipoBem, ownerQuery, type TestTenant } from '../support/factories';
import { cents, ledgerKit } from '../support/ledger';

// Issue 36, "Reports": the monthly statement (RMB), the journal and an account's ledger as papers, through the
// `contabilidade-relatorio.generate` job: the PDF (read back with pdftotext) carries the municipality's header, the
// figures of the JSON APIs, page numbers and the signature lines; the XLSX's cells hold the same numbers. Bad input
// and another municipality's account change nothing (no job); the request needs contabilidade:read.

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

const ACUM = '1.2.3.8.1.01';
let t: TestTenant;
let outro: TestTenant;
let acum: number;

beforeAll(async () => {
  [t, outro] = [await newTenant(s), await newTenant(s)];
  const info = await newTipoBem(s, t.id, { name: 'Equipamentos de processamento de dados', usefulLifeMonths: 60 });
  const movel = await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 });
  await bem(t, { valor: '6000.00', tipoId: info.id, entrada: '2024-06-10', vida: 60 });
  await bem(t, { valor: '1234.56', tipoId: info.id, entrada: '2024-09-01', vida: 60 });
  await bem(t, { valor: '2400.00', tipoId: movel.id, entrada: '2024-05-20', vida: 120 });
  await fechar(t, '2025-01');
  await fechar(t, '2025-02');
  const plano = (await (await api(t))('GET', '/api/contabilidade/plano')).body.contas;
  acum = plano.find((c: { codigo: string }) => c.codigo === ACUM).id;
}, 240_000);

const squeeze = (x: string) => x.replace(/\s+/g, ' ');
const br = (v: string) => formatDecimal(v, 2);

/** Asks for a paper as `role`, waits for its job and downloads the file. */
async function papel(body: Record<string, unknown>, role: 'admin' | 'supervisor' = 'admin') {
  const token = await t.users[role].token();
  const r = await client(s.url, token)('POST', '/api/contabilidade/relatorios', body);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  expect(r.body.job.name).toBe('contabilidade-relatorio.generate');
  const job: Job = await waitJob(s, token, r.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  const { res, bytes } = await jobDownload(s, token, job.id);
  expect(res.status).toBe(200);
  return { job, bytes, type: res.headers.get('content-type') };
}

async function pdf(body: Record<string, unknown>, role: 'admin' | 'supervisor' = 'admin') {
  const p = await papel({ ...body, formato: 'pdf' }, role);
  expect(p.type).toBe('application/pdf');
  const paginas = await pdfText(p.bytes);
  return { ...p, paginas, texto: squeeze(paginas.join(' ')) };
}

async function planilha(body: Record<string, unknown>) {
  const p = await papel({ ...body, formato: 'xlsx' });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(p.bytes as unknown as ArrayBuffer);
  return { ...p, wb, ws: wb.worksheets[0] };
}

/** What every paper carries: the municipality's header, the signature lines and page numbers. */
function cabecalhoEAssinaturas(texto: string, paginas: string[]) {
  expect(texto).toContain(prefeituraOf(t.name));
  expect(texto).toContain('Contador(a) — CRC nº');
  expect(texto).toContain('Responsável pelo patrimônio');
  expect(texto).toContain(`Página 1 de ${paginas.length}`);
}

describe('the monthly statement (RMB)', () => {
  it('PDF: header, móveis per account with their total, the grand total, every figure of the API, signatures', async () => {
    const rmb: Rmb = (await (await api(t))('GET', '/api/contabilidade/rmb?competencia=2025-02')).body;
    const { job, texto, paginas, bytes } = await pdf({ tipo: 'rmb', competencia: '2025-02' }, 'supervisor');
    expect(job.title).toBe('Demonstrativo Mensal de Bens Patrimoniais (RMB) — 02/2025 (PDF)');
    expect(job.fileName).toMatch(/^demonstrativo-mensal-rmb-2025-02-gerado-\d{4}-\d{2}-\d{2}\.pdf$/);
    const page = await pdfPageSize(bytes);
    expect(page.width).toBeGreaterThan(page.height);
    cabecalhoEAssinaturas(texto, paginas);
    expect(texto).toContain('Demonstrativo Mensal de Bens Patrimoniais (RMB) — 02/2025');
    expect(texto).toContain('Mês fechado: a depreciação do mês está lançada.');
    expect(texto).toContain('Bens móveis');
    expect(texto).toContain('Nenhuma conta de bens imóveis com lançamentos até 02/2025.');
    for (const c of rmb.contas) {
      expect(c.grupo).toBe('moveis');
      const linha = [c.saldoAnterior, c.incorporacoes, c.baixas, c.transferencias, c.depreciacao, c.reavaliacaoReducao];
      // The names wrap in their column: the code, then the seven figures in order.
      expect(texto).toMatch(
        new RegExp(
          `${c.conta.codigo.replace(/\./g, '\\.')} — \\D*${[...linha, c.saldoAtual].map(br).join(' ').replace(/[.()]/g, '\\$&')}`,
        ),
      );
    }
    const t2 = rmb.subtotais.moveis;
    expect(t2).toEqual(rmb.totais);
    expect(texto).toContain(`Total de bens móveis ${br(t2.saldoAnterior)}`);
    expect(texto).toContain(`Total geral (móveis e imóveis) ${br(rmb.totais.saldoAnterior)}`);
    expect(texto).toContain(br(rmb.totais.saldoAtual));
  });

  it('XLSX: one row per account, the totals in bold, the cells are the numbers of the API', async () => {
    const rmb: Rmb = (await (await api(t))('GET', '/api/contabilidade/rmb?competencia=2025-02')).body;
    const { ws, wb, job } = await planilha({ tipo: 'rmb', competencia: '2025-02' });
    expect(job.fileName).toMatch(/\.xlsx$/);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Grupo',
      'Conta',
      'Nome da conta',
      'Saldo anterior',
      'Incorporações',
      'Baixas',
      'Transferências',
      'Depreciação',
      'Reavaliação / redução',
      'Saldo atual',
    ]);
    rmb.contas.forEach((c, i) => {
      const row = ws.getRow(2 + i);
      expect(row.getCell(2).value).toBe(c.conta.codigo);
      expect(row.getCell(4).value).toBe(Number(c.saldoAnterior));
      expect(row.getCell(8).value).toBe(Number(c.depreciacao));
      expect(row.getCell(10).value).toBe(Number(c.saldoAtual));
    });
    const total = ws.getRow(ws.rowCount);
    expect(total.getCell(3).value).toBe('Total geral (móveis e imóveis)');
    expect(total.getCell(10).value).toBe(Number(rmb.totais.saldoAtual));
    expect(total.font?.bold).toBe(true);
    expect(wb.worksheets[1].name).toBe('Identificação');
    expect(wb.worksheets[1].getRow(1).values).toEqual([undefined, 'Prefeitura', prefeituraOf(t.name)]);
  });
});

describe('the journal and the ledger', () => {
  it('journal PDF: every entry with its accounts and the period totals; XLSX with the same debits and credits', async () => {
    const d: DiarioPagina = (await (await api(t))('GET', '/api/contabilidade/diario?de=2025-01-01&ate=2025-02-28'))
      .body;
    const { texto, paginas, job } = await pdf({ tipo: 'diario', de: '2025-01-01', ate: '2025-02-28' });
    expect(job.title).toBe('Livro Diário — 01/01/2025 a 28/02/2025 (PDF)');
    cabecalhoEAssinaturas(texto, paginas);
    expect(texto).toContain('Livro Diário — 01/01/2025 a 28/02/2025');
    for (const l of d.lancamentos) {
      expect(texto).toMatch(new RegExp(`${l.data.split('-').reverse().join('/')} ${l.id} `));
      for (const p of l.partidas) expect(texto).toContain(`${p.conta.codigo} — `);
    }
    expect(texto).toContain('Saldo de abertura');
    expect(texto).toMatch(/Depreciação — Depreciação de 01\/2025/);
    expect(texto).toContain(
      `Totais do período (${d.totais.lancamentos} lançamentos) ${br(d.totais.debito)} ${br(d.totais.credito)}`,
    );

    const { ws } = await planilha({ tipo: 'diario', de: '2025-01-01', ate: '2025-02-28' });
    expect(ws.name).toBe('Diário');
    let debito = 0;
    let credito = 0;
    const linhas = d.lancamentos.reduce((n, l) => n + l.partidas.length, 0);
    for (let i = 2; i < 2 + linhas; i++) {
      debito += Math.round(Number(ws.getRow(i).getCell(7).value ?? 0) * 100);
      credito += Math.round(Number(ws.getRow(i).getCell(8).value ?? 0) * 100);
    }
    expect(debito).toBe(cents(d.totais.debito));
    expect(credito).toBe(cents(d.totais.credito));
    expect(ws.getRow(2).getCell(1).value).toEqual(new Date('2025-01-01T00:00:00Z'));
    const total = ws.getRow(2 + linhas);
    expect(total.getCell(4).value).toBe(`Totais do período (${d.totais.lancamentos} lançamentos)`);
    expect(total.getCell(7).value).toBe(Number(d.totais.debito));
  });

  it('ledger PDF and XLSX of (−) accumulated depreciation: opening, each movement with its balance, closing', async () => {
    const q = `contaId=${acum}&de=2025-02-01&ate=2025-02-28`;
    const r: Razao = (await (await api(t))('GET', `/api/contabilidade/razao?${q}`)).body;
    expect(r.movimentos.length).toBeGreaterThan(0);
    const body = { tipo: 'razao', contaId: acum, de: '2025-02-01', ate: '2025-02-28' };
    const { texto, paginas, job } = await pdf(body);
    expect(job.title).toBe(`Livro Razão — ${ACUM}, 01/02/2025 a 28/02/2025 (PDF)`);
    expect(job.fileName).toMatch(/^livro-razao-1\.2\.3\.8\.1\.01-2025-02-01-a-2025-02-28-gerado-.*\.pdf$/);
    cabecalhoEAssinaturas(texto, paginas);
    expect(texto).toContain(`Saldo anterior a 01/02/2025 ${br(r.saldoAnterior)}`);
    for (const m of r.movimentos) expect(texto).toContain(br(m.saldo));
    expect(texto).toContain(
      `Totais do período e saldo em 28/02/2025 ${br(r.debitos)} ${br(r.creditos)} ${br(r.saldoFinal)}`,
    );

    const { ws } = await planilha(body);
    expect(ws.getRow(2).getCell(8).value).toBe(Number(r.saldoAnterior));
    r.movimentos.forEach((m, i) => {
      expect(ws.getRow(3 + i).getCell(2).value).toBe(m.lancamentoId);
      expect(ws.getRow(3 + i).getCell(8).value).toBe(Number(m.saldo));
    });
    const fim = ws.getRow(3 + r.movimentos.length);
    expect([fim.getCell(5).value, fim.getCell(6).value, fim.getCell(8).value]).toEqual(
      [r.debitos, r.creditos, r.saldoFinal].map(Number),
    );
  });
});

describe('refusals', () => {
  const jobsDe = async () =>
    Number(
      (await ownerQuery<{ n: string }>(s, 'select count(*) as n from jobs where municipality_id = $1', [t.id]))[0].n,
    );

  it("400 with the field for bad input, 404 for another municipality's account: no job either way", async () => {
    const a = await api(t);
    const antes = await jobsDe();
    for (const [body, campo] of [
      [{ tipo: 'rmb', competencia: '2025-13', formato: 'pdf' }, 'competencia'],
      [{ tipo: 'rmb', formato: 'pdf' }, 'competencia'],
      [{ tipo: 'rmb', competencia: '2025-01', formato: 'docx' }, 'formato'],
      [{ tipo: 'balanco', competencia: '2025-01', formato: 'pdf' }, 'tipo'],
      [{ tipo: 'diario', de: '2025-03-01', ate: '2025-02-01', formato: 'pdf' }, 'ate'],
      [{ tipo: 'diario', de: '2025-02-01', formato: 'xlsx' }, 'ate'],
      [{ tipo: 'diario', de: '2025-02-01', ate: '2025-02-28', contaId: acum, formato: 'pdf' }, 'contaId'],
      [{ tipo: 'razao', de: '2025-02-01', ate: '2025-02-28', formato: 'pdf' }, 'contaId'],
      [{ tipo: 'razao', contaId: acum, de: '2025-02-01', ate: '2025-02-31', formato: 'pdf' }, 'ate'],
      [{ tipo: 'rmb', competencia: '2025-01', de: '2025-01-01', formato: 'pdf' }, 'de'],
    ] as const) {
      const r = await a('POST', '/api/contabilidade/relatorios', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.fields?.[campo], `${JSON.stringify(body)} → ${JSON.stringify(r.body)}`).toBeTruthy();
    }
    const alheia = (await (await api(outro))('GET', '/api/contabilidade/plano')).body.contas[0].id;
    for (const contaId of [alheia, 999_999]) {
      const r = await a('POST', '/api/contabilidade/relatorios', {
        tipo: 'razao',
        contaId,
        de: '2025-01-01',
        ate: '2025-01-31',
        formato: 'xlsx',
      });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe('Conta contábil não encontrada.');
    }
    expect(await jobsDe()).toBe(antes);
  });
});
