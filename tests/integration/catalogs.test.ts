import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MSG, FORM_FIELD_MSG, type FormaAquisicao, type FormField, type TipoBem } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, type MainRole, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
/** Own municipality (one sector) and another one. */
let A: TestTenant;
let B: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});
const as = async (u: TestUser) => client(s.url, await u.token());
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${seq++}`;

describe('asset types /api/tipos-bens', () => {
  it('admin and supervisor manage; usuario/visualizador read only; vizinho cannot see or touch', async () => {
    for (const who of ['admin', 'supervisor'] as MainRole[]) {
      const call = await as(A.users[who]);
      const c = await call('POST', '/api/tipos-bens', {
        name: `Tipo ${who} ${uniq()}`,
        usefulLifeMonths: 60,
        residualValuePct: '10.5',
      });
      expect(c.status, who).toBe(201);
      expect(c.body).toMatchObject({ active: true, usefulLifeMonths: 60, residualValuePct: '10.50' });
      const u = await call('PUT', `/api/tipos-bens/${c.body.id}`, { residualValuePct: 12, version: c.body.version });
      expect(u.status).toBe(200);
      expect(u.body.residualValuePct).toBe('12.00');
      const t = await call('PATCH', `/api/tipos-bens/${c.body.id}/toggle`, { version: u.body.version });
      expect(t.status).toBe(200);
      expect(t.body.active).toBe(false);
      expect((await call('GET', '/api/tipos-bens?active=true')).body.tiposBens.map((x: TipoBem) => x.id)).not.toContain(
        c.body.id,
      );
      expect((await call('DELETE', `/api/tipos-bens/${c.body.id}`)).status).toBe(204);
    }
    const admin = await as(A.users.admin);
    const mine = (await admin('POST', '/api/tipos-bens', { name: `Só Exemplo ${uniq()}` })).body as TipoBem;
    for (const who of ['usuario', 'visualizador'] as MainRole[]) {
      const call = await as(A.users[who]);
      const list = await call('GET', '/api/tipos-bens');
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(list.body.tiposBens.length);
      expect((await call('POST', '/api/tipos-bens', { name: 'Proibido' })).status).toBe(403);
      expect((await call('PATCH', `/api/tipos-bens/${mine.id}/toggle`, { version: mine.version })).status).toBe(403);
      expect((await call('DELETE', `/api/tipos-bens/${mine.id}`)).status).toBe(403);
    }
    const viz = await as(B.users.admin);
    expect((await viz('GET', '/api/tipos-bens')).body.tiposBens.map((x: TipoBem) => x.id)).not.toContain(mine.id);
    expect((await viz('PUT', `/api/tipos-bens/${mine.id}`, { name: 'Tomado', version: mine.version })).status).toBe(
      404,
    );
    expect((await viz('PATCH', `/api/tipos-bens/${mine.id}/toggle`, { version: mine.version })).status).toBe(404);
    expect((await viz('DELETE', `/api/tipos-bens/${mine.id}`)).status).toBe(404);
    expect((await client(s.url)('GET', '/api/tipos-bens')).status).toBe(401);
  });

  it('validates life, residual %, duplicates and unknown fields; nothing written', async () => {
    const admin = await as(A.users.admin);
    const before = (await admin('GET', '/api/tipos-bens')).body.total;
    for (const [payload, field] of [
      [{ name: 'X1', usefulLifeMonths: 0 }, 'usefulLifeMonths'],
      [{ name: 'X2', usefulLifeMonths: 1201 }, 'usefulLifeMonths'],
      [{ name: 'X3', usefulLifeMonths: 12.5 }, 'usefulLifeMonths'],
      [{ name: 'X4', residualValuePct: 100.01 }, 'residualValuePct'],
      [{ name: 'X5', residualValuePct: '1.234' }, 'residualValuePct'],
      [{ name: 'X6', residualValuePct: -1 }, 'residualValuePct'],
      [{ name: '' }, 'name'],
      [{ name: 'X7', hacker: true }, 'hacker'],
    ] as const) {
      const r = await admin('POST', '/api/tipos-bens', payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.error.fields[field], JSON.stringify(r.body)).toBeTruthy();
    }
    const name = `Duplicado ${uniq()}`;
    expect((await admin('POST', '/api/tipos-bens', { name })).status).toBe(201);
    const dup = await admin('POST', '/api/tipos-bens', { name: name.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(CATALOG_MSG.tipos.nameTaken);
    expect((await admin('GET', '/api/tipos-bens')).body.total).toBe(before + 1);
  });

  it('a type in use cannot be deleted (409 pt-BR)', async () => {
    const admin = await as(A.users.admin);
    const tipo = (await admin('POST', '/api/tipos-bens', { name: `Em uso ${uniq()}` })).body as TipoBem;
    const sectorId = (await admin('GET', '/api/sectors')).body.sectors[0].id;
    expect(
      (
        await admin('POST', '/api/patrimonios', {
          descricao_bem: 'Mesa',
          tipoId: tipo.id,
          sectorId,
          valor_aquisicao: '10.00',
        })
      ).status,
    ).toBe(201);
    const del = await admin('DELETE', `/api/tipos-bens/${tipo.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(CATALOG_MSG.tipos.inUse);
  });
});

