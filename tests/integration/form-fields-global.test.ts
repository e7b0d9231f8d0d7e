/**
 * Installation-wide asset form fields and export templates (issue 12): the superuser defines them once,
 * every municipality's form and export list shows them (read-only to the municipality), live; a
 * municipality's own field with the same key wins there; installation templates are used and copied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELD_MSG, type FormField, type LiveEvent } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newTenant, newTipoBem, newUser, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
let SU: TestUser;
let stopWorker: () => Promise<void>;
beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTenant(s);
  B = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
});
afterAll(async () => {
  await stopWorker?.();
  await s?.close();
});
const as = async (u: TestUser) => client(s.url, await u.token());
const fieldsOf = async (u: TestUser) =>
  (await (await as(u))('GET', '/api/asset-form-fields')).body.fields as FormField[];

describe('installation-wide asset form fields', () => {
  let serie: FormField;

  it("the superuser's field reaches every municipality's form, after its own, live", async () => {
    const su = await as(SU);
    const watcher = await s.socket(await B.users.usuario.token());
    const heard = nextEvent<LiveEvent<{ catalog: string }>>(watcher, 'catalog.changed');
    const r = await su('POST', '/api/superuser/asset-form-fields', { label: 'Número de Série', type: 'TEXT' });
    expect(r.status).toBe(201);
    serie = r.body;
    expect(serie).toMatchObject({ key: 'numero_de_serie', origin: 'installation', isCustom: true, isSystem: false });
    expect((await heard).data).toEqual({ catalog: 'asset-form-fields' });
    watcher.disconnect();
    for (const u of [A.users.admin, B.users.visualizador]) {
      const fields = await fieldsOf(u);
      expect(fields.map((f) => f.key)).toEqual(['descricao_bem', 'tipo', 'numero_de_serie']);
      expect(fields.at(-1)).toMatchObject({ id: serie.id, origin: 'installation', position: 2 });
      expect(fields[0].origin).toBe('municipality');
    }
    expect((await su('GET', '/api/superuser/asset-form-fields')).body.fields).toHaveLength(1);
  });

  it('a municipality stores values for it, cannot take its key, cannot edit or delete it, and reorders its own', async () => {
    const admin = await as(A.users.admin);
    const got = (await admin('GET', `/api/patrimonios/${A.asset.id}`)).body;
    const asset = got.patrimonio ?? got;
    const put = await admin('PUT', `/api/patrimonios/${A.asset.id}`, {
      version: asset.version,
      tipoId: (await newTipoBem(s, A.id)).id,
      customFields: { numero_de_serie: 'SN-123' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((put.body.patrimonio ?? put.body).customFields).toEqual({ numero_de_serie: 'SN-123' });
    const taken = await admin('POST', '/api/asset-form-fields', {
      label: 'Série',
      key: 'numero_de_serie',
      type: 'TEXT',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(FORM_FIELD_MSG.installationKey);
    expect((await admin('PUT', `/api/asset-form-fields/${serie.id}`, { label: 'X', version: 1 })).status).toBe(404);
    expect((await admin('DELETE', `/api/asset-form-fields/${serie.id}`)).status).toBe(404);
    const ids = (await fieldsOf(A.users.admin)).map((f) => f.id);
    const reordered = await admin('PUT', '/api/asset-form-fields/reorder', { ids: [ids[1], ids[0], ids[2]] });
    expect(reordered.status).toBe(200);
    expect(reordered.body.fields.map((f: FormField) => f.key)).toEqual(['tipo', 'descricao_bem', 'numero_de_serie']);
    expect((await admin('GET', '/api/superuser/asset-form-fields')).status).toBe(403);
    expect((await admin('POST', '/api/superuser/asset-form-fields', { label: 'X', type: 'TEXT' })).status).toBe(403);
  });

  it("a municipality's own field with the same key wins there", async () => {
    const b = await as(B.users.admin);
    expect((await b('POST', '/api/asset-form-fields', { label: 'Marca', type: 'TEXT' })).status).toBe(201);
    const su = await as(SU);
    const marca = await su('POST', '/api/superuser/asset-form-fields', {
      label: 'Marca do fabricante',
      key: 'marca',
      type: 'SELECT',
      options: ['Dell', 'HP'],
    });
    expect(marca.status).toBe(201);
    const inB = (await fieldsOf(B.users.admin)).filter((f) => f.key === 'marca');
    expect(inB).toHaveLength(1);
    expect(inB[0]).toMatchObject({ label: 'Marca', origin: 'municipality' });
    const inA = (await fieldsOf(A.users.admin)).filter((f) => f.key === 'marca');
    expect(inA[0]).toMatchObject({ label: 'Marca do fabricante', origin: 'installation', options: ['Dell', 'HP'] });
    const upd = await su('PUT', `/api/superuser/asset-form-fields/${marca.body.id}`, {
      label: 'Fabricante',
      version: marca.body.version,
    });
    expect(upd.status).toBe(200);
    expect((await fieldsOf(A.users.admin)).find((f) => f.key === 'marca')?.label).toBe('Fabricante');
    const stale = { label: 'Y', version: marca.body.version };
    expect((await su('PUT', `/api/superuser/asset-form-fields/${marca.body.id}`, stale)).status).toBe(409);
    expect((await su('DELETE', `/api/superuser/asset-form-fields/${marca.body.id}`)).status).toBe(204);
    expect((await fieldsOf(A.users.admin)).some((f) => f.key === 'marca')).toBe(false);
    expect((await fieldsOf(B.users.admin)).some((f) => f.key === 'marca')).toBe(true);
  });
});

describe('installation-wide export templates', () => {
  it("offered to every municipality as 'modelo do sistema': used, copied, never changed by it", async () => {
    const su = await as(SU);
    const watcher = await s.socket(await A.users.visualizador.token());
    const heard = nextEvent<LiveEvent<{ id: number }>>(watcher, 'exportTemplate.changed');
    const created = await su('POST', '/api/superuser/export-templates', {
      name: 'Modelo Geral',
      columns: [
        { key: 'numero_patrimonio', header: 'Nº Patrimônio' },
        { key: 'descricao_bem', header: 'Descrição' },
        { key: 'cf:numero_de_serie', header: 'Série' },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tpl = created.body.template;
    expect(tpl.municipalityId).toBeNull();
    expect((await heard).data).toEqual({ id: tpl.id });
    watcher.disconnect();

    for (const u of [A.users.visualizador, B.users.admin]) {
      const list = (await (await as(u))('GET', '/api/export-templates')).body.templates;
      expect(list.at(-1)).toMatchObject({ id: tpl.id, name: 'Modelo Geral', municipalityId: null });
      expect(list.slice(0, -1).every((t: { municipalityId: number }) => t.municipalityId !== null)).toBe(true);
    }
    const viz = await as(A.users.visualizador);
    expect((await viz('GET', `/api/export-templates/${tpl.id}`)).status).toBe(200);
    const admin = await as(A.users.admin);
    const body = { name: 'X', columns: tpl.columns, version: tpl.version };
    expect((await admin('PUT', `/api/export-templates/${tpl.id}`, body)).status).toBe(404);
    expect((await admin('DELETE', `/api/export-templates/${tpl.id}`)).status).toBe(404);
    const copy = await admin('POST', '/api/export-templates', { name: 'Cópia de Modelo Geral', columns: tpl.columns });
    expect(copy.status).toBe(201);
    expect(copy.body.template.municipalityId).toBe(A.id);

    const token = await A.users.visualizador.token();
    const req = await viz('POST', '/api/exportacoes', { formato: 'csv', templateId: tpl.id });
    expect(req.status, JSON.stringify(req.body)).toBe(202);
    const job = await waitJob(s, token, req.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const { bytes } = await jobDownload(s, token, job.id);
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/)[0]).toMatch(/Nº Patrimônio.Descrição.Série/);
    expect(text).toContain('SN-123');
  });

  it('the superuser edits and deletes them; unknown columns are 400; an admin is 403', async () => {
    const su = await as(SU);
    const bad = await su('POST', '/api/superuser/export-templates', {
      name: 'Ruim',
      columns: [{ key: 'cf:nao_existe', header: 'X' }],
    });
    expect(bad.status).toBe(400);
    const list = (await su('GET', '/api/superuser/export-templates')).body.templates;
    const tpl = list.find((t: { name: string }) => t.name === 'Modelo Geral');
    const upd = await su('PUT', `/api/superuser/export-templates/${tpl.id}`, {
      name: 'Modelo Geral 2',
      columns: tpl.columns.slice(0, 2),
      version: tpl.version,
    });
    expect(upd.status).toBe(200);
    expect(upd.body.template.name).toBe('Modelo Geral 2');
    expect((await (await as(A.users.admin))('GET', '/api/superuser/export-templates')).status).toBe(403);
    expect((await su('DELETE', `/api/superuser/export-templates/${tpl.id}`)).status).toBe(204);
    const names = (await (await as(A.users.admin))('GET', '/api/export-templates')).body.templates.map(
      (t: { name: string }) => t.name,
    );
    expect(names).not.toContain('Modelo Geral 2');
    expect(names).toContain('Cópia de Modelo Geral');
  });
});
