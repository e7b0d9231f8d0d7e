import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newImovelRow, newTenant, ownerQuery, type TestTenant, type TestUser } from '../support/factories';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';

// The property export as a job (issue 34.3): POST /api/imoveis/export with the list's filters → 202 { job };
// its file is the very sheet GET /api/imoveis/exportar.xlsx answers for the same filters (which stays).

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
let stopWorker: () => Promise<void>;
const as = async (u: TestUser) => client(s.url, await u.token());

/** The rows of an XLSX's first sheet (cell values, the header first). */
async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTenant(s);
  B = await newTenant(s);
  for (const [denominacao, situacao, bairro] of [
    ['Escola do Centro', 'comodato', 'Centro'],
    ['Almoxarifado', 'comodato', 'Centro'],
    ['Posto de Saúde', 'proprio', 'Centro'],
    ['Creche da Vila', 'comodato', 'Vila Nova'],
  ])
    await newImovelRow(s, A.id, {
      denominacao,
      situacao,
      bairro,
      valor_aquisicao: '1250.5',
      data_aquisicao: '2010-05-02',
    });
});
afterAll(async () => {
  await stopWorker?.();
  await s?.close();
});

describe('POST /api/imoveis/export', () => {
  it('a job whose XLSX is the filtered, ordered sheet of GET /imoveis/exportar.xlsx; audited', async () => {
    const token = await A.users.visualizador.token();
    const filters = { situacao: 'comodato', bairro: 'Centro', sort: 'denominacao', order: 'asc' } as const;
    const posted = await client(s.url, token)('POST', '/api/imoveis/export', filters);
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    expect(posted.body.job).toMatchObject({ name: 'export.imoveis', title: 'Imóveis (XLSX)', fileName: null });
    const job = await waitJob(s, token, posted.body.job.id);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', progress: 100 });
    expect(job.fileName).toMatch(/^imoveis-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { res, bytes } = await jobDownload(s, token, job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const rows = await sheetRows(bytes);
    expect(rows[0].slice(0, 3)).toEqual(['Nº Patrimônio', 'Denominação', 'Endereço']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Almoxarifado', 'Escola do Centro']);

    const direct = await fetch(`${s.url}/api/imoveis/exportar.xlsx?${new URLSearchParams(filters)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(direct.status).toBe(200);
    expect(await sheetRows(Buffer.from(await direct.arrayBuffer()))).toEqual(rows);

    const audit = await ownerQuery(
      s,
      "select 1 from audit_logs where action = 'EXPORT_REQUEST' and entity_type = 'Imovel' and municipality_id = $1",
      [A.id],
    );
    expect(audit).toHaveLength(1);
    // Another municipality's user does not see the job nor its file.
    const other = await as(B.users.admin);
    expect((await other('GET', `/api/jobs/${job.id}`)).status).toBe(404);
    expect((await jobDownload(s, await B.users.admin.token(), job.id)).res.status).toBe(404);
  });

  it('the body is the strict filter schema: unknown keys, a sector as text, a bad situação → 400, no job', async () => {
    const api = await as(A.users.admin);
    const before = await ownerQuery(s, "select 1 from jobs where name = 'export.imoveis'");
    for (const body of [{ page: 2 }, { sectorId: '1' }, { situacao: 'vendido' }, { sort: 'id' }]) {
      const r = await api('POST', '/api/imoveis/export', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION');
    }
    expect((await api('POST', '/api/imoveis/export', { situacao: 'vendido' })).body.error.message).toBe(
      'Situação inválida.',
    );
    expect(await ownerQuery(s, "select 1 from jobs where name = 'export.imoveis'")).toHaveLength(before.length);
    // No filter at all: every property of the municipality (B has none: a sheet with the header only).
    const empty = await (await as(B.users.admin))('POST', '/api/imoveis/export', {});
    expect(empty.status).toBe(202);
    const token = await B.users.admin.token();
    const done = await waitJob(s, token, empty.body.job.id);
    expect(done.status).toBe('completed');
    expect(await sheetRows((await jobDownload(s, token, done.id)).bytes)).toHaveLength(1);
  });
});