describe('acquisition forms /api/formas-aquisicao', () => {
  it('CRUD + toggle-status with the audit texts of spec §7', async () => {
    const admin = await as(A.users.admin);
    const nome = `Compra ${uniq()}`;
    const c = await admin('POST', '/api/formas-aquisicao', { nome });
    expect(c.status).toBe(201);
    const f = c.body as FormaAquisicao;
    expect(Object.keys(f).sort()).toEqual([
      'ativo',
      'createdAt',
      'id',
      'municipalityId',
      'nome',
      'updatedAt',
      'version',
    ]);
    expect(f.ativo).toBe(true);
    const list = await admin('GET', '/api/formas-aquisicao');
    expect(list.body.formasAquisicao.map((x: FormaAquisicao) => x.id)).toContain(f.id);
    expect(list.body.total).toBe(list.body.formasAquisicao.length);
    const u = await admin('PUT', `/api/formas-aquisicao/${f.id}`, { nome: `${nome} (editada)`, version: f.version });
    expect(u.body.nome).toBe(`${nome} (editada)`);
    const off = await admin('PATCH', `/api/formas-aquisicao/${f.id}/toggle-status`, { version: u.body.version });
    expect(off.body.ativo).toBe(false);
    expect(
      (await admin('PATCH', `/api/formas-aquisicao/${f.id}/toggle-status`, { version: off.body.version })).body.ativo,
    ).toBe(true);
    expect((await admin('PUT', `/api/formas-aquisicao/${f.id}`, { nome: 'velha', version: f.version })).status).toBe(
      409,
    );
    expect((await admin('DELETE', `/api/formas-aquisicao/${f.id}`)).status).toBe(204);
    const logs = (await admin('GET', '/api/audit-logs?entityType=FormaAquisicao&pageSize=100')).body.logs.filter(
      (l: { entityId: string }) => l.entityId === String(f.id),
    );
    const texts = logs.map((l: { details: string }) => l.details);
    expect(texts).toEqual(
      expect.arrayContaining([
        `Forma de Aquisição '${nome}' adicionada.`,
        `Forma de Aquisição '${nome} (editada)' atualizada.`,
        `Forma de Aquisição '${nome} (editada)' desativada.`,
        `Forma de Aquisição '${nome} (editada)' ativada.`,
        `Forma de Aquisição '${nome} (editada)' excluída.`,
      ]),
    );
  });

  it('roles, other municipality, bad input, in use', async () => {
    const admin = await as(A.users.admin);
    const f = (await admin('POST', '/api/formas-aquisicao', { nome: `Doação ${uniq()}` })).body as FormaAquisicao;
    for (const who of ['usuario', 'visualizador'] as MainRole[]) {
      const call = await as(A.users[who]);
      expect((await call('GET', '/api/formas-aquisicao')).status).toBe(200);
      expect((await call('POST', '/api/formas-aquisicao', { nome: 'X' })).status).toBe(403);
      expect((await call('PATCH', `/api/formas-aquisicao/${f.id}/toggle-status`, { version: f.version })).status).toBe(
        403,
      );
    }
    const viz = await as(B.users.admin);
    expect((await viz('PATCH', `/api/formas-aquisicao/${f.id}/toggle-status`, { version: f.version })).status).toBe(
      404,
    );
    expect((await viz('DELETE', `/api/formas-aquisicao/${f.id}`)).status).toBe(404);
    expect((await admin('POST', '/api/formas-aquisicao', { nome: ' ' })).status).toBe(400);
    expect((await admin('POST', '/api/formas-aquisicao', { nome: 'A', extra: 1 })).status).toBe(400);
    const sectorId = (await admin('GET', '/api/sectors')).body.sectors[0].id;
    const tipoId = (await admin('POST', '/api/tipos-bens', { name: `T ${uniq()}` })).body.id;
    expect(
      (
        await admin('POST', '/api/patrimonios', {
          descricao_bem: 'Cadeira',
          tipoId,
          sectorId,
          valor_aquisicao: 5,
          formaAquisicaoId: f.id,
        })
      ).status,
    ).toBe(201);
    const del = await admin('DELETE', `/api/formas-aquisicao/${f.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(CATALOG_MSG.formas.inUse);
  });
});

describe('catalogue updates need the version the user saw', () => {
  /** Without `version` 400, with a stale one 409; in both cases the row keeps its values and version. */
  async function refusesMissingAndStale(
    url: string,
    list: () => Promise<Array<{ id: number; version: number }>>,
    id: number,
    change: Record<string, unknown>,
    current: number,
  ) {
    const admin = await as(A.users.admin);
    const before = (await list()).find((x) => x.id === id);
    const missing = await admin(url.includes('toggle') ? 'PATCH' : 'PUT', url, change);
    expect(missing.status, url).toBe(400);
    expect(missing.body.error.fields.version, url).toBeTruthy();
    const stale = await admin(url.includes('toggle') ? 'PATCH' : 'PUT', url, { ...change, version: current - 1 });
    expect(stale.status, url).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    expect(
      (await list()).find((x) => x.id === id),
      url,
    ).toEqual(before);
  }

  it('asset types: PUT and the toggle', async () => {
    const admin = await as(A.users.admin);
    const list = async () => (await admin('GET', '/api/tipos-bens')).body.tiposBens as TipoBem[];
    const t = (await admin('POST', '/api/tipos-bens', { name: `Versão ${uniq()}` })).body as TipoBem;
    const u = (await admin('PUT', `/api/tipos-bens/${t.id}`, { usefulLifeMonths: 12, version: t.version })).body;
    expect(u.version).toBe(t.version + 1);
    await refusesMissingAndStale(`/api/tipos-bens/${t.id}`, list, t.id, { name: 'Outro' }, u.version);
    await refusesMissingAndStale(`/api/tipos-bens/${t.id}/toggle`, list, t.id, {}, u.version);
    const toggled = await admin('PATCH', `/api/tipos-bens/${t.id}/toggle`, { version: u.version });
    expect(toggled.body).toMatchObject({ active: false, version: u.version + 1 });
  });

  it('acquisition forms: PUT and the toggle', async () => {
    const admin = await as(A.users.admin);
    const list = async () => (await admin('GET', '/api/formas-aquisicao')).body.formasAquisicao as FormaAquisicao[];
    const f = (await admin('POST', '/api/formas-aquisicao', { nome: `Versão ${uniq()}` })).body as FormaAquisicao;
    const u = (await admin('PUT', `/api/formas-aquisicao/${f.id}`, { nome: `${f.nome}!`, version: f.version })).body;
    expect(u.version).toBe(f.version + 1);
    await refusesMissingAndStale(`/api/formas-aquisicao/${f.id}`, list, f.id, { nome: 'Outra' }, u.version);
    await refusesMissingAndStale(`/api/formas-aquisicao/${f.id}/toggle-status`, list, f.id, {}, u.version);
    const toggled = await admin('PATCH', `/api/formas-aquisicao/${f.id}/toggle-status`, { version: u.version });
    expect(toggled.body).toMatchObject({ ativo: false, version: u.version + 1 });
  });

  it('asset form fields: PUT', async () => {
    const admin = await as(A.users.admin);
    const list = async () => (await admin('GET', '/api/asset-form-fields')).body.fields as FormField[];
    const c = (await admin('POST', '/api/asset-form-fields', { label: `Versão ${uniq()}`, type: 'TEXT' }))
      .body as FormField;
    const u = (await admin('PUT', `/api/asset-form-fields/${c.id}`, { required: true, version: c.version })).body;
    expect(u.version).toBe(c.version + 1);
    await refusesMissingAndStale(`/api/asset-form-fields/${c.id}`, list, c.id, { label: 'Outro' }, u.version);
    expect((await admin('DELETE', `/api/asset-form-fields/${c.id}`)).status).toBe(204);
  });
});

describe('numbering /api/numeracao', () => {
  it('default of §9, saved per municipality, validated, managers only', async () => {
    const admin = await as(A.users.admin);
    const g = await admin('GET', '/api/numeracao');
    expect(g.status).toBe(200);
    expect(g.body.pattern.isDefault).toBe(true);
    expect(g.body.pattern.components.map((c: { type: string }) => c.type)).toEqual(['year', 'sector', 'sequence']);
    expect(g.body.pattern.example).toMatch(/^\d{4}AD000001$/);
    expect(
      (
        await (
          await as(A.users.usuario)
        )('PUT', '/api/numeracao', { components: g.body.pattern.components, version: 0 })
      ).status,
    ).toBe(403);
    const bad = await admin('PUT', '/api/numeracao', {
      components: [{ id: 'y', type: 'year', format: 'YYYY' }],
      version: 0,
    });
    expect(bad.status).toBe(400);
    expect(
      (await admin('PUT', '/api/numeracao', { components: [{ id: 's', type: 'sequence', length: 11 }], version: 0 }))
        .status,
    ).toBe(400);
    const p = await admin('PUT', '/api/numeracao', {
      components: [
        { id: 'y', type: 'year', format: 'YY' },
        { id: 's', type: 'sequence', length: 5 },
      ],
      separator: '-',
      version: g.body.pattern.version,
    });
    expect(p.status).toBe(200);
    expect(p.body.pattern.example).toMatch(/^\d{2}-00001$/);
    // a stale version is refused, and an update without one
    expect((await admin('PUT', '/api/numeracao', { components: p.body.pattern.components, version: 0 })).status).toBe(
      409,
    );
    expect((await admin('PUT', '/api/numeracao', { components: p.body.pattern.components })).status).toBe(400);
    expect((await (await as(B.users.admin))('GET', '/api/numeracao')).body.pattern.isDefault).toBe(true);
    const sectorId = (await admin('GET', '/api/sectors')).body.sectors[0].id;
    const tipoId = (await admin('POST', '/api/tipos-bens', { name: `N ${uniq()}` })).body.id;
    const a = await admin('POST', '/api/patrimonios', {
      descricao_bem: 'Com novo padrão',
      tipoId,
      sectorId,
      valor_aquisicao: 1,
    });
    expect(a.body.patrimonio.numero_patrimonio).toMatch(/^\d{2}-\d{5}$/);
    // back to the default for the other files' expectations
    expect(
      (
        await admin('PUT', '/api/numeracao', {
          ...{ components: g.body.pattern.components },
          separator: '',
          version: p.body.pattern.version,
        })
      ).status,
    ).toBe(200);
  });
});

describe('asset form fields /api/asset-form-fields', () => {
  it('defaults of §3, add/update/reorder/delete with §8 audit texts; system field protected', async () => {
    const admin = await as(A.users.admin);
    const g = await admin('GET', '/api/asset-form-fields');
    expect(g.status).toBe(200);
    const byKey = Object.fromEntries(g.body.fields.map((f: FormField) => [f.key, f]));
    expect(byKey.descricao_bem).toMatchObject({
      label: 'Descrição do Bem',
      type: 'TEXTAREA',
      required: true,
      isSystem: true,
    });
    expect(byKey.tipo).toMatchObject({ label: 'Tipo', type: 'TEXT', required: true, isSystem: false });
    const del = await admin('DELETE', `/api/asset-form-fields/${byKey.descricao_bem.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(FORM_FIELD_MSG.systemDelete);

    const c = await admin('POST', '/api/asset-form-fields', { label: 'Número de Série', type: 'TEXT' });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ key: 'numero_de_serie', isCustom: true, isSystem: false });
    expect((await admin('POST', '/api/asset-form-fields', { label: 'Número de Série', type: 'TEXT' })).status).toBe(
      409,
    );
    expect((await admin('POST', '/api/asset-form-fields', { label: 'Cor', type: 'SELECT' })).status).toBe(400);
    expect((await admin('POST', '/api/asset-form-fields', { label: 'X', type: 'COLOR' })).status).toBe(400);
    const u = await admin('PUT', `/api/asset-form-fields/${c.body.id}`, {
      label: 'Nº de Série',
      version: c.body.version,
    });
    expect(u.status).toBe(200);
    const all = (await admin('GET', '/api/asset-form-fields')).body.fields as FormField[];
    const ids = all.map((f) => f.id).reverse();
    const r = await admin('PUT', '/api/asset-form-fields/reorder', { ids });
    expect(r.status).toBe(200);
    expect(r.body.fields.map((f: FormField) => f.id)).toEqual(ids);
    expect((await admin('PUT', '/api/asset-form-fields/reorder', { ids: ids.slice(1) })).status).toBe(400);
    expect((await admin('DELETE', `/api/asset-form-fields/${c.body.id}`)).status).toBe(204);
    expect(
      (await (await as(A.users.usuario))('POST', '/api/asset-form-fields', { label: 'Y', type: 'TEXT' })).status,
    ).toBe(403);
    expect((await (await as(B.users.admin))('DELETE', `/api/asset-form-fields/${byKey.tipo.id}`)).status).toBe(404);

    const logs = (await admin('GET', '/api/audit-logs?entityType=AssetFormField&pageSize=100')).body.logs.map(
      (l: { details: string }) => l.details,
    );
    expect(logs).toEqual(
      expect.arrayContaining([
        'Campo "Número de Série" criado.',
        'Campo "Nº de Série" atualizado.',
        'Ordem dos campos foi alterada.',
        'Campo "Nº de Série" excluído.',
      ]),
    );
  });
});
