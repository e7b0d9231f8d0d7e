import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEFAULT_FICHA_TEMPLATES, publicAssetPath, type FichaTemplate, type Job } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { decodeCodes, pdfPageSizeMm, pdfText, pdfToPngs } from '../support/pdf';
import {
  newMunicipality,
  newPatrimonio,
  newSector,
  ownerQuery,
  world,
  type TestUser,
  type TestWorld,
} from '../support/factories';

// Record sheets (fichas, issue 11): template CRUD per role and municipality, the default seeded by the
// database for every new municipality, and `ficha.generate` end to end (text, QR, photo).

let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

const as = async (u: TestUser) => client(s.url, await u.token());
const body = (over: Record<string, unknown> = {}) => ({
  name: `Ficha ${Math.random().toString(36).slice(2, 8)}`,
  fields: ['numero_patrimonio', 'descricao_bem', 'valor_aquisicao', 'setor_responsavel'],
  showPhoto: true,
  showQr: true,
  showHistory: true,
  signatures: ['Responsável pelo setor', 'Departamento de Patrimônio'],
  ...over,
});
const strip = ({ id: _i, createdAt: _c, updatedAt: _u, version: _v, ...rest }: FichaTemplate) => rest;

describe('ficha templates', () => {
  it('every new municipality gets the default "Ficha Padrão" (the same as shared/src/fichas/defaults.ts)', async () => {
    const m = await newMunicipality(s);
    const rows = await ownerQuery(
      s,
      `select name, is_default as "isDefault", fields, show_custom_fields as "showCustomFields", show_photo as "showPhoto",
              show_qr as "showQr", show_history as "showHistory", history_limit as "historyLimit", signatures
         from ficha_templates where municipality_id = $1 order by id`,
      [m.id],
    );
    expect(rows).toEqual(DEFAULT_FICHA_TEMPLATES);
    const list = await (await as(w.A.users.visualizador))('GET', '/api/ficha-templates');
    expect(list.status).toBe(200);
    expect(list.body.templates.map(strip)).toEqual(DEFAULT_FICHA_TEMPLATES);
  });

  it('CRUD: admin and supervisor write, every main role reads, the superuser none', async () => {
    const admin = await as(w.A.users.admin);
    const created = await admin('POST', '/api/ficha-templates', body({ name: 'Ficha Resumida' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const t = created.body.template as FichaTemplate;
    expect(t).toMatchObject({ name: 'Ficha Resumida', isDefault: false, version: 0 });
    for (const role of ['supervisor', 'usuario', 'visualizador'] as const) {
      const r = await (await as(w.A.users[role]))('GET', '/api/ficha-templates');
      expect(r.status).toBe(200);
      expect(r.body.templates.some((x: FichaTemplate) => x.id === t.id)).toBe(true);
    }
    for (const role of ['usuario', 'visualizador'] as const) {
      const c = await as(w.A.users[role]);
      expect((await c('POST', '/api/ficha-templates', body())).status).toBe(403);
      expect((await c('PUT', `/api/ficha-templates/${t.id}`, { ...body(), version: 0 })).status).toBe(403);
      expect((await c('DELETE', `/api/ficha-templates/${t.id}`)).status).toBe(403);
    }
    expect((await (await as(w.superuser))('GET', '/api/ficha-templates')).status).toBe(403);
    const sup = await as(w.A.users.supervisor);
    const put = await sup('PUT', `/api/ficha-templates/${t.id}`, { ...body({ name: 'Ficha Resumida 2' }), version: 0 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.template).toMatchObject({ name: 'Ficha Resumida 2', version: 1 });
    // A stale version: 409, nothing changed.
    const stale = await admin('PUT', `/api/ficha-templates/${t.id}`, { ...body({ name: 'Outra' }), version: 0 });
    expect(stale.status).toBe(409);
    expect((await admin('GET', `/api/ficha-templates/${t.id}`)).body.template.name).toBe('Ficha Resumida 2');
    // A taken name: 409.
    expect((await admin('POST', '/api/ficha-templates', body({ name: 'ficha resumida 2' }))).status).toBe(409);
    const audit = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where entity_type = 'FichaTemplate' and entity_id = $1 order by id`,
      [String(t.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['FICHA_TEMPLATE_CREATE', 'FICHA_TEMPLATE_UPDATE']);
    expect((await admin('DELETE', `/api/ficha-templates/${t.id}`)).status).toBe(204);
    expect((await admin('GET', `/api/ficha-templates/${t.id}`)).status).toBe(404);
  });

  it('400 for an unknown field or bad signatures, naming the field; nothing written', async () => {
    const admin = await as(w.A.users.admin);
    const before = await ownerQuery(s, 'select id from ficha_templates where municipality_id = $1', [w.A.id]);
    const bad = await admin('POST', '/api/ficha-templates', body({ fields: ['numero_patrimonio', 'cor_favorita'] }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).join()).toMatch(/^fields/);
    const none = await admin('POST', '/api/ficha-templates', body({ fields: [] }));
    expect(none.status).toBe(400);
    const sigs = await admin('POST', '/api/ficha-templates', body({ signatures: ['a', 'b', 'c', 'd', 'e'] }));
    expect(sigs.status).toBe(400);
    expect(Object.keys(sigs.body.error.fields).join()).toMatch(/signatures/);
    const extra = await admin('POST', '/api/ficha-templates', { ...body(), cor: 'azul' });
    expect(extra.status).toBe(400);
    expect(await ownerQuery(s, 'select id from ficha_templates where municipality_id = $1', [w.A.id])).toEqual(before);
  });

  it('another municipality’s template is a 404 and stays unchanged', async () => {
    const b = await (await as(w.B.users.admin))('POST', '/api/ficha-templates', body({ name: 'Só de B' }));
    const id = b.body.template.id;
    const admin = await as(w.A.users.admin);
    expect((await admin('GET', `/api/ficha-templates/${id}`)).status).toBe(404);
    expect((await admin('PUT', `/api/ficha-templates/${id}`, { ...body(), version: 0 })).status).toBe(404);
    expect((await admin('DELETE', `/api/ficha-templates/${id}`)).status).toBe(404);
    const fichas = await admin('POST', '/api/fichas', { templateId: id, patrimonioId: w.A.asset.id });
    expect(fichas.status).toBe(404);
    const [row] = await ownerQuery<{ name: string; version: number }>(
      s,
      'select name, version from ficha_templates where id = $1',
      [id],
    );
    expect(row).toEqual({ name: 'Só de B', version: 0 });
  });

  it('one default per municipality: a new default takes the flag', async () => {
    const admin = await as(w.B.users.admin);
    const r = await admin('POST', '/api/ficha-templates', body({ name: 'Nova padrão', isDefault: true }));
    expect(r.status).toBe(201);
    const list = (await admin('GET', '/api/ficha-templates')).body.templates as FichaTemplate[];
    expect(list.filter((t) => t.isDefault).map((t) => t.name)).toEqual(['Nova padrão']);
  });
});

describe('POST /api/fichas', () => {
  it('bad input 400, a role without the asset 404, another municipality 404', async () => {
    const admin = await as(w.A.users.admin);
    expect((await admin('POST', '/api/fichas', {})).status).toBe(400);
    expect((await admin('POST', '/api/fichas', { patrimonioId: 1, patrimonioIds: [1] })).status).toBe(400);
    expect((await admin('POST', '/api/fichas', { patrimonioId: w.B.asset.id })).status).toBe(404);
    const other = await newSector(s, w.A.id);
    const hidden = await newPatrimonio(s, { municipalityId: w.A.id, sectorId: other.id });
    const usuario = await as(w.A.users.usuario);
    expect((await usuario('POST', '/api/fichas', { patrimonioIds: [w.A.asset.id, hidden.id] })).status).toBe(404);
    expect((await (await as(w.superuser))('POST', '/api/fichas', { patrimonioId: w.A.asset.id })).status).toBe(403);
  });

  it('renders one A4 page per asset: fields, photo, QR to the public page, history and signatures', async () => {
    const usuario = w.A.users.usuario;
    const a = await newPatrimonio(s, {
      municipalityId: w.A.id,
      sectorId: w.A.sector.id,
      localId: w.A.local.id,
      descricao: 'Cadeira giratória <ergonômica> & braços',
      valor: '1234.56',
    });
    // A photo, uploaded the way the client does.
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#cc3366' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
    const up = await fetch(`${s.url}/api/patrimonios/${a.id}/fotos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await usuario.token()}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const posted = await (await as(usuario))('POST', '/api/fichas', { patrimonioIds: [a.id, w.A.asset.id] });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    expect(posted.body.job).toMatchObject({ name: 'ficha.generate', status: 'queued' });
    const job: Job = await waitJob(s, await usuario.token(), posted.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const { res, bytes } = await jobDownload(s, await usuario.token(), job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const size = await pdfPageSizeMm(bytes);
    expect(size.pages).toBe(2);
    expect(Math.round(size.width)).toBe(210);
    const pages = await pdfText(bytes);
    expect(pages[0]).toContain(a.numero);
    expect(pages[0]).toContain('Cadeira giratória <ergonômica> & braços');
    expect(pages[0]).toMatch(/R\$\s*1\.234,56/);
    expect(pages[0]).toContain('Ficha Patrimonial');
    expect(pages[0]).toContain('Identificação');
    expect(pages[0]).toContain('Histórico de movimentações');
    expect(pages[0]).toContain('Responsável pelo setor');
    expect(pages[0]).toContain('Departamento de Patrimônio');
    expect(pages[1]).toContain(w.A.asset.numero);
    const codes = await pdfToPngs(bytes, 200, async (files) => decodeCodes(files[0]), { first: 1, last: 1 });
    const url = s.ctx.config.appUrl + publicAssetPath(a.numero, w.A.id);
    expect(codes.map((c) => c.data)).toContain(url);
    // The photo is on the page: its colour is there in the rendered PNG.
    const pink = await pdfToPngs(
      bytes,
      50,
      async (files) => {
        const { data, info } = await sharp(files[0]).raw().toBuffer({ resolveWithObject: true });
        let n = 0;
        for (let i = 0; i < data.length; i += info.channels)
          if (data[i] > 180 && data[i + 1] < 90 && data[i + 2] > 70 && data[i + 2] < 140) n++;
        return n;
      },
      { first: 1, last: 1 },
    );
    expect(pink).toBeGreaterThan(100);
  });

  it('a template without photo, QR and history leaves them out', async () => {
    const admin = await as(w.A.users.admin);
    const t = await admin(
      'POST',
      '/api/ficha-templates',
      body({ name: 'Só dados', showPhoto: false, showQr: false, showHistory: false, signatures: [] }),
    );
    const posted = await admin('POST', '/api/fichas', { templateId: t.body.template.id, patrimonioId: w.A.asset.id });
    expect(posted.status).toBe(202);
    const job = await waitJob(s, await w.A.users.admin.token(), posted.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const { bytes } = await jobDownload(s, await w.A.users.admin.token(), job.id);
    const [page] = await pdfText(bytes);
    expect(page).toContain(w.A.asset.numero);
    expect(page).not.toContain('Histórico de movimentações');
    expect(page).not.toContain('Departamento de Patrimônio');
    const codes = await pdfToPngs(bytes, 200, async (files) => decodeCodes(files[0]));
    expect(codes).toEqual([]);
  });
});
