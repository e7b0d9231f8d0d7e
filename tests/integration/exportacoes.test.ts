import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import {
  DEFAULT_EXPORT_TEMPLATES,
  EXPORT_COLUMNS,
  EXPORT_MSG,
  PATRIMONIO_SHEET_COLUMNS,
  type ExportTemplate,
  type Job,
  type PatrimonioListItem,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import {
  newFormaAquisicao,
  newMunicipality,
  newTenant,
  newTipoBem,
  newTown,
  newUser,
  ownerQuery,
  type TestTenant,
  type TestTown,
  type TestUser,
} from '../support/factories';

// Data export (issue 11): export templates (CRUD per role and municipality), POST /api/exportacoes
// end to end (XLSX re-read with exceljs, CSV parsed), neutralised formulas, and the round trip
// through the register's import.

let s: TestServer;
let X: TestTown; // assets imported from a CSV, exported
let Y: TestTown; // receives the exported XLSX
let Z: TestTown; // receives the exported CSV
let B: TestTenant;
let SU: TestUser;
let stopWorker: () => Promise<void> = async () => undefined;
const as = async (u: TestUser) => client(s.url, await u.token());

async function uploadImport(who: TestUser, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const token = await who.token();
  const res = await fetch(`${s.url}/api/patrimonios/import?mode=commit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(202);
  const job = await waitJob(s, token, body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  return JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8'));
}

/** Requests an export, waits for it and fetches its file. */
async function exportFile(who: TestUser, body: unknown): Promise<{ job: Job; bytes: Buffer; type: string | null }> {
  const token = await who.token();
  const res = await client(s.url, token)('POST', '/api/exportacoes', body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.job).toMatchObject({ name: 'export.dados', status: 'queued' });
  const job = await waitJob(s, token, res.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  const { res: dl, bytes } = await jobDownload(s, token, job.id);
  expect(dl.status).toBe(200);
  expect(job.fileSize).toBe(bytes.length);
  return { job, bytes, type: dl.headers.get('content-type') };
}

async function readXlsx(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

/** A `;` CSV with quotes (what writeCsv writes), BOM checked and removed. */
function parseCsv(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') endField();
    else if (ch === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (ch !== '\r') field += ch;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const HEAD = PATRIMONIO_SHEET_COLUMNS.map((c) => c.header).join(';');
const SOURCE = [
  `${HEAD};Marca;Garantia até`,
  `;Mesa de reunião;Mobiliário;Administração;Recepção;Ativo;1.250,50;1;15/03/2024;Compra;Bom;Com 8 cadeiras;Tok;01/02/2026`,
  `;"=HYPERLINK(""http://mal.example"",""clique"")";Mobiliário;Administração;Sala da Diretoria;Ativo;100;2;;;;"+55 11 9999";@marca;`,
  `;Notebook Dell;Informática;Tecnologia da Informação;Suporte Técnico;Em manutenção;4.599,99;1;31/12/2023;Doação;Regular;-;Dell;`,
  `;Cadeira giratória;Mobiliário;Educação;Secretaria de Educação;Ativo;0,5;3;01/01/2020;Compra;;;;`,
].join('\r\n');

async function setUpCatalogs(t: TestTown) {
  await newTipoBem(s, t.id, { name: 'Mobiliário' });
  await newTipoBem(s, t.id, { name: 'Informática' });
  await newFormaAquisicao(s, t.id, { nome: 'Compra' });
  await newFormaAquisicao(s, t.id, { nome: 'Doação' });
  const admin = await as(t.users.admin);
  expect((await admin('POST', '/api/asset-form-fields', { label: 'Marca', type: 'TEXT' })).status).toBe(201);
  expect((await admin('POST', '/api/asset-form-fields', { label: 'Garantia até', type: 'DATE' })).status).toBe(201);
}

/** The fields an import + export round trip must keep (numbers are assigned anew by the import). */
const comparable = (p: PatrimonioListItem) => ({
  descricao_bem: p.descricao_bem,
  tipo: p.tipo,
  setor_responsavel: p.setor_responsavel,
  local_objeto: p.local_objeto,
  status: p.status,
  valor_aquisicao: p.valor_aquisicao,
  quantidade: p.quantidade,
  data_aquisicao: p.data_aquisicao,
  forma_aquisicao: p.forma_aquisicao,
  estado_conservacao: p.estado_conservacao,
  customFields: p.customFields,
});
async function registerOf(t: TestTown) {
  const list = (await (await as(t.users.admin))('GET', '/api/patrimonios?pageSize=100')).body
    .patrimonios as PatrimonioListItem[];
  return list.map(comparable).sort((a, b) => a.descricao_bem.localeCompare(b.descricao_bem));
}

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  X = await newTown(s, { usuarioSectors: ['TI'] });
  Y = await newTown(s);
  Z = await newTown(s);
  B = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  for (const t of [X, Y, Z]) await setUpCatalogs(t);
  const report = await uploadImport(X.users.admin, Buffer.from(SOURCE, 'utf8'), 'origem.csv');
  expect(report).toMatchObject({ created: 4, errors: [] });
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('export templates', () => {
  it("a new municipality gets the spec's default 'Relatório Simples', equal to shared/src/exportacoes/defaults.ts", async () => {
    const m = await newMunicipality(s);
    const rows = await ownerQuery<{ name: string; columns: unknown }>(
      s,
      'select name, columns from export_templates where municipality_id = $1 order by id',
      [m.id],
    );
    expect(rows).toEqual(DEFAULT_EXPORT_TEMPLATES.map((t) => ({ name: t.name, columns: t.columns })));
    const list = await (await as(B.users.visualizador))('GET', '/api/export-templates');
    expect(list.status).toBe(200);
    expect(list.body.templates.map((t: ExportTemplate) => t.name)).toEqual(['Relatório Simples']);
  });

  it('admin and supervisor manage; usuario and visualizador read; superuser neither; stale version 409', async () => {
    const body = {
      name: 'Contabilidade',
      columns: [
        { key: 'numero_patrimonio', header: 'Tombo' },
        { key: 'valor_aquisicao', header: 'Valor (R$)' },
        { key: 'cf:marca', header: 'Marca' },
      ],
    };
    for (const role of ['usuario', 'visualizador'] as const) {
      const who = await as(X.users[role]);
      expect((await who('POST', '/api/export-templates', body)).status).toBe(403);
      expect((await who('GET', '/api/export-templates')).status).toBe(200);
    }
    expect((await (await as(SU))('GET', '/api/export-templates')).status).toBe(403);
    const admin = await as(X.users.admin);
    const created = await admin('POST', '/api/export-templates', body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tpl = created.body.template as ExportTemplate;
    expect(tpl).toMatchObject({ ...body, municipalityId: X.id, version: 0 });
    expect((await admin('POST', '/api/export-templates', body)).status).toBe(409);

    const sup = await as(X.users.supervisor);
    const upd = await sup('PUT', `/api/export-templates/${tpl.id}`, { ...body, name: 'Contábil', version: 0 });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.template).toMatchObject({ name: 'Contábil', version: 1 });
    const stale = await admin('PUT', `/api/export-templates/${tpl.id}`, { ...body, version: 0 });
    expect(stale.status).toBe(409);
    expect((await (await as(X.users.usuario))('GET', `/api/export-templates/${tpl.id}`)).body.template.name).toBe(
      'Contábil',
    );
    const audit = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where municipality_id = $1 and entity_type = 'ExportTemplate' order by id`,
      [X.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['EXPORT_TEMPLATE_CREATE', 'EXPORT_TEMPLATE_UPDATE']);

    // Another municipality's template: 404 for every verb, nothing changed.
    const other = await (await as(B.users.admin))('GET', `/api/export-templates/${tpl.id}`);
    expect(other.status).toBe(404);
    const badB = await as(B.users.admin);
    expect((await badB('PUT', `/api/export-templates/${tpl.id}`, { ...body, version: 1 })).status).toBe(404);
    expect((await badB('DELETE', `/api/export-templates/${tpl.id}`)).status).toBe(404);

    expect((await sup('DELETE', `/api/export-templates/${tpl.id}`)).status).toBe(204);
    expect((await admin('GET', `/api/export-templates/${tpl.id}`)).status).toBe(404);
  });

  it('an unknown column, a duplicate, no columns or a missing header: 400 naming the field, nothing written', async () => {
    const admin = await as(X.users.admin);
    const before = await ownerQuery(s, 'select count(*)::int n from export_templates where municipality_id = $1', [
      X.id,
    ]);
    const unknown = await admin('POST', '/api/export-templates', {
      name: 'Ruim',
      columns: [
        { key: 'numero_patrimonio', header: 'Nº' },
        { key: 'cor_favorita', header: 'Cor' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields['columns.1.key']).toBe(EXPORT_MSG.unknownColumn('cor_favorita'));
    const cf = await admin('POST', '/api/export-templates', {
      name: 'Ruim',
      columns: [{ key: 'cf:nao_existe', header: 'X' }],
    });
    expect(cf.status).toBe(400);
    expect(cf.body.error.message).toBe(EXPORT_MSG.unknownColumn('cf:nao_existe'));
    expect(cf.body.error.fields['columns.0.key']).toBe(EXPORT_MSG.unknownColumn('cf:nao_existe'));
    const dup = await admin('POST', '/api/export-templates', {
      name: 'Ruim',
      columns: [
        { key: 'tipo', header: 'A' },
        { key: 'tipo', header: 'B' },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error.fields['columns.1.key']).toBe(EXPORT_MSG.duplicateColumn('tipo'));
    const none = await admin('POST', '/api/export-templates', { name: 'Ruim', columns: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.columns).toBe(EXPORT_MSG.noColumns);
    const noHeader = await admin('POST', '/api/export-templates', { name: 'Ruim', columns: [{ key: 'tipo' }] });
    expect(noHeader.status).toBe(400);
    expect(Object.keys(noHeader.body.error.fields)).toEqual(['columns.0.header']);
    const after = await ownerQuery(s, 'select count(*)::int n from export_templates where municipality_id = $1', [
      X.id,
    ]);
    expect(after).toEqual(before);
  });
});

describe('POST /api/exportacoes', () => {
  it('bad input 400, superuser 403, another municipality’s template 404; nothing queued', async () => {
    const admin = await as(X.users.admin);
    const bad = await admin('POST', '/api/exportacoes', { formato: 'pdf' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.formato).toBeTruthy();
    const badFilter = await admin('POST', '/api/exportacoes', { formato: 'csv', filtros: { status: 'voando' } });
    expect(badFilter.status).toBe(400);
    expect(Object.keys(badFilter.body.error.fields)).toEqual(['filtros.status']);
    expect((await (await as(SU))('POST', '/api/exportacoes', { formato: 'xlsx' })).status).toBe(403);
    const [bTpl] = (await (await as(B.users.admin))('GET', '/api/export-templates')).body.templates;
    const cross = await admin('POST', '/api/exportacoes', { formato: 'xlsx', templateId: bTpl.id });
    expect(cross.status).toBe(404);
    const jobs = await ownerQuery(s, `select id from jobs where owner_id = $1 and name = 'export.dados'`, [
      X.users.admin.id,
    ]);
    expect(jobs).toEqual([]);
  });

  it('XLSX with the default template: its headers, then every asset of the filter; the visualizador may export', async () => {
    const [simples] = (await (await as(X.users.visualizador))('GET', '/api/export-templates')).body.templates;
    const { bytes, type, job } = await exportFile(X.users.visualizador, {
      formato: 'xlsx',
      templateId: simples.id,
      filtros: { status: 'ativo' },
    });
    expect(type).toMatch(/spreadsheetml/);
    expect(job.title).toBe('Relatório Simples (XLSX)');
    expect(job.fileName).toMatch(/^exportacao-bens-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const ws = await readXlsx(bytes);
    expect(ws.getRow(1).values).toEqual([undefined, 'Nº Patrimônio', 'Descrição']);
    const descr = [];
    for (let r = 2; r <= ws.rowCount; r++) descr.push(ws.getCell(r, 2).value);
    expect(descr.sort()).toEqual([
      `'=HYPERLINK("http://mal.example","clique")`,
      'Cadeira giratória',
      'Mesa de reunião',
    ]);
  });

  it('XLSX with all columns: money and dates are typed cells (R$ and dd/mm/yyyy), formulas neutralised', async () => {
    const { bytes } = await exportFile(X.users.admin, { formato: 'xlsx', filtros: { q: 'mesa' } });
    const ws = await readXlsx(bytes);
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual([
      ...EXPORT_COLUMNS.map((c) => (c.key === 'marca' ? 'Marca (campo padrão)' : c.header)),
      'Marca',
      'Garantia até',
    ]);
    expect(ws.rowCount).toBe(2);
    const cell = (h: string) => ws.getCell(2, headers.indexOf(h) + 1);
    expect(cell('Valor de Aquisição').value).toBe(1250.5);
    expect(cell('Valor de Aquisição').numFmt).toBe('"R$" #,##0.00');
    expect(cell('Data de Aquisição').value).toEqual(new Date(Date.UTC(2024, 2, 15)));
    expect(cell('Data de Aquisição').numFmt).toBe('dd/mm/yyyy');
    expect(cell('Garantia até').value).toEqual(new Date(Date.UTC(2026, 1, 1)));
    expect(cell('Quantidade').value).toBe(1);
    expect(cell('Status').value).toBe('Ativo');
    expect(cell('Marca').value).toBe('Tok');

    const evil = await readXlsx(
      (await exportFile(X.users.admin, { formato: 'xlsx', filtros: { q: 'hyperlink' } })).bytes,
    );
    const row = (evil.getRow(2).values as unknown[]).slice(1);
    expect(row[1]).toBe(`'=HYPERLINK("http://mal.example","clique")`);
    expect(row[headers.indexOf('Observações')]).toBe("'+55 11 9999");
    expect(row[headers.indexOf('Marca')]).toBe("'@marca");
    // No cell of the file is a formula.
    evil.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('CSV: UTF-8 with BOM, `;`, decimal comma, dd/mm/aaaa, neutralised; usuario sees only their sectors', async () => {
    const { bytes, type } = await exportFile(X.users.admin, { formato: 'csv' });
    expect(type).toMatch(/^text\/csv/);
    const rows = parseCsv(bytes);
    const head = rows[0];
    // The custom field "Marca" keeps its header; the standard one (issue 35) is told apart.
    expect(head.slice(0, EXPORT_COLUMNS.length)).toEqual(
      EXPORT_COLUMNS.map((c) => (c.key === 'marca' ? 'Marca (campo padrão)' : c.header)),
    );
    expect(rows).toHaveLength(5);
    const byDescr = new Map(rows.slice(1).map((r) => [r[1], r]));
    const mesa = byDescr.get('Mesa de reunião')!;
    expect(mesa[head.indexOf('Valor de Aquisição')]).toBe('1250,50');
    expect(mesa[head.indexOf('Data de Aquisição')]).toBe('15/03/2024');
    expect(mesa[head.indexOf('Garantia até')]).toBe('01/02/2026');
    expect(byDescr.get('Cadeira giratória')![head.indexOf('Valor de Aquisição')]).toBe('0,50');
    expect(byDescr.get(`'=HYPERLINK("http://mal.example","clique")`)).toBeTruthy();
    expect(byDescr.get('Notebook Dell')![head.indexOf('Observações')]).toBe("'-");

    const mine = parseCsv((await exportFile(X.users.usuario, { formato: 'csv' })).bytes);
    expect(mine.slice(1).map((r) => r[1])).toEqual(['Notebook Dell']);
    // Even asking for another sector explicitly.
    const adSector = X.sectors.AD.id;
    const none = parseCsv(
      (await exportFile(X.users.usuario, { formato: 'csv', filtros: { sectorId: adSector } })).bytes,
    );
    expect(none).toHaveLength(1);
  });

  it('round trip: the exported XLSX and CSV import into another municipality giving the same register', async () => {
    const source = await registerOf(X);
    expect(source).toHaveLength(4);
    const xlsx = await exportFile(X.users.admin, { formato: 'xlsx' });
    expect(await uploadImport(Y.users.admin, xlsx.bytes, 'exportado.xlsx')).toMatchObject({ created: 4, errors: [] });
    expect(await registerOf(Y)).toEqual(source);
    const csv = await exportFile(X.users.admin, { formato: 'csv' });
    expect(await uploadImport(Z.users.admin, csv.bytes, 'exportado.csv')).toMatchObject({ created: 4, errors: [] });
    expect(await registerOf(Z)).toEqual(source);
  });
});
