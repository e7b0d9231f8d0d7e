import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMOVEL_MSG, type Imovel, type ImovelList } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newFormaAquisicao, newTenant, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
const as = async (u: TestUser) => client(s.url, await u.token());
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function send(who: TestUser, url: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await who.token()}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
async function download(who: TestUser, url: string) {
  const res = await fetch(`${s.url}${url}`, { headers: { authorization: `Bearer ${await who.token()}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}
const stored = () => {
  const dir = path.join(s.ctx.config.dataDir, 'files', 'imoveis');
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true }).filter((f) => /\.\w+$/.test(String(f))).length
    : 0;
};

beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

describe('imóveis: photos and documents', () => {
  it('uploads a photo (re-encoded) and a deed, lists, downloads, deletes; history; another municipality 404', async () => {
    const admin = await as(A.users.admin);
    const im = (
      await admin<Imovel>('POST', '/api/imoveis', { denominacao: 'Creche', endereco: 'Rua C', sectorId: A.sector.id })
    ).body;
    const png = await sharp({ create: { width: 2400, height: 1000, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const foto = await send(A.users.admin, `/api/imoveis/${im.id}/fotos`, png, 'fachada.png');
    expect(foto.status).toBe(201);
    expect(foto.body.fotos).toHaveLength(1);
    expect(foto.body.fotos[0]).toMatchObject({ kind: 'foto', fileName: 'fachada.webp', mimeType: 'image/webp' });
    const doc = await send(A.users.admin, `/api/imoveis/${im.id}/documentos`, PDF, 'escritura.pdf');
    expect(doc.status).toBe(201);
    expect(doc.body.documentos[0]).toMatchObject({ fileName: 'escritura.pdf', mimeType: 'application/pdf' });
    expect(doc.body.historico.map((h: { action: string }) => h.action).slice(0, 2)).toEqual([
      'Documento adicionado',
      'Foto adicionada',
    ]);
    expect(stored()).toBe(2);
    const bad = await send(A.users.admin, `/api/imoveis/${im.id}/fotos`, PDF, 'falsa.png');
    expect(bad.status).toBe(415);

    const got = await download(A.users.visualizador, foto.body.fotos[0].url);
    expect(got.status).toBe(200);
    expect(got.type).toBe('image/webp');
    expect((await sharp(got.bytes).metadata()).width).toBe(1920);
    expect((await download(B.users.admin, foto.body.fotos[0].url)).status).toBe(404);
    expect((await send(B.users.admin, `/api/imoveis/${im.id}/fotos`, png, 'x.png')).status).toBe(404);
    expect((await send(A.users.visualizador, `/api/imoveis/${im.id}/fotos`, png, 'x.png')).status).toBe(403);

    const del = await admin<Imovel>('DELETE', `/api/imoveis/${im.id}/arquivos/${doc.body.documentos[0].id}`);
    expect(del.status).toBe(200);
    expect(del.body.documentos).toHaveLength(0);
    expect(del.body.historico[0].action).toBe('Documento removido');
    await expect.poll(stored).toBe(1);
    // Deleting the property takes its files along.
    expect((await admin('DELETE', `/api/imoveis/${im.id}`)).status).toBe(204);
    await expect.poll(stored).toBe(0);
  });
});

describe('imóveis: XLSX export and import', () => {
  it('exports, imports into another municipality (round trip), and an import with a bad row changes nothing', async () => {
    const admin = await as(A.users.admin);
    await admin('POST', '/api/imovel-fields', { label: 'Zona', type: 'TEXT' });
    const forma = await newFormaAquisicao(s, A.id, { nome: 'Doação de Teste' });
    const rows = [
      {
        denominacao: 'Escola Estadual =Centro',
        endereco: 'Rua 1, 10',
        cep: '01001000',
        bairro: 'Centro',
        cidade: 'São Paulo',
        uf: 'sp',
        area_construida: '1500.25',
        area_terreno: 3000,
        situacao: 'comodato',
        utilizacao: 'Escola',
        sectorId: A.sector.id,
        formaAquisicaoId: forma.id,
        data_aquisicao: '2001-03-15',
        valor_aquisicao: '250000.10',
        latitude: '-23.550520',
        longitude: '-46.633308',
        observacoes: 'Reformada em 2020',
        customFields: { matricula_imovel: '12.345', cartorio: '2º Ofício', zona: 'Norte' },
      },
      { denominacao: 'Terreno Vago', endereco: 'Estrada Velha', situacao: 'desapropriado' },
    ];
    for (const r of rows) expect((await admin('POST', '/api/imoveis', r)).status).toBe(201);
    const exported = await download(A.users.visualizador, '/api/imoveis/exportar.xlsx?sort=denominacao&order=asc');
    expect(exported.status).toBe(200);
    expect(exported.type).toContain('spreadsheetml');
    expect(exported.cache).toBe('private, no-store'); // an export of the register, never kept

    // B needs the same sector, acquisition form and custom field to take the rows by name.
    await ownerQuery(s, 'update sectors set name = $1 where id = $2', [A.sector.name, B.sector.id]);
    await newFormaAquisicao(s, B.id, { nome: forma.nome });
    const adminB = await as(B.users.admin);
    await adminB('POST', '/api/imovel-fields', { label: 'Zona', type: 'TEXT' });
    const imported = await send(B.users.admin, '/api/imoveis/importar', exported.bytes, 'imoveis.xlsx');
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ imported: 2 });

    const strip = (l: ImovelList) =>
      l.imoveis.map(({ id: _i, createdAt: _c, updatedAt: _u, sectorId: _s, formaAquisicaoId: _f, ...rest }) => rest);
    const listA = (await admin<ImovelList>('GET', '/api/imoveis?sort=denominacao&order=asc')).body;
    const listB = (await adminB<ImovelList>('GET', '/api/imoveis?sort=denominacao&order=asc')).body;
    expect(strip(listB)).toEqual(strip(listA));
    expect(listB.imoveis[0]).toMatchObject({ denominacao: 'Escola Estadual =Centro', cep: '01001-000', uf: 'SP' });
    expect(listB.imoveis[0].customFields).toEqual({ matricula_imovel: '12.345', cartorio: '2º Ofício', zona: 'Norte' });

    // Importing the same sheet again: every number is taken → 400 with the rows, nothing imported.
    const again = await send(B.users.admin, '/api/imoveis/importar', exported.bytes, 'imoveis.xlsx');
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(IMOVEL_MSG.importFailed);
    expect(Object.values(again.body.error.fields)).toEqual([
      `Linha 2: ${IMOVEL_MSG.numeroTaken}`,
      `Linha 3: ${IMOVEL_MSG.numeroTaken}`,
    ]);
    expect((await adminB<ImovelList>('GET', '/api/imoveis')).body.total).toBe(2);
    // Not a spreadsheet.
    const junk = await send(B.users.admin, '/api/imoveis/importar', PDF, 'x.xlsx');
    expect(junk.status).toBe(400);
    // A visualizador cannot import.
    expect((await send(B.users.visualizador, '/api/imoveis/importar', exported.bytes, 'i.xlsx')).status).toBe(403);
  });

  it('a CSV with a negative area and an unknown sector answers the rows in pt-BR, nothing imported', async () => {
    const adminB = await as(B.users.admin);
    const before = (await adminB<ImovelList>('GET', '/api/imoveis')).body.total;
    const csv = [
      'Denominação;Endereço;Área Construída (m²);Setor Responsável;Situação',
      'Posto;Rua 2;100;;Próprio',
      'Quadra;Rua 3;-5;;Alugado',
      'Galpão;Rua 4;10;Setor Inexistente;Cedido',
      'Horta;Rua 5;;;vendido',
    ].join('\r\n');
    const r = await send(B.users.admin, '/api/imoveis/importar', Buffer.from(csv), 'i.csv');
    expect(r.status).toBe(400);
    expect(r.body.error.fields).toEqual({
      'linha.3': 'Linha 3: A área construída não pode ser negativa.',
      'linha.4': 'Linha 4: Setor "Setor Inexistente" não encontrado.',
      'linha.5': 'Linha 5: Situação "vendido" inválida.',
    });
    expect((await adminB<ImovelList>('GET', '/api/imoveis')).body.total).toBe(before);
  });
});
