import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_TEMPLATES, RELATORIO_MSG, type ReportTemplate } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newMunicipality, newUser, ownerQuery, world, type TestWorld } from '../support/factories';

// Report templates and saved report configs (issue 11, reports): CRUD per role and municipality,
// strict validation, the defaults of spec §9 seeded for every municipality, configs private per user.

let s: TestServer;
let w: TestWorld;

const layout = () => [
  { id: 'h', type: 'HEADER', x: 0, y: 0, w: 12, h: 1 },
  { id: 'c', type: 'CHART', x: 0, y: 1, w: 6, h: 4, props: { chartKind: 'pie', groupBy: 'setor', measure: 'valor' } },
  { id: 'x', type: 'TEXT', x: 6, y: 1, w: 6, h: 4, props: { content: 'Total {{total_bens}}' }, styles: { bold: true } },
  { id: 't', type: 'TABLE', x: 0, y: 5, w: 12, h: 10, styles: { fontSize: 9 } },
  { id: 'f', type: 'FOOTER', x: 0, y: 15, w: 12, h: 1, styles: { align: 'right' } },
];
const body = (name: string) => ({
  name,
  fields: ['numero_patrimonio', 'descricao_bem', 'valor_aquisicao'],
  layout: layout(),
});

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s?.close();
});

describe('default templates (spec §9)', () => {
  it('a new municipality gets exactly the two defaults of shared/src/relatorios/defaults.ts', async () => {
    const m = await newMunicipality(s);
    const rows = await ownerQuery<{ name: string; fields: unknown; layout: unknown; is_default: boolean }>(
      s,
      'select name, fields, layout, is_default from relatorio_templates where municipality_id = $1 order by id',
      [m.id],
    );
    expect(rows.map((r) => ({ name: r.name, fields: r.fields, layout: r.layout }))).toEqual(DEFAULT_REPORT_TEMPLATES);
    expect(rows.every((r) => r.is_default)).toBe(true);
  });

  it('every role that generates lists them; the superuser is refused', async () => {
    for (const role of ['admin', 'supervisor', 'usuario', 'visualizador'] as const) {
      const r = await client(s.url, await w.A.users[role].token())('GET', '/api/report-templates');
      expect(r.status, role).toBe(200);
      const names = r.body.templates.map((t: ReportTemplate) => t.name);
      expect(names).toEqual(expect.arrayContaining(DEFAULT_REPORT_TEMPLATES.map((d) => d.name)));
      expect(r.body.templates.every((t: ReportTemplate) => t.municipalityId === w.A.id)).toBe(true);
    }
    expect((await client(s.url, await w.superuser.token())('GET', '/api/report-templates')).status).toBe(403);
  });
});

