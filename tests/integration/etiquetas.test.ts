import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LABEL_TEMPLATE, type LabelTemplate } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newMunicipality, ownerQuery, world, type TestWorld } from '../support/factories';

// Label templates (issue 11, spec §7): CRUD per role and municipality, validation, one default, and the
// default 'Padrão 60x40mm' every municipality is born with.

let s: TestServer;
let w: TestWorld;

const body = (over: Record<string, unknown> = {}) => ({
  name: `Modelo ${Math.random().toString(36).slice(2, 8)}`,
  width: 50,
  height: 30,
  isDefault: false,
  elements: [
    { id: 'n', type: 'PATRIMONIO_FIELD', x: 2, y: 2, width: 30, height: 8, content: 'numero_patrimonio', fontSize: 12 },
    { id: 't', type: 'TEXT', x: 2, y: 12, width: 30, height: 6, content: 'Propriedade da Prefeitura' },
    { id: 'q', type: 'QRCODE', x: 34, y: 2, width: 14, height: 14 },
    { id: 'b', type: 'BARCODE', x: 2, y: 20, width: 46, height: 8 },
  ],
  ...over,
});

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s?.close();
});

describe('default template (spec §9)', () => {
  it("a new municipality gets 'Padrão 60x40mm', equal to shared/src/etiquetas/defaults.ts", async () => {
    const m = await newMunicipality(s);
    const rows = await ownerQuery<{
      name: string;
      width: number;
      height: number;
      is_default: boolean;
      elements: unknown;
    }>(s, 'select name, width, height, is_default, elements from etiqueta_templates where municipality_id = $1', [
      m.id,
    ]);
    expect(rows).toHaveLength(1);
    const [r] = rows;
    expect({ name: r.name, width: r.width, height: r.height, elements: r.elements }).toEqual(DEFAULT_LABEL_TEMPLATE);
    expect(r.is_default).toBe(true);
  });

  it('every role lists it; each municipality sees only its own', async () => {
    for (const role of ['admin', 'supervisor', 'usuario', 'visualizador'] as const) {
      const r = await client(s.url, await w.A.users[role].token())('GET', '/api/label-templates');
      expect(r.status, role).toBe(200);
      expect(r.body.templates.every((t: LabelTemplate) => t.municipalityId === w.A.id)).toBe(true);
      expect(r.body.templates.some((t: LabelTemplate) => t.name === 'Padrão 60x40mm' && t.isDefault)).toBe(true);
    }
  });
});

