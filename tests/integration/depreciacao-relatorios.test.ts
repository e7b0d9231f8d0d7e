import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centavos,
  decimal,
  prefeituraOf,
  type DepreciacaoPatrimonio,
  type DepreciacaoRelatorio,
  type Job,
} from '@tombo/shared';
import { read } from '../../server/src/db/tx';
import { relatorioDepreciacao } from '../../server/src/modules/depreciacao-relatorios/data';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { pdfPageSize, pdfText } from '../support/pdf';
import {
  newFechamento,
  newLancamento,
  newPatrimonio,
  newSector,
  newTipoBem,
  ownerQuery,
  world,
  type TestPatrimonio,
  type TestSector,
  type TestUser,
  type TestWorld,
} from '../support/factories';

// /relatorios/depreciacao (issue 14): the report kinds over closed entries (inserted here as the monthly close
// writes them) and the rules beyond them; totals equal the sum of the entries; scope, roles, PDF and XLSX.

let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;
let s2: TestSector;
let a1: TestPatrimonio;
let a2: TestPatrimonio;
let arte: TestPatrimonio;
const as = async (u: TestUser) => client(s.url, await u.token());
const squeeze = (t: string) => t.replace(/\s+/g, ' ');
const sum = (xs: string[]) => decimal(xs.reduce((t, x) => t + centavos(x), 0n));

async function setAsset(p: TestPatrimonio, tipo: { id: number; name: string }, valor: string, entrada: string) {
  await ownerQuery(
    s,
    `update patrimonios set tipo_id = $2, tipo_nome = $3, valor_aquisicao = $4, data_aquisicao = $5 where id = $1`,
    [p.id, tipo.id, tipo.name, valor, entrada],
  );
}

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
  s2 = await newSector(s, w.A.id, { name: 'Secretaria de Obras (teste)' });
  const mob = await newTipoBem(s, w.A.id, {
    name: 'Mobiliário em geral',
    usefulLifeMonths: 120,
    residualValuePct: '10',
  });
  const info = await newTipoBem(s, w.A.id, {
    name: 'Processamento de dados',
    usefulLifeMonths: 60,
    residualValuePct: '10',
  });
  const obra = await newTipoBem(s, w.A.id, { name: 'Obras de arte', usefulLifeMonths: 120 });
  await ownerQuery(s, 'update tipos_bens set depreciable = false where id = $1', [obra.id]);
  a1 = w.A.asset; // in w.A.sector, the usuario's
  a2 = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: s2.id, descricao: 'Notebook da obra' });
  arte = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: s2.id, descricao: 'Quadro a óleo' });
  await setAsset(a1, mob, '10000.00', '2024-03-15');
  await setAsset(a2, info, '6000.00', '2024-02-10');
  await setAsset(arte, obra, '50000.00', '2020-01-01');
  await setAsset(w.B.asset, mob, '777.00', '2024-01-01');
  // Two closed months; the entries' figures are the close's (a1 as the issue's example, a2 (6.000 − 600) ÷ 60 = 90).
  for (const c of ['2024-04', '2024-05']) await newFechamento(s, w.A.id, c);
  await newFechamento(s, w.B.id, '2024-04');
  const e = (
    p: TestPatrimonio,
    competencia: string,
    valorBruto: string,
    quota: string,
    acumulada: string,
    vc: string,
  ) => newLancamento(s, w.A.id, { patrimonioId: p.id, competencia, valorBruto, quota, acumulada, valorContabil: vc });
  await e(a1, '2024-04', '10000.00', '75.00', '75.00', '9925.00');
  await e(a1, '2024-05', '10000.00', '75.00', '150.00', '9850.00');
  await e(a2, '2024-03', '6000.00', '90.00', '90.00', '5910.00'); // not a closed month: left out
  await e(a2, '2024-04', '6000.00', '90.00', '180.00', '5820.00');
  await e(a2, '2024-05', '6000.00', '90.00', '270.00', '5730.00');
  await newLancamento(s, w.B.id, {
    patrimonioId: w.B.asset.id,
    competencia: '2024-04',
    valorBruto: '777.00',
    quota: '5.83',
    acumulada: '11.66',
    valorContabil: '765.34',
  });
  await ownerQuery(
    s,
    `insert into depreciacao_eventos (municipality_id, patrimonio_id, tipo, competencia, valor, vida_util_restante_meses,
                                      documento, motivo, created_by_name)
     values ($1, $2, 'reavaliacao', '2024-06', 7000, 60, 'Laudo 12/2024', 'Avaliação da comissão', 'Ana')`,
    [w.A.id, a2.id],
  );
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

