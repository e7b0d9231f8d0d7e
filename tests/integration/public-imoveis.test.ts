import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_MSG, type PublicImovel } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newImovelRow,
  newTenant,
  newUser,
  ownerQuery,
  type TestImovelRow,
  type TestTenant,
  type TestUser,
} from '../support/factories';

// The public property consultation: a server-side allowlist (every key of every answer is checked), the
// municipality named by the URL, the first photo served without sign-in, and the public-search switch.

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
let SU: TestUser;
let escola: TestImovelRow;
let semFoto: TestImovelRow;
let vizinho: TestImovelRow;
let fotoId = '';
const anon = () => client(s.url);

/** Exactly the keys the public may see (spec §2.1: denominação, endereço, utilização, áreas, situação, photo, number). */
const ALLOWED = [
  'area_construida',
  'area_terreno',
  'bairro',
  'cep',
  'cidade',
  'denominacao',
  'endereco',
  'fotoUrl',
  'id',
  'municipio',
  'numero_patrimonio',
  'situacao',
  'uf',
  'utilizacao',
];
/** Values stored on the property that must never leave the server. */
const SECRETS = [
  '987654.32',
  'Observação interna sigilosa',
  'MAT-SIGILO-1',
  '-23.550520',
  'Fulano Cadastrador',
  'escritura.pdf',
];

function scan(body: unknown) {
  const text = JSON.stringify(body);
  for (const secret of SECRETS) expect(text, secret).not.toContain(secret);
}
const keysOf = (x: object) => Object.keys(x).sort();

beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  escola = await newImovelRow(s, A.id, {
    numero_patrimonio: 'PUB-0001',
    denominacao: 'Escola Estadual Pública',
    endereco: 'Avenida Brasil, 500',
    bairro: 'Jardim América',
    cidade: 'Exemplo',
    uf: 'SP',
    cep: '01000-000',
    area_construida: '980.00',
    area_terreno: '2000.00',
    situacao: 'proprio',
    utilizacao: 'Escola',
    valor_aquisicao: '987654.32',
    observacoes: 'Observação interna sigilosa',
    latitude: '-23.550520',
    longitude: '-46.633308',
    created_by_name: 'Fulano Cadastrador',
    data_aquisicao: '2020-01-15',
    custom_fields: { matricula_imovel: 'MAT-SIGILO-1' },
  });
  semFoto = await newImovelRow(s, A.id, {
    numero_patrimonio: 'PUB-0002',
    denominacao: 'Terreno Baldio Norte',
    situacao: 'desapropriado',
  });
  vizinho = await newImovelRow(s, B.id, { numero_patrimonio: 'PUB-B-1', denominacao: 'Escola do Vizinho' });
  // Two photos and a document of the school, written where the register keeps them.
  const dir = path.join(s.ctx.config.dataDir, 'files', 'imoveis', String(A.id), String(escola.id));
  await mkdir(dir, { recursive: true });
  const rows = [];
  for (const [kind, name, mime, age] of [
    ['foto', 'fachada.webp', 'image/webp', '2 days'],
    ['foto', 'patio.webp', 'image/webp', '1 day'],
    ['documento', 'escritura.pdf', 'application/pdf', '3 days'],
  ] as const) {
    const stored = path.join('files', 'imoveis', String(A.id), String(escola.id), `${kind}-${name}`);
    await writeFile(path.join(s.ctx.config.dataDir, stored), `bytes of ${name}`);
    rows.push(
      (
        await ownerQuery<{ id: string }>(
          s,
          `insert into imovel_arquivos (imovel_id, municipality_id, kind, file_name, stored_path, mime_type, size, uploaded_by_name, created_at)
           values ($1, $2, $3, $4, $5, $6, 10, 'Fulano Cadastrador', now() - $7::interval) returning id`,
          [escola.id, A.id, kind, name, stored, mime, age],
        )
      )[0].id,
    );
  }
  fotoId = rows[0];
});
afterAll(async () => {
  await s?.close();
});

