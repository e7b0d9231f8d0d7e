import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FORNECEDOR_CNPJ_MSG, type Job, type Patrimonio, type PatrimonioListItem } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import {
  newTenant,
  newTipoBem,
  newTown,
  ownerQuery,
  type TestTenant,
  type TestTown,
  type TestUser,
} from '../support/factories';

// Issue 35 (asset side): the standard fields of real registers, the dados de origem and the long description,
// end to end through the API: create, update, validation, bulk edit, history, quick search, exports, tenancy.

let s: TestServer;
let A: TestTown;
let B: TestTenant;
let tipoId: number;
let stopWorker: () => Promise<void> = async () => undefined;
const as = async (u: TestUser) => client(s.url, await u.token());

/** A GEAFIN description of 1,488 characters (the longest of the real register's rows). */
const LONG = 'MICROCOMPUTADOR TIPO DESKTOP, PROCESSADOR 8 NUCLEOS, 16GB RAM, SSD 512GB, MONITOR 24 POL. '
  .repeat(17)
  .slice(0, 1488);
const CNPJ = '11.222.333/0001-81';
const STANDARD = {
  marca: 'Dell',
  modelo: 'OptiPlex 7090',
  numeroSerie: 'SN-ÁBC-9981',
  fornecedorNome: 'Comércio de Informática Ltda',
  fornecedorCnpj: CNPJ,
  notaFiscalNumero: '000123',
  notaFiscalData: '2023-05-02',
  empenho: '2023NE000456',
  processoAquisicao: 'PA 77/2023',
  fonteRecurso: 'Recursos ordinários',
  dataBaixa: null,
  dadosOrigem: [
    { rotulo: 'Classificação SIAFI', valor: '12311.03.03' },
    { rotulo: 'Cód. estrutural', valor: 'Código Zeta-Ômega 4471' },
  ],
};

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTown(s, { usuarioSectors: ['AD'] });
  B = await newTenant(s);
  tipoId = (await newTipoBem(s, A.id, { name: 'Informática' })).id;
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

const base = (extra: Record<string, unknown> = {}) => ({
  descricao_bem: 'Computador',
  tipoId,
  sectorId: A.sectors.AD.id,
  valor_aquisicao: '4500.00',
  ...extra,
});