const dados = async (u: TestUser, q: string) => {
  const r = await (await as(u))('GET', `/api/depreciacao/relatorios/dados?${q}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as DepreciacaoRelatorio;
};
const entries = (competencias: string[], col: string) =>
  ownerQuery<{ v: string }>(
    s,
    `select coalesce(sum(${col}), 0)::text as v from depreciacao_lancamentos
      where municipality_id = $1 and competencia = any($2)`,
    [w.A.id, competencias],
  ).then((r) => decimal(centavos(r[0].v)));

describe('report data: totals equal the sum of the entries', () => {
  it("'Por período': the closed months' amounts, the total their sum", async () => {
    const r = await dados(w.A.users.admin, 'tipo=periodo&competenciaDe=2024-01&competenciaAte=2024-12');
    expect(r.linhas.map((l) => l.competencia)).toEqual(['04/2024', '05/2024']);
    expect(r.linhas.map((l) => l.quota)).toEqual(['165.00', '165.00']);
    expect(r.linhas.map((l) => l.valorContabil)).toEqual(['15745.00', '15580.00']);
    expect(r.totais.quota).toBe(await entries(['2024-04', '2024-05'], 'quota'));
    expect(r.totais.quota).toBe('330.00');
    expect(r.ultimaFechada).toBe('2024-05');
    const one = await dados(
      w.A.users.admin,
      `tipo=periodo&competenciaDe=2024-05&competenciaAte=2024-05&sectorId=${s2.id}`,
    );
    expect(one.linhas).toEqual([
      {
        competencia: '05/2024',
        bens: 1,
        quota: '90.00',
        valorBruto: '6000.00',
        perdas: '0.00',
        valorContabil: '5730.00',
      },
    ]);
  });

  it("'Por setor' and 'Por tipo' on a closed month's last day: the entries of that month, grouped", async () => {
    const setor = await dados(w.A.users.admin, 'tipo=setor&data=2024-05-31');
    expect(setor.linhas.map((l) => l.grupo).sort()).toEqual([w.A.sector.name, s2.name].sort());
    expect(setor.totais.valorContabil).toBe(await entries(['2024-05'], 'valor_contabil'));
    expect(setor.totais.acumulada).toBe(await entries(['2024-05'], 'acumulada'));
    expect(setor.totais.valorBruto).toBe(await entries(['2024-05'], 'valor_bruto'));
    expect(setor.totais.quota).toBe(await entries(['2024-05'], 'quota'));
    expect(setor.totais.bens).toBe(2); // the work of art is not depreciated
    const tipo = await dados(w.A.users.admin, 'tipo=tipo&data=2024-05-31');
    expect(tipo.linhas.map((l) => [l.grupo, l.valorContabil])).toEqual([
      ['Mobiliário em geral', '9850.00'],
      ['Processamento de dados', '5730.00'],
    ]);
    expect(tipo.totais.valorContabil).toBe(sum(tipo.linhas.map((l) => String(l.valorContabil))));
  });

  it("'Valor contábil em uma data': closed entries, and the rules beyond the last closed month", async () => {
    const admin = await as(w.A.users.admin);
    const past = await dados(w.A.users.admin, 'tipo=valor_contabil&data=2024-04-30');
    expect(past.linhas.map((l) => [l.numero, l.valorContabil, l.origem])).toEqual(
      [
        [a1.numero, '9925.00', 'Fechado'],
        [a2.numero, '5820.00', 'Fechado'],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(past.totais.valorContabil).toBe(await entries(['2024-04'], 'valor_contabil'));
    // A future date: projected by the engine, the same figure as the asset's own schedule.
    const future = await dados(w.A.users.admin, 'tipo=valor_contabil&data=2029-03-31');
    const l1 = future.linhas.find((l) => l.numero === a1.numero)!;
    expect(l1).toMatchObject({ valorContabil: '5500.00', origem: 'Projetado' });
    const d2 = (await admin('GET', `/api/depreciacao/patrimonios/${a2.id}?data=2029-03-31`))
      .body as DepreciacaoPatrimonio;
    const l2 = future.linhas.find((l) => l.numero === a2.numero)!;
    expect(l2.valorContabil).toBe(d2.valorContabil);
    expect(l2.valorBruto).toBe('7000.00'); // revalued in 06/2024
    expect(future.totais.valorContabil).toBe(sum(future.linhas.map((l) => String(l.valorContabil))));
  });

  it("'Reavaliações e reduções': the events with document and reason", async () => {
    const r = await dados(w.A.users.supervisor, 'tipo=eventos');
    expect(r.linhas).toEqual([
      expect.objectContaining({
        competencia: '06/2024',
        numero: a2.numero,
        tipo: 'Reavaliação',
        valor: '7000.00',
        documento: 'Laudo 12/2024',
        motivo: 'Avaliação da comissão',
        autor: 'Ana',
      }),
    ]);
    expect(r.totais.lancamentos).toBe(1);
  });

  it("a usuario's scope sees only their sectors' assets; another municipality's entries never count", async () => {
    const scope = scopeOfMunicipality(w.A.id, [w.A.sector.id]);
    const r = await read(s.ctx, scope, (tx) =>
      relatorioDepreciacao(tx, scope, { tipo: 'periodo', competenciaDe: '2024-01', competenciaAte: '2024-12' }),
    );
    expect(r.totais.quota).toBe('150.00');
    const b = await dados(w.B.users.admin, 'tipo=periodo&competenciaDe=2024-01&competenciaAte=2024-12');
    expect(b.totais.quota).toBe('5.83');
    // Filtering by another municipality's sector finds nothing.
    const x = await dados(w.A.users.admin, `tipo=setor&data=2024-05-31&sectorId=${w.B.sector.id}`);
    expect(x.linhas).toEqual([]);
  });
});

describe('bad input and roles', () => {
  it('400 with pt-BR messages; visualizador and usuario (no reports:generate) 403', async () => {
    const admin = await as(w.A.users.admin);
    const bad: Array<[string, string]> = [
      ['tipo=periodo', 'Informe as competências inicial e final.'],
      [
        'tipo=periodo&competenciaDe=2024-05&competenciaAte=2024-01',
        'A competência final deve ser igual ou posterior à inicial.',
      ],
      ['tipo=periodo&competenciaDe=2024-13&competenciaAte=2024-12', 'Competência inválida (use AAAA-MM).'],
      ['tipo=setor&data=2024-02-30', 'Data inválida (use AAAA-MM-DD).'],
      ['tipo=outro', 'Tipo de relatório inválido.'],
    ];
    for (const [q, message] of bad) {
      const r = await admin('GET', `/api/depreciacao/relatorios/dados?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.message, q).toBe(message);
    }
    const post = await admin('POST', '/api/depreciacao/relatorios', { tipo: 'setor', formato: 'doc' });
    expect(post.status).toBe(400);
    for (const u of [w.A.users.visualizador, w.A.users.usuario]) {
      const c = await as(u);
      expect((await c('GET', '/api/depreciacao/relatorios/dados?tipo=setor')).status).toBe(403);
      expect((await c('POST', '/api/depreciacao/relatorios', { tipo: 'setor', formato: 'pdf' })).status).toBe(403);
    }
  });
});

