import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMOVEL_RELATORIO_MSG,
  prefeituraOf,
  type ImovelReportFieldList,
  type ImovelReportTemplate,
  type ImovelResumo,
  type Job,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { pdfText } from '../support/pdf';
import { newImovelRow, ownerQuery, world, type TestUser, type TestWorld } from '../support/factories';

// Property report templates (CRUD per role and municipality), the `imovel-report.generate` job read back
// (PDF with pdftotext, XLSX with exceljs) and the 'Resumo de Imóveis' figures.

let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;
const as = async (u: TestUser) => client(s.url, await u.token());
const squeeze = (t: string) => t.replace(/\s+/g, ' ');

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
  await newImovelRow(s, w.A.id, {
    numero_patrimonio: 'IMV-0001',
    denominacao: 'Escola Municipal Monteiro Lobato',
    endereco: 'Rua das Flores, 120',
    bairro: 'Centro',
    area_construida: '1250.50',
    area_terreno: '3000.00',
    situacao: 'proprio',
    utilizacao: 'Escola',
    valor_aquisicao: '850000.00',
    custom_fields: { matricula_imovel: 'MAT-77881' },
  });
  await newImovelRow(s, w.A.id, {
    numero_patrimonio: 'IMV-0002',
    denominacao: 'Praça da Matriz',
    endereco: 'Praça Central, s/n',
    bairro: 'Centro',
    area_terreno: '5000.00',
    situacao: 'cedido',
    utilizacao: 'Praça',
  });
  await newImovelRow(s, w.B.id, { numero_patrimonio: 'IMV-B-0001', denominacao: 'Posto de Saúde do Vizinho' });
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

async function templates(u: TestUser): Promise<ImovelReportTemplate[]> {
  const r = await (await as(u))('GET', '/api/imovel-report-templates');
  expect(r.status).toBe(200);
  return r.body.templates;
}