describe('GET /api/public/imoveis', () => {
  it('lists the municipality’s properties with the allowlisted keys only, and nothing of another municipality', async () => {
    const r = await anon()('GET', `/api/public/imoveis?municipio=${A.slug}`);
    expect(r.status).toBe(200);
    expect(keysOf(r.body)).toEqual(['imoveis', 'page', 'pageSize', 'total']);
    expect(r.body.total).toBe(2);
    for (const row of r.body.imoveis as PublicImovel[]) expect(keysOf(row)).toEqual(ALLOWED);
    scan(r.body);
    const school = (r.body.imoveis as PublicImovel[]).find((x) => x.id === escola.id)!;
    expect(school).toEqual({
      id: escola.id,
      numero_patrimonio: 'PUB-0001',
      denominacao: 'Escola Estadual Pública',
      endereco: 'Avenida Brasil, 500',
      bairro: 'Jardim América',
      cidade: 'Exemplo',
      uf: 'SP',
      cep: '01000-000',
      utilizacao: 'Escola',
      situacao: 'proprio',
      area_construida: '980.00',
      area_terreno: '2000.00',
      fotoUrl: `/api/public/imoveis/${escola.id}/foto/${fotoId}?municipalityId=${A.id}`,
      municipio: A.name,
    });
    expect(JSON.stringify(r.body)).not.toContain('Escola do Vizinho');
  });

  it('search (accents and case ignored), situação filter, paging and sort', async () => {
    const q = await anon()('GET', `/api/public/imoveis?municipio=${A.slug}&q=ESTADUAL publica`);
    expect(q.status).toBe(200);
    expect(q.body.imoveis.map((x: PublicImovel) => x.id)).toEqual([escola.id]);
    const sit = await anon()('GET', `/api/public/imoveis?municipalityId=${A.id}&situacao=desapropriado`);
    expect(sit.body.imoveis.map((x: PublicImovel) => x.id)).toEqual([semFoto.id]);
    expect(sit.body.imoveis[0].fotoUrl).toBeNull();
    const page2 = await anon()(
      'GET',
      `/api/public/imoveis?municipio=${A.slug}&pageSize=1&page=2&sort=numero_patrimonio`,
    );
    expect(page2.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.body.imoveis[0].numero_patrimonio).toBe('PUB-0002');
    for (const bad of ['situacao=vendido', 'sort=valor_aquisicao', 'pageSize=1000', 'campo=1'])
      expect((await anon()('GET', `/api/public/imoveis?municipio=${A.slug}&${bad}`)).status, bad).toBe(400);
    expect((await anon()('GET', '/api/public/imoveis')).status).toBe(400);
    expect((await anon()('GET', '/api/public/imoveis?municipio=atlantida')).status).toBe(404);
  });
});

describe('GET /api/public/imoveis/:id and its photo', () => {
  it('one property with the allowlisted keys; another municipality’s id or an unknown one is a 404', async () => {
    const r = await anon()('GET', `/api/public/imoveis/${escola.id}?municipio=${A.slug}`);
    expect(r.status).toBe(200);
    expect(keysOf(r.body)).toEqual(['imovel']);
    expect(keysOf(r.body.imovel)).toEqual(ALLOWED);
    scan(r.body);
    const foreign = await anon()('GET', `/api/public/imoveis/${vizinho.id}?municipio=${A.slug}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Imóvel não encontrado.');
    expect((await anon()('GET', `/api/public/imoveis/2147483600?municipio=${A.slug}`)).status).toBe(404);
  });

  it('serves the first photo only, without a token; the other photo, a document or another municipality: 404', async () => {
    const detail = (await anon()('GET', `/api/public/imoveis/${escola.id}?municipio=${A.slug}`)).body
      .imovel as PublicImovel;
    const res = await fetch(`${s.url}${detail.fotoUrl!}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await res.text()).toBe('bytes of fachada.webp');
    const others = await ownerQuery<{ id: string }>(
      s,
      'select id from imovel_arquivos where imovel_id = $1 and id <> $2',
      [escola.id, fotoId],
    );
    for (const o of others) {
      const r = await fetch(`${s.url}/api/public/imoveis/${escola.id}/foto/${o.id}?municipalityId=${A.id}`);
      expect(r.status).toBe(404);
    }
    const elsewhere = await fetch(`${s.url}/api/public/imoveis/${escola.id}/foto/${fotoId}?municipalityId=${B.id}`);
    expect(elsewhere.status).toBe(404);
  });
});

describe('public search switched off', () => {
  it('list, detail and photo answer 404 while off (as the asset consultation); back on, 200', async () => {
    const su = client(s.url, await SU.token());
    expect(
      (await su('PUT', '/api/superuser/public-search', { municipalityId: A.id, isPublicSearchEnabled: false })).status,
    ).toBe(200);
    try {
      for (const p of [
        `/api/public/imoveis?municipio=${A.slug}`,
        `/api/public/imoveis/${escola.id}?municipio=${A.slug}`,
        `/api/public/imoveis/${escola.id}/foto/${fotoId}?municipalityId=${A.id}`,
      ]) {
        const r = await anon()('GET', p);
        expect(r.status, p).toBe(404);
        expect(r.body.error).toMatchObject({ code: 'NOT_FOUND', message: PUBLIC_MSG.unavailable });
      }
      expect((await anon()('GET', `/api/public/imoveis?municipio=${B.slug}`)).status).toBe(200);
    } finally {
      await su('PUT', '/api/superuser/public-search', { municipalityId: A.id, isPublicSearchEnabled: true });
    }
    expect((await anon()('GET', `/api/public/imoveis/${escola.id}?municipio=${A.slug}`)).status).toBe(200);
  });
});