describe('depreciacao-relatorio.generate', () => {
  it('PDF through the report engine: header, rows and the totals line', async () => {
    const token = await w.A.users.admin.token();
    const r = await client(s.url, token)('POST', '/api/depreciacao/relatorios', {
      tipo: 'setor',
      data: '2024-05-31',
      formato: 'pdf',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.job).toMatchObject({ name: 'depreciacao-relatorio.generate', title: 'Depreciação por setor (PDF)' });
    const job: Job = await waitJob(s, token, r.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    expect(job.fileName).toMatch(/^depreciacao-por-setor-\d{4}-\d{2}-\d{2}\.pdf$/);
    const { res, bytes } = await jobDownload(s, token, job.id);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const all = squeeze((await pdfText(bytes)).join(' '));
    expect(all).toContain(prefeituraOf(w.A.name)); // "Município Teste …" → "Prefeitura Municipal de Teste …"
    expect(all).toContain('Depreciação por setor');
    expect(all).toContain('Data: 31/05/2024');
    expect(all).toMatch(/Secretaria 1 R\$ 6.000,00 R\$ 270,00/);
    expect(all).toContain('Valor contábil: R$ 15.580,00');
    expect(all).toContain('Último mês fechado: 05/2024');
  });

  it('the asset-by-asset book value PDF is landscape and keeps its last column', async () => {
    const token = await w.A.users.admin.token();
    const r = await client(s.url, token)('POST', '/api/depreciacao/relatorios', {
      tipo: 'valor_contabil',
      data: '2024-05-31',
      formato: 'pdf',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const job: Job = await waitJob(s, token, r.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const { bytes } = await jobDownload(s, token, job.id);
    const page = await pdfPageSize(bytes);
    expect(page.width).toBeGreaterThan(page.height);
    const all = squeeze((await pdfText(bytes)).join(' '));
    expect(all).toContain('Valor contábil');
    expect(all).toContain('Origem');
    expect(all).toMatch(/Fechado|Projetado/);
  });

  it('XLSX with typed cells and a last row of totals', async () => {
    const token = await w.A.users.supervisor.token();
    const r = await client(s.url, token)('POST', '/api/depreciacao/relatorios', {
      tipo: 'periodo',
      competenciaDe: '2024-01',
      competenciaAte: '2024-12',
      formato: 'xlsx',
    });
    expect(r.status).toBe(202);
    const job = await waitJob(s, token, r.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const { bytes } = await jobDownload(s, token, job.id);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Competência',
      'Bens',
      'Depreciação do mês',
      'Valor bruto',
      'Perdas por redução',
      'Valor contábil',
    ]);
    expect(ws.getRow(2).values).toEqual([undefined, '04/2024', 2, 165, 16000, 0, 15745]);
    expect(ws.getRow(4).getCell(1).value).toBe('Total');
    expect(ws.getRow(4).getCell(3).value).toBe(330);
  });
});
