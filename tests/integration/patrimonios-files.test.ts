import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PATRIMONIO_MSG, type Patrimonio } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newTipoBem, newTown, type TestTenant, type TestTown, type TestUser } from '../support/factories';

let s: TestServer;
/** Own municipality (the usuario in AD and TI) and another one. */
let A: TestTown;
let B: TestTenant;
let tipoId: number;
let png: Buffer;
const as = async (u: TestUser) => client(s.url, await u.token());
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function upload(
  who: TestUser,
  id: number,
  kind: 'fotos' | 'documentos',
  bytes: Buffer,
  name: string,
  type = 'application/octet-stream',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${s.url}/api/patrimonios/${id}/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await who.token()}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
const storedFiles = () => {
  const dir = path.join(s.ctx.config.dataDir, 'files', 'patrimonios');
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))).length
    : 0;
};
const tmpLeft = () => {
  const dir = path.join(s.ctx.config.dataDir, 'tmp', 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  B = await newTenant(s);
  tipoId = (await newTipoBem(s, A.id, { name: 'Informática' })).id;
  png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#336699' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'segredo-exif' } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await s?.close();
});

const newAsset = async (who: TestUser = A.users.admin, code = 'AD') =>
  (
    await (
      await as(who)
    )('POST', '/api/patrimonios', {
      descricao_bem: 'Notebook',
      tipoId,
      sectorId: A.sectors[code].id,
      valor_aquisicao: '3500.00',
    })
  ).body.patrimonio as Patrimonio;

describe('photos', () => {
  it('an image is re-encoded to WebP, at most 1920 px, metadata stripped, and served only to the municipality', async () => {
    const p = await newAsset(A.users.usuario, 'TI');
    const r = await upload(A.users.usuario, p.id, 'fotos', png, 'foto da sala.png', 'image/png');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const foto = r.body.patrimonio.fotos[0];
    expect(foto).toMatchObject({
      kind: 'foto',
      mimeType: 'image/webp',
      fileName: 'foto da sala.webp',
      uploadedBy: A.users.usuario.name,
    });
    expect(r.body.patrimonio.historico_movimentacao[0]).toMatchObject({ action: 'Foto adicionada' });
    expect(r.body.patrimonio.version).toBe(p.version); // files do not invalidate an open edit form

    const got = await fetch(`${s.url}${foto.url}`, {
      headers: { authorization: `Bearer ${await A.users.visualizador.token()}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await got.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(1920);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('segredo-exif'))).toBe(false);

    for (const who of [B.users.admin]) {
      const other = await fetch(`${s.url}${foto.url}`, { headers: { authorization: `Bearer ${await who.token()}` } });
      expect(other.status).toBe(404);
    }
    expect((await fetch(`${s.url}${foto.url}`)).status).toBe(401);

    const del = await (await as(A.users.usuario))('DELETE', foto.url);
    expect(del.status).toBe(200);
    expect(del.body.patrimonio.fotos).toHaveLength(0);
    expect(del.body.patrimonio.historico_movimentacao[0].action).toBe('Foto removida');
    expect(
      (await fetch(`${s.url}${foto.url}`, { headers: { authorization: `Bearer ${await A.users.admin.token()}` } }))
        .status,
    ).toBe(404);
  });

  it("usuario cannot upload to or read another sector's asset (404)", async () => {
    const p = await newAsset(A.users.admin, 'FI');
    expect((await upload(A.users.usuario, p.id, 'fotos', png, 'x.png')).status).toBe(404);
    expect((await upload(A.users.visualizador, p.id, 'fotos', png, 'x.png')).status).toBe(403);
  });

  it('refuses a non-image (415), a corrupt image (422), a too-big file (413): nothing written', async () => {
    const p = await newAsset();
    const before = storedFiles();
    const notImg = await upload(A.users.admin, p.id, 'fotos', PDF, 'foto.png', 'image/png');
    expect(notImg.status).toBe(415);
    expect(notImg.body.error.message).toBe(PATRIMONIO_MSG.notAnImage);
    const corrupt = Buffer.concat([png.subarray(0, 64), Buffer.alloc(200, 7)]);
    const bad = await upload(A.users.admin, p.id, 'fotos', corrupt, 'quebrada.png', 'image/png');
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toBe(PATRIMONIO_MSG.badImage);
    const big = await upload(
      A.users.admin,
      p.id,
      'fotos',
      Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
      'enorme.png',
      'image/png',
    );
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe(PATRIMONIO_MSG.fotoTooLarge);
    const none = await fetch(`${s.url}/api/patrimonios/${p.id}/fotos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await A.users.admin.token()}` },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(storedFiles()).toBe(before);
    expect(tmpLeft()).toBe(0);
    const after = (await (await as(A.users.admin))('GET', `/api/patrimonios/${p.id}`)).body.patrimonio as Patrimonio;
    expect(after.fotos).toHaveLength(0);
    expect(after.historico_movimentacao).toHaveLength(1);
  });
});

describe('documents', () => {
  it('a PDF is stored as is and downloaded as an attachment', async () => {
    const p = await newAsset();
    const r = await upload(A.users.admin, p.id, 'documentos', PDF, 'nota fiscal.pdf', 'application/pdf');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const doc = r.body.patrimonio.documentos[0];
    expect(doc).toMatchObject({ fileName: 'nota fiscal.pdf', mimeType: 'application/pdf', size: PDF.length });
    const got = await fetch(`${s.url}${doc.url}`, {
      headers: { authorization: `Bearer ${await A.users.admin.token()}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/attachment/);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('a .pdf name with PNG bytes, an executable, a name that lies: 415 and nothing written', async () => {
    const p = await newAsset();
    const before = storedFiles();
    const lying = await upload(A.users.admin, p.id, 'documentos', png, 'contrato.pdf', 'application/pdf');
    expect(lying.status).toBe(415);
    expect(lying.body.error.message).toBe(PATRIMONIO_MSG.badDocument);
    const exe = await upload(
      A.users.admin,
      p.id,
      'documentos',
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(600, 1)]),
      'planilha.xlsx',
    );
    expect(exe.status).toBe(415);
    const mismatch = await upload(A.users.admin, p.id, 'documentos', PDF, 'relatorio.docx');
    expect(mismatch.status).toBe(415);
    expect(mismatch.body.error.message).toBe(PATRIMONIO_MSG.typeMismatch);
    const text = await upload(A.users.admin, p.id, 'documentos', Buffer.from('apenas texto'), 'nota.txt', 'text/plain');
    expect(text.status).toBe(415);
    const big = await upload(
      A.users.admin,
      p.id,
      'documentos',
      Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]),
      'grande.pdf',
    );
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe(PATRIMONIO_MSG.documentoTooLarge);
    expect(storedFiles()).toBe(before);
    expect(tmpLeft()).toBe(0);
    expect(
      (await (await as(A.users.admin))('GET', `/api/patrimonios/${p.id}`)).body.patrimonio.documentos,
    ).toHaveLength(0);
  });

  it('an upload is a movement: deleting the asset writes it off and keeps its files', async () => {
    const p = await newAsset();
    const before = storedFiles();
    // an upload is itself a movement: delete → write-off and the file stays
    await upload(A.users.admin, p.id, 'documentos', PDF, 'termo.pdf');
    expect(storedFiles()).toBe(before + 1);
    const d = await (await as(A.users.admin))('DELETE', `/api/patrimonios/${p.id}`);
    expect(d.body.writtenOff).toBe(true);
    expect(storedFiles()).toBe(before + 1);
  });
});