describe('report templates CRUD', () => {
  it('admin and supervisor create, update (409 when stale) and delete; audit rows are written', async () => {
    for (const role of ['admin', 'supervisor'] as const) {
      const api = client(s.url, await w.A.users[role].token());
      const created = await api('POST', '/api/report-templates', body(`Inventário por setor ${role}`));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const t: ReportTemplate = created.body.template;
      expect(t.layout.find((b) => b.id === 't')?.styles.fontSize).toBe(9);
      expect(t.version).toBe(0);
      const updated = await api('PUT', `/api/report-templates/${t.id}`, { ...body(`${t.name} v2`), version: 0 });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.template.version).toBe(1);
      const stale = await api('PUT', `/api/report-templates/${t.id}`, { ...body('Outro nome'), version: 0 });
      expect(stale.status).toBe(409);
      expect((await api('GET', `/api/report-templates/${t.id}`)).body.template.name).toBe(`${t.name} v2`);
      expect((await api('DELETE', `/api/report-templates/${t.id}`)).status).toBe(204);
      expect((await api('GET', `/api/report-templates/${t.id}`)).status).toBe(404);
      const audit = await ownerQuery<{ action: string }>(
        s,
        `select action from audit_logs where entity_type = 'ReportTemplate' and entity_id = $1 order by id`,
        [String(t.id)],
      );
      expect(audit.map((a) => a.action)).toEqual([
        'REPORT_TEMPLATE_CREATE',
        'REPORT_TEMPLATE_UPDATE',
        'REPORT_TEMPLATE_DELETE',
      ]);
    }
  });

  it('usuario and visualizador may read but not write (403); a taken name is 409', async () => {
    for (const role of ['usuario', 'visualizador'] as const) {
      const r = await client(s.url, await w.A.users[role].token())('POST', '/api/report-templates', body('Proibido'));
      expect(r.status, role).toBe(403);
    }
    const api = client(s.url, await w.A.users.admin.token());
    expect((await api('POST', '/api/report-templates', body('Duplicado'))).status).toBe(201);
    const dup = await api('POST', '/api/report-templates', body('Duplicado'));
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(RELATORIO_MSG.templateNameTaken);
  });

  it("another municipality's template is 404 for read, update and delete (and stays unchanged)", async () => {
    const mine = await client(s.url, await w.B.users.admin.token())('POST', '/api/report-templates', body('De B'));
    const id = mine.body.template.id;
    const a = client(s.url, await w.A.users.admin.token());
    expect((await a('GET', `/api/report-templates/${id}`)).status).toBe(404);
    expect((await a('PUT', `/api/report-templates/${id}`, { ...body('Roubado'), version: 0 })).status).toBe(404);
    expect((await a('DELETE', `/api/report-templates/${id}`)).status).toBe(404);
    expect((await a('POST', '/api/relatorios', { templateId: id })).status).toBe(404);
    expect((await a('GET', `/api/relatorios/preview?templateId=${id}`)).status).toBe(404);
    const [row] = await ownerQuery<{ name: string }>(s, 'select name from relatorio_templates where id = $1', [id]);
    expect(row.name).toBe('De B');
  });

  it('bad input is 400 naming the field, and nothing is written', async () => {
    const api = client(s.url, await w.A.users.admin.token());
    const cases: Array<[unknown, string]> = [
      [{ ...body('Campo ruim'), fields: ['numero_patrimonio', 'senha_do_prefeito'] }, 'fields.1'],
      [{ ...body('Fora da grade'), layout: [{ id: 'a', type: 'TABLE', x: 8, y: 0, w: 6, h: 2 }] }, 'layout.0.w'],
      [{ ...body('Tipo ruim'), layout: [{ id: 'a', type: 'IMAGEM', x: 0, y: 0, w: 6, h: 2 }] }, 'layout.0.type'],
      [
        {
          ...body('Sobrepostos'),
          layout: [
            { id: 'a', type: 'TEXT', x: 0, y: 0, w: 6, h: 2 },
            { id: 'b', type: 'TABLE', x: 4, y: 1, w: 8, h: 2 },
          ],
        },
        'layout.1.y',
      ],
      [
        { ...body('Cor'), layout: [{ id: 'a', type: 'TEXT', x: 0, y: 0, w: 6, h: 2, styles: { color: 'red' } }] },
        'layout.0.styles.color',
      ],
      [{ ...body('Extra'), municipalityId: w.B.id }, 'municipalityId'],
      [{ ...body(''), name: '' }, 'name'],
    ];
    for (const [b, field] of cases) {
      const r = await api('POST', '/api/report-templates', b);
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.error.fields ?? {}), JSON.stringify(r.body)).toContain(field);
    }
    const [{ n }] = await ownerQuery<{ n: number }>(
      s,
      `select count(*)::int as n from relatorio_templates where municipality_id = $1 and name in ('Campo ruim', 'Fora da grade', 'Tipo ruim', 'Sobrepostos', 'Cor', 'Extra')`,
      [w.A.id],
    );
    expect(n).toBe(0);
  });
});