describe('standard fields of an asset', () => {
  let asset: Patrimonio;

  it('create: every field stored and answered, the CNPJ as digits, a 1,488-character description whole', async () => {
    const r = await (await as(A.users.admin))('POST', '/api/patrimonios', base({ ...STANDARD, descricao_bem: LONG }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    asset = r.body.patrimonio as Patrimonio;
    expect(asset.descricao_bem).toBe(LONG);
    expect(asset).toMatchObject({ ...STANDARD, fornecedorCnpj: '11222333000181' });
    const [row] = await ownerQuery<{ fornecedor_cnpj: string; dados_origem: unknown; descricao_bem: string }>(
      s,
      'select fornecedor_cnpj, dados_origem, descricao_bem from patrimonios where id = $1',
      [asset.id],
    );
    expect(row).toEqual({ fornecedor_cnpj: '11222333000181', dados_origem: STANDARD.dadosOrigem, descricao_bem: LONG });
    const got = await (await as(A.users.visualizador))('GET', `/api/patrimonios/${asset.id}`);
    expect(got.body.patrimonio).toMatchObject({ ...STANDARD, fornecedorCnpj: '11222333000181', descricao_bem: LONG });
  });

  it('a description over 4,000 characters is refused in pt-BR; 4,000 is accepted', async () => {
    const admin = await as(A.users.admin);
    const over = await admin('POST', '/api/patrimonios', base({ descricao_bem: 'x'.repeat(4001) }));
    expect(over.status).toBe(400);
    expect(over.body.error.fields.descricao_bem).toBe('A descrição deve ter no máximo 4.000 caracteres.');
    expect((await admin('POST', '/api/patrimonios', base({ descricao_bem: 'y'.repeat(4000) }))).status).toBe(201);
  });

  it('a CNPJ with wrong check digits is 422 with a pt-BR message and its field, and nothing is written', async () => {
    const admin = await as(A.users.admin);
    const count = async () =>
      (
        await ownerQuery<{ n: number }>(s, 'select count(*)::int as n from patrimonios where municipality_id = $1', [
          A.id,
        ])
      )[0].n;
    const before = await count();
    const bad = await admin('POST', '/api/patrimonios', base({ fornecedorCnpj: '11.222.333/0001-82' }));
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({
      code: 'UNPROCESSABLE',
      message: FORNECEDOR_CNPJ_MSG,
      fields: { fornecedorCnpj: FORNECEDOR_CNPJ_MSG },
    });
    const short = await admin('POST', '/api/patrimonios', base({ fornecedorCnpj: '1122233300018' }));
    expect(short.status).toBe(422);
    const letters = await admin('POST', '/api/patrimonios', base({ fornecedorCnpj: 'abc' }));
    expect(letters.status).toBe(400);
    expect(letters.body.error.fields.fornecedorCnpj).toBe(FORNECEDOR_CNPJ_MSG);
    expect(await count()).toBe(before);
    const upd = await admin('PUT', `/api/patrimonios/${asset.id}`, {
      version: asset.version,
      fornecedorCnpj: '00000000000000',
    });
    expect(upd.status).toBe(422);
    expect(upd.body.error.fields).toEqual({ fornecedorCnpj: FORNECEDOR_CNPJ_MSG });
    const bulk = await admin('PATCH', '/api/patrimonios', {
      ids: [{ id: asset.id, version: asset.version }],
      campos: { fornecedorCnpj: '11222333000180' },
    });
    expect(bulk.status).toBe(422);
    const [row] = await ownerQuery<{ fornecedor_cnpj: string; version: number }>(
      s,
      'select fornecedor_cnpj, version from patrimonios where id = $1',
      [asset.id],
    );
    expect(row).toEqual({ fornecedor_cnpj: '11222333000181', version: asset.version });
  });

  it('other bad values are refused with their own messages (future date, long text, dados de origem shape)', async () => {
    const admin = await as(A.users.admin);
    const r = await admin('POST', '/api/patrimonios', base({ notaFiscalData: '2999-01-01', marca: 'm'.repeat(201) }));
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toMatchObject({
      notaFiscalData: 'Data da nota fiscal não pode ser futura.',
      marca: 'A marca deve ter no máximo 200 caracteres.',
    });
    const d = await admin('POST', '/api/patrimonios', base({ dadosOrigem: { Conta: '1' } }));
    expect(d.status).toBe(400);
    expect(d.body.error.fields.dadosOrigem).toMatch(/Dados de origem inválidos/);
    const e = await admin('POST', '/api/patrimonios', base({ dadosOrigem: [{ rotulo: ' ', valor: 'x' }] }));
    expect(e.body.error.fields['dadosOrigem.0.rotulo']).toBe('Informe o rótulo do dado de origem.');
  });

  it('update: a change writes a pt-BR history line per field; empty text clears; the list item carries them', async () => {
    const admin = await as(A.users.admin);
    const r = await admin('PUT', `/api/patrimonios/${asset.id}`, {
      version: asset.version,
      marca: 'Lenovo',
      modelo: '',
      dataBaixa: '2024-12-20',
      fornecedorCnpj: '11222333000181',
      dadosOrigem: [{ rotulo: 'Conta', valor: '123' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const p = r.body.patrimonio as Patrimonio;
    expect(p).toMatchObject({
      marca: 'Lenovo',
      modelo: null,
      dataBaixa: '2024-12-20',
      dadosOrigem: [{ rotulo: 'Conta', valor: '123' }],
    });
    const lines = p.historico_movimentacao.map((h) => h.details);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Marca: 'Dell' → 'Lenovo'",
        "Modelo: 'OptiPlex 7090' → —",
        'Data de baixa: — → 20/12/2024',
        'Dados de origem: 2 itens → 1 item',
      ]),
    );
    expect(lines.some((l) => l.startsWith('CNPJ do fornecedor'))).toBe(false);
    const audit = await ownerQuery<{ details: string }>(
      s,
      `select details from audit_logs where entity_type = 'Patrimonio' and entity_id = $1 and action = 'PATRIMONIO_UPDATE'`,
      [String(asset.id)],
    );
    expect(JSON.parse(audit.at(-1)!.details).new_value).toMatchObject({ marca: 'Lenovo', modelo: null });
    const list = await admin('GET', `/api/patrimonios?q=${encodeURIComponent(p.numero_patrimonio)}`);
    const item = (list.body.patrimonios as PatrimonioListItem[])[0];
    expect(item).toMatchObject({ marca: 'Lenovo', numeroSerie: 'SN-ÁBC-9981', fornecedorCnpj: '11222333000181' });
    expect(item).not.toHaveProperty('dadosOrigem');
    asset = p;
  });

  it('bulk edit sets the purchase fields on several assets', async () => {
    const admin = await as(A.users.admin);
    const other = (await admin('POST', '/api/patrimonios', base({ descricao_bem: 'Monitor' }))).body
      .patrimonio as Patrimonio;
    const r = await admin('PATCH', '/api/patrimonios', {
      ids: [
        { id: asset.id, version: asset.version },
        { id: other.id, version: other.version },
      ],
      campos: { empenho: '2024NE000999', fonteRecurso: 'Convênio 12/2024', fornecedorCnpj: CNPJ },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.atualizados).toBe(2);
    const rows = await ownerQuery<{ empenho: string; fonte_recurso: string; fornecedor_cnpj: string }>(
      s,
      'select empenho, fonte_recurso, fornecedor_cnpj from patrimonios where id = any($1::int[]) order by id',
      [[asset.id, other.id]],
    );
    expect(rows).toEqual([
      { empenho: '2024NE000999', fonte_recurso: 'Convênio 12/2024', fornecedor_cnpj: '11222333000181' },
      { empenho: '2024NE000999', fonte_recurso: 'Convênio 12/2024', fornecedor_cnpj: '11222333000181' },
    ]);
    const nope = await admin('PATCH', '/api/patrimonios', {
      ids: [{ id: other.id, version: other.version + 1 }],
      campos: { numeroSerie: 'X' },
    });
    expect(nope.status).toBe(400);
    asset = (await admin('GET', `/api/patrimonios/${asset.id}`)).body.patrimonio;
  });

  it('the quick search finds dados de origem values and standard fields, accent- and case-insensitively', async () => {
    const admin = await as(A.users.admin);
    const upd = await admin('PUT', `/api/patrimonios/${asset.id}`, {
      version: asset.version,
      dadosOrigem: [{ rotulo: 'Cód. estrutural', valor: 'Código Zeta-Ômega 4471' }],
    });
    expect(upd.status).toBe(200);
    asset = upd.body.patrimonio;
    const ids = async (q: string) =>
      (
        (await admin('GET', `/api/patrimonios?q=${encodeURIComponent(q)}`)).body.patrimonios as PatrimonioListItem[]
      ).map((p) => p.id);
    expect(await ids('zeta-omega')).toEqual([asset.id]);
    expect(await ids('abc-99')).toEqual([asset.id]);
    expect(await ids('2024ne000999')).toContain(asset.id);
    expect(await ids('11.222.333/0001-81')).toContain(asset.id);
    // A label is not searched: every imported row has the same labels.
    expect(await ids('estrutural')).toEqual([]);
    // Another municipality's user sees nothing of it.
    expect(
      ((await (await as(B.users.admin))('GET', '/api/patrimonios?q=zeta-omega')).body.patrimonios as unknown[]).length,
    ).toBe(0);
  });

  it('another municipality: GET and PUT of the asset are 404 and the row is unchanged', async () => {
    const other = await as(B.users.admin);
    expect((await other('GET', `/api/patrimonios/${asset.id}`)).status).toBe(404);
    const put = await other('PUT', `/api/patrimonios/${asset.id}`, { version: asset.version, marca: 'Intrusa' });
    expect(put.status).toBe(404);
    const [row] = await ownerQuery<{ marca: string }>(s, 'select marca from patrimonios where id = $1', [asset.id]);
    expect(row.marca).toBe('Lenovo');
  });

  it('exports: the data export (CSV) and the list export (XLSX) hold the fields, the CNPJ formatted, the dados de origem', async () => {
    const token = await A.users.admin.token();
    const res = await client(s.url, token)('POST', '/api/exportacoes', {
      formato: 'csv',
      filtros: { q: 'zeta-omega' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitJob(s, token, (res.body.job as Job).id);
    expect(job.status, job.error ?? '').toBe('completed');
    const text = (await jobDownload(s, token, job.id)).bytes.toString('utf8').replace(/^\uFEFF/, '');
    const [head, row] = text.split(/\r?\n/).map((l) => l.split(';').map((c) => c.replace(/^"|"$/g, '')));
    const cell = (h: string) => row[head.indexOf(h)];
    expect(cell('Descrição do Bem')).toBe(LONG);
    expect(cell('Marca')).toBe('Lenovo');
    expect(cell('Número de série')).toBe('SN-ÁBC-9981');
    expect(cell('CNPJ do fornecedor')).toBe(CNPJ);
    expect(cell('Data da nota fiscal')).toBe('02/05/2023');
    expect(cell('Data de baixa')).toBe('20/12/2024');
    expect(cell('Empenho')).toBe('2024NE000999');
    expect(cell('Dados de origem')).toBe('Cód. estrutural: Código Zeta-Ômega 4471');

    const x = await client(s.url, token)('POST', '/api/patrimonios/export', { format: 'xlsx', q: 'zeta-omega' });
    expect(x.status, JSON.stringify(x.body)).toBe(202);
    const xjob = await waitJob(s, token, (x.body.job as Job).id);
    expect(xjob.status, xjob.error ?? '').toBe('completed');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await jobDownload(s, token, xjob.id)).bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const values = (ws.getRow(2).values as unknown[]).slice(1);
    const at = (h: string) => values[headers.indexOf(h)];
    expect(at('Descrição do Bem')).toBe(LONG);
    expect(at('Fonte de recurso')).toBe('Convênio 12/2024');
    expect(at('CNPJ do fornecedor')).toBe(CNPJ);
    expect(at('Dados de origem')).toBe('Cód. estrutural: Código Zeta-Ômega 4471');
  });
});