describe('CRUD', () => {
  it('admin and supervisor create, update and delete; audit rows are written', async () => {
    for (const role of ['admin', 'supervisor'] as const) {
      const api = client(s.url, await w.A.users[role].token());
      const created = await api('POST', '/api/label-templates', body());
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const t: LabelTemplate = created.body.template;
      expect(t.elements).toHaveLength(4);
      expect(t.elements[1]).toMatchObject({ fontSize: 10, fontWeight: 'normal', textAlign: 'left' });
      const upd = await api('PUT', `/api/label-templates/${t.id}`, {
        ...body({ name: t.name, width: 60 }),
        version: t.version,
      });
      expect(upd.status, JSON.stringify(upd.body)).toBe(200);
      expect(upd.body.template).toMatchObject({ width: 60, version: t.version + 1 });
      const stale = await api('PUT', `/api/label-templates/${t.id}`, { ...body(), version: t.version });
      expect(stale.status).toBe(409);
      const del = await api('DELETE', `/api/label-templates/${t.id}`);
      expect(del.status).toBe(204);
      const actions = await ownerQuery<{ action: string }>(
        s,
        `select action from audit_logs where entity_type = 'LabelTemplate' and entity_id = $1 order by id`,
        [String(t.id)],
      );
      expect(actions.map((a) => a.action)).toEqual([
        'LABEL_TEMPLATE_CREATE',
        'LABEL_TEMPLATE_UPDATE',
        'LABEL_TEMPLATE_DELETE',
      ]);
    }
  });

  it('usuario and visualizador may read but not write (403, nothing written); the superuser gets 403', async () => {
    const before = await ownerQuery(s, 'select count(*)::int as n from etiqueta_templates where municipality_id = $1', [
      w.A.id,
    ]);
    for (const role of ['usuario', 'visualizador'] as const) {
      const r = await client(s.url, await w.A.users[role].token())('POST', '/api/label-templates', body());
      expect(r.status, role).toBe(403);
    }
    const su = client(s.url, await w.superuser.token());
    expect((await su('GET', '/api/label-templates')).status).toBe(403);
    expect((await su('POST', '/api/label-templates', body())).status).toBe(403);
    expect(
      await ownerQuery(s, 'select count(*)::int as n from etiqueta_templates where municipality_id = $1', [w.A.id]),
    ).toEqual(before);
  });

  it("another municipality's template is a 404 (update, delete, generate), left unchanged", async () => {
    const b = client(s.url, await w.B.users.admin.token());
    const theirs: LabelTemplate = (await b('POST', '/api/label-templates', body())).body.template;
    const a = client(s.url, await w.A.users.admin.token());
    expect((await a('PUT', `/api/label-templates/${theirs.id}`, { ...body(), version: theirs.version })).status).toBe(
      404,
    );
    expect((await a('DELETE', `/api/label-templates/${theirs.id}`)).status).toBe(404);
    const gen = await a('POST', '/api/etiquetas', {
      templateId: theirs.id,
      patrimonioIds: [w.A.asset.id],
      layout: { tipo: 'termica' },
    });
    expect(gen.status).toBe(404);
    const [row] = await ownerQuery<{ version: number }>(s, 'select version from etiqueta_templates where id = $1', [
      theirs.id,
    ]);
    expect(row.version).toBe(theirs.version);
  });

  it('setting isDefault unsets the other default of the municipality only', async () => {
    const api = client(s.url, await w.A.users.admin.token());
    const t: LabelTemplate = (await api('POST', '/api/label-templates', body({ isDefault: true }))).body.template;
    const defaults = await ownerQuery<{ id: number; municipality_id: number }>(
      s,
      'select id, municipality_id from etiqueta_templates where is_default and municipality_id in ($1, $2)',
      [w.A.id, w.B.id],
    );
    expect(defaults.filter((d) => d.municipality_id === w.A.id).map((d) => d.id)).toEqual([t.id]);
    expect(defaults.filter((d) => d.municipality_id === w.B.id)).toHaveLength(1);
    // Deleting the default hands the role to the oldest remaining template.
    expect((await api('DELETE', `/api/label-templates/${t.id}`)).status).toBe(204);
    const list: LabelTemplate[] = (await api('GET', '/api/label-templates')).body.templates;
    expect(list.filter((x) => x.isDefault)).toHaveLength(1);
    expect(list[0].isDefault).toBe(true);
  });
});

describe('validation (400 with the field, nothing written)', () => {
  const cases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['negative label width', { width: -5 }, 'width', /maior que zero/],
    [
      'zero element height',
      { elements: [{ id: 'a', type: 'TEXT', x: 0, y: 0, width: 10, height: 0, content: 'x' }] },
      'elements.0.height',
      /maior que zero/,
    ],
    [
      'element outside the label (x + width)',
      { elements: [{ id: 'a', type: 'TEXT', x: 45, y: 0, width: 10, height: 5, content: 'x' }] },
      'elements.0.width',
      /ultrapassa a largura da etiqueta em 5 mm/,
    ],
    [
      'element outside the label (y + height)',
      { elements: [{ id: 'a', type: 'QRCODE', x: 0, y: 25, width: 10, height: 10 }] },
      'elements.0.height',
      /ultrapassa a altura/,
    ],
    [
      'negative position',
      { elements: [{ id: 'a', type: 'TEXT', x: -1, y: 0, width: 10, height: 5, content: 'x' }] },
      'elements.0.x',
      /negativa/,
    ],
    [
      'unknown element type',
      { elements: [{ id: 'a', type: 'IMAGE', x: 0, y: 0, width: 10, height: 5 }] },
      'elements.0.type',
      /Tipo de elemento inválido/,
    ],
    [
      'unknown asset field',
      { elements: [{ id: 'a', type: 'PATRIMONIO_FIELD', x: 0, y: 0, width: 10, height: 5, content: 'senha' }] },
      'elements.0.content',
      /Campo do bem desconhecido/,
    ],
    ['unknown key', { cor: 'azul' }, 'cor', /./],
  ];
  for (const [what, over, field, message] of cases) {
    it(what, async () => {
      const api = client(s.url, await w.A.users.admin.token());
      const r = await api('POST', '/api/label-templates', body({ name: `Inválido ${what}`, ...over }));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.fields[field]).toMatch(message);
      const rows = await ownerQuery(s, 'select 1 from etiqueta_templates where name = $1', [`Inválido ${what}`]);
      expect(rows).toHaveLength(0);
    });
  }
  it('a taken name is a 409', async () => {
    const api = client(s.url, await w.A.users.admin.token());
    const r = await api('POST', '/api/label-templates', body({ name: 'padrão 60X40MM' }));
    expect(r.status).toBe(409);
  });
});