describe('user report configs (spec §3, own per user)', () => {
  it('saves, lists, updates and deletes the caller own configs; others see 404', async () => {
    const tpl = (await client(s.url, await w.A.users.usuario.token())('GET', '/api/report-templates')).body
      .templates[0];
    const mine = client(s.url, await w.A.users.usuario.token());
    const saved = await mine('POST', '/api/report-configs', {
      name: 'Meus bens ativos',
      templateId: tpl.id,
      filtros: { status: ['ativo'], dataDe: '2020-01-01' },
      agendamento: { frequencia: 'semanal', hora: '07:30', diaSemana: 1 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const cfg = saved.body.config;
    expect(cfg.templateName).toBe(tpl.name);
    expect(cfg.filtros.status).toEqual(['ativo']);
    expect(new Date(cfg.proximaExecucao).getTime()).toBeGreaterThan(Date.now());
    // A Monday 07:30 in São Paulo is 10:30 UTC.
    expect(new Date(cfg.proximaExecucao).getUTCDay()).toBe(1);
    expect(new Date(cfg.proximaExecucao).toISOString().slice(11, 16)).toBe('10:30');
    expect((await mine('GET', '/api/report-configs')).body.configs.map((c: { id: number }) => c.id)).toEqual([cfg.id]);

    const colleague = await newUser(s, { municipalityId: w.A.id, role: 'supervisor' });
    const other = client(s.url, await colleague.token());
    expect((await other('GET', '/api/report-configs')).body.configs).toEqual([]);
    expect((await other('GET', `/api/report-configs/${cfg.id}`)).status).toBe(404);
    expect(
      (await other('PUT', `/api/report-configs/${cfg.id}`, { name: 'x', templateId: tpl.id, version: 0 })).status,
    ).toBe(404);
    expect((await other('DELETE', `/api/report-configs/${cfg.id}`)).status).toBe(404);
    const fromB = client(s.url, await w.B.users.admin.token());
    expect((await fromB('DELETE', `/api/report-configs/${cfg.id}`)).status).toBe(404);

    const changed = await mine('PUT', `/api/report-configs/${cfg.id}`, {
      name: 'Meus bens',
      templateId: tpl.id,
      filtros: {},
      agendamento: null,
      version: 0,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.config.proximaExecucao).toBeNull();
    expect(
      (await mine('PUT', `/api/report-configs/${cfg.id}`, { name: 'y', templateId: tpl.id, version: 0 })).status,
    ).toBe(409);
    expect((await mine('DELETE', `/api/report-configs/${cfg.id}`)).status).toBe(204);
    expect((await mine('GET', '/api/report-configs')).body.configs).toEqual([]);
  });

  it('bad configs are 400 with the field; a template of another municipality is 404', async () => {
    const api = client(s.url, await w.A.users.admin.token());
    const tpl = (await api('GET', '/api/report-templates')).body.templates[0];
    const bad: Array<[unknown, string]> = [
      [
        { name: 'a', templateId: tpl.id, agendamento: { frequencia: 'semanal', hora: '07:00' } },
        'agendamento.diaSemana',
      ],
      [
        { name: 'a', templateId: tpl.id, agendamento: { frequencia: 'anual', hora: '07:00' } },
        'agendamento.frequencia',
      ],
      [{ name: 'a', templateId: tpl.id, agendamento: { frequencia: 'diaria', hora: '25:00' } }, 'agendamento.hora'],
      [{ name: 'a', templateId: tpl.id, filtros: { status: ['quebrado'] } }, 'filtros.status.0'],
      [{ name: 'a', templateId: tpl.id, userId: 1 }, 'userId'],
    ];
    for (const [b, field] of bad) {
      const r = await api('POST', '/api/report-configs', b);
      expect(r.status, field).toBe(400);
      expect(Object.keys(r.body.error.fields ?? {}), JSON.stringify(r.body)).toContain(field);
    }
    const tplB = (await client(s.url, await w.B.users.admin.token())('GET', '/api/report-templates')).body.templates[0];
    expect((await api('POST', '/api/report-configs', { name: 'b', templateId: tplB.id })).status).toBe(404);
    expect((await client(s.url, await w.superuser.token())('GET', '/api/report-configs')).status).toBe(403);
  });
});