describe('imóvel report templates', () => {
  it("every municipality starts with 'Relatório Simples de Imóveis' (spec §9), readable by every role", async () => {
    for (const role of ['admin', 'supervisor', 'usuario', 'visualizador'] as const) {
      const list = await templates(w.A.users[role]);
      const simples = list.find((t) => t.name === 'Relatório Simples de Imóveis');
      expect(simples, role).toMatchObject({
        fields: ['numero_patrimonio', 'denominacao', 'endereco', 'area_construida'],
        isDefault: true,
        municipalityId: w.A.id,
      });
    }
    const fields = (await (await as(w.A.users.visualizador))('GET', '/api/imovel-report-fields'))
      .body as ImovelReportFieldList;
    expect(fields.fields.map((f) => f.key)).toEqual(expect.arrayContaining(['denominacao', 'cf:matricula_imovel']));
    expect(fields.fields.find((f) => f.key === 'cf:cartorio')).toMatchObject({
      label: 'Cartório de Registro',
      custom: true,
    });
  });

  it('admin and supervisor create, update and delete; usuario and visualizador get 403', async () => {
    const body = { name: 'Imóveis com matrícula', fields: ['numero_patrimonio', 'denominacao', 'cf:matricula_imovel'] };
    for (const role of ['usuario', 'visualizador'] as const) {
      const r = await (await as(w.A.users[role]))('POST', '/api/imovel-report-templates', body);
      expect(r.status, role).toBe(403);
    }
    const sup = await as(w.A.users.supervisor);
    const created = await sup('POST', '/api/imovel-report-templates', { ...body, filters: { situacao: ['proprio'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const t = created.body.template as ImovelReportTemplate;
    expect(t).toMatchObject({ ...body, filters: { situacao: ['proprio'] }, isDefault: false, version: 0 });
    const dup = await sup('POST', '/api/imovel-report-templates', body);
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(IMOVEL_RELATORIO_MSG.templateNameTaken);

    const admin = await as(w.A.users.admin);
    const upd = await admin('PUT', `/api/imovel-report-templates/${t.id}`, {
      name: 'Imóveis próprios',
      fields: ['denominacao', 'area_terreno'],
      version: 0,
    });
    expect(upd.status).toBe(200);
    expect(upd.body.template).toMatchObject({
      name: 'Imóveis próprios',
      fields: ['denominacao', 'area_terreno'],
      version: 1,
    });
    const stale = await admin('PUT', `/api/imovel-report-templates/${t.id}`, { ...body, version: 0 });
    expect(stale.status).toBe(409);
    const audit = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where entity_type = 'ImovelReportTemplate' and entity_id = $1 order by id`,
      [String(t.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['IMOVEL_REPORT_TEMPLATE_CREATE', 'IMOVEL_REPORT_TEMPLATE_UPDATE']);

    expect((await admin('DELETE', `/api/imovel-report-templates/${t.id}`)).status).toBe(204);
    expect((await admin('GET', `/api/imovel-report-templates/${t.id}`)).status).toBe(404);
  });

  it('bad input: unknown field, unknown custom field (400 naming it), unknown key in the body; nothing written', async () => {
    const admin = await as(w.A.users.admin);
    const before = (await templates(w.A.users.admin)).length;
    const unknown = await admin('POST', '/api/imovel-report-templates', { name: 'X', fields: ['senha'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields['fields.0']).toBe('Campo desconhecido.');
    const cf = await admin('POST', '/api/imovel-report-templates', { name: 'Y', fields: ['cf:nao_existe'] });
    expect(cf.status).toBe(400);
    expect(cf.body.error.message).toBe(IMOVEL_RELATORIO_MSG.unknownField('cf:nao_existe'));
    const extra = await admin('POST', '/api/imovel-report-templates', {
      name: 'Z',
      fields: ['denominacao'],
      municipalityId: w.B.id,
      layout: [],
    });
    expect(extra.status).toBe(400);
    const empty = await admin('POST', '/api/imovel-report-templates', { name: 'W', fields: [] });
    expect(empty.status).toBe(400);
    expect((await templates(w.A.users.admin)).length).toBe(before);
  });

  it("another municipality's template is a 404 for read, change, delete and generation; its row unchanged", async () => {
    const theirs = (await templates(w.B.users.admin))[0];
    const admin = await as(w.A.users.admin);
    const before = await ownerQuery(s, 'select * from imovel_report_templates where id = $1', [theirs.id]);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Roubado', fields: ['denominacao'], version: theirs.version }],
      ['DELETE', undefined],
    ] as const) {
      const r = await admin(method, `/api/imovel-report-templates/${theirs.id}`, body);
      expect(r.status, method).toBe(404);
    }
    const gen = await admin('POST', '/api/imoveis/relatorios', { templateId: theirs.id, formato: 'pdf' });
    expect(gen.status).toBe(404);
    expect(gen.body.error.message).toBe(IMOVEL_RELATORIO_MSG.templateNotFound);
    expect(await ownerQuery(s, 'select * from imovel_report_templates where id = $1', [theirs.id])).toEqual(before);
  });
});

describe('imovel-report.generate', () => {
  it('the default template as PDF: header, the properties of the municipality only, areas in m², page numbers', async () => {
    const token = await w.A.users.visualizador.token();
    const simples = (await templates(w.A.users.visualizador)).find((t) => t.isDefault)!;
    const r = await client(s.url, token)('POST', '/api/imoveis/relatorios', { templateId: simples.id, formato: 'pdf' });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.job).toMatchObject({ name: 'imovel-report.generate', title: expect.stringContaining('(PDF)') });
    const job: Job = await waitJob(s, token, r.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    expect(job.fileName).toMatch(/^relatorio-simples-de-imoveis-\d{4}-\d{2}-\d{2}\.pdf$/);
    const { res, bytes } = await jobDownload(s, token, job.id);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pages = await pdfText(bytes);
    const all = squeeze(pages.join(' '));
    expect(all).toContain(prefeituraOf(w.A.name)); // "Município Teste …" → "Prefeitura Municipal de Teste …"
    expect(all).toContain('Relatório Simples de Imóveis');
    expect(all).toContain('Escola Municipal Monteiro Lobato');
    expect(all).toContain('IMV-0002');
    expect(all).toContain('1.250,50');
    expect(all).toContain('Área construída total: 1.250,50 m² · Área do terreno total: 8.000,00 m²');
    expect(all).toMatch(/Total de imóveis: 2/);
    expect(all).not.toContain('Posto de Saúde do Vizinho');
    expect(squeeze(pages[0])).toContain('Página 1 de');
  });

  it('XLSX with a custom field and a filter (template default overridden by the request)', async () => {
    const admin = await as(w.A.users.admin);
    const t = (
      await admin('POST', '/api/imovel-report-templates', {
        name: 'Planilha de imóveis',
        fields: [
          'numero_patrimonio',
          'denominacao',
          'area_construida',
          'valor_aquisicao',
          'situacao',
          'cf:matricula_imovel',
        ],
        filters: { situacao: ['cedido'] },
      })
    ).body.template as ImovelReportTemplate;
    const token = await w.A.users.admin.token();
    const r = await admin('POST', '/api/imoveis/relatorios', {
      templateId: t.id,
      formato: 'xlsx',
      filtros: { situacao: ['proprio'] },
    });
    expect(r.status).toBe(202);
    const job = await waitJob(s, token, r.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    expect(job.fileName).toMatch(/^planilha-de-imoveis-.*\.xlsx$/);
    const { bytes } = await jobDownload(s, token, job.id);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Imóveis');
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Nº Patrimônio',
      'Denominação',
      'Área construída (m²)',
      'Valor de aquisição',
      'Situação',
      'Matrícula do Imóvel',
    ]);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).values).toEqual([
      undefined,
      'IMV-0001',
      'Escola Municipal Monteiro Lobato',
      1250.5,
      850000,
      'Próprio',
      'MAT-77881',
    ]);
  });

  it('bad format is 400; a role without imoveis:read cannot generate (403)', async () => {
    const admin = await as(w.A.users.admin);
    const simples = (await templates(w.A.users.admin)).find((t) => t.isDefault)!;
    const bad = await admin('POST', '/api/imoveis/relatorios', { templateId: simples.id, formato: 'docx' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Formato inválido (pdf ou xlsx).');
    const su = client(s.url, await w.superuser.token());
    const perms = (await su('GET', '/api/superuser/permissions')).body.roles.find(
      (x: { role: string }) => x.role === 'visualizador',
    ).permissions as string[];
    await su('PUT', '/api/superuser/permissions/visualizador', {
      permissions: perms.filter((p) => p !== 'imoveis:read'),
    });
    try {
      const viz = await as(w.A.users.visualizador);
      expect((await viz('POST', '/api/imoveis/relatorios', { templateId: simples.id, formato: 'pdf' })).status).toBe(
        403,
      );
      expect((await viz('GET', '/api/imovel-report-templates')).status).toBe(403);
    } finally {
      await su('PUT', '/api/superuser/permissions/visualizador', { permissions: perms });
    }
  });
});

describe('GET /api/dashboard/imoveis', () => {
  it('count, areas, by situação and utilização, overdue maintenance; only the own municipality', async () => {
    const imovel = await newImovelRow(s, w.A.id, {
      situacao: 'alugado',
      utilizacao: 'Escola',
      area_construida: '10.25',
    });
    await ownerQuery(
      s,
      `insert into manutencoes (municipality_id, imovel_id, title, kind, due_date, status) values
         ($1, $2, 'Pintura atrasada', 'preventiva', current_date - 10, 'pendente'),
         ($1, $2, 'Telhado em andamento', 'corretiva', current_date - 3, 'em_andamento'),
         ($1, $2, 'Concluída antiga', 'corretiva', current_date - 30, 'concluida'),
         ($1, $2, 'Futura', 'inspecao', current_date + 20, 'pendente')`,
      [w.A.id, imovel.id],
    );
    const r = await (await as(w.A.users.visualizador))('GET', '/api/dashboard/imoveis');
    expect(r.status).toBe(200);
    const resumo = r.body as ImovelResumo;
    expect(resumo).toMatchObject({
      total: 3,
      areaConstruida: '1260.75',
      areaTerreno: '8000.00',
      manutencoesAtrasadas: 2,
    });
    expect(resumo.porSituacao).toEqual(
      expect.arrayContaining([
        { situacao: 'proprio', count: 1 },
        { situacao: 'cedido', count: 1 },
        { situacao: 'alugado', count: 1 },
      ]),
    );
    expect(resumo.porUtilizacao[0]).toEqual({ utilizacao: 'Escola', count: 2 });
    const theirs = (await (await as(w.B.users.admin))('GET', '/api/dashboard/imoveis')).body as ImovelResumo;
    expect(theirs).toMatchObject({ total: 1, manutencoesAtrasadas: 0 });
  });
});
