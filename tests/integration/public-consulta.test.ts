import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  PATRIMONIO_MSG,
  PUBLIC_MSG,
  type Patrimonio,
  type PublicFiltros,
  type PublicMunicipio,
  type Sector,
  type TipoBem,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newTenant,
  newTipoBem,
  newTown,
  newUser,
  type TestTenant,
  type TestTown,
  type TestUser,
} from '../support/factories';

// Anonymous visitors: the public consultation API (no token, no sign-in).
let s: TestServer;
/** Own municipality (several sectors), another one, and a superuser. */
let A: TestTown;
let B: TestTenant;
let SU: TestUser;
let exemplo: PublicMunicipio;
let vizinho: PublicMunicipio;
let exemploSectors: Sector[];
let vizinhoSectors: Sector[];
let exemploTipos: TipoBem[];
let vizinhoTipos: TipoBem[];
let inactiveTipo: TipoBem;
let asset: Patrimonio;
const as = async (u: TestUser) => client(s.url, await u.token());
const anon = () => client(s.url);
const ids = (xs: Array<{ id: number }>) => xs.map((x) => x.id).sort((a, b) => a - b);

beforeAll(async () => {
  s = await startTestServer();
  // B's sector and types are made before A's: the test below also looks for B's sector ids among A's
  // type ids and the reverse, which only means something while those ids differ.
  B = await newTenant(s);
  A = await newTown(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  for (const m of [B, A, A]) await newTipoBem(s, m.id);
  const municipios = (await anon()('GET', '/api/public/municipios')).body.municipios as PublicMunicipio[];
  exemplo = municipios.find((m) => m.slug === A.slug)!;
  vizinho = municipios.find((m) => m.slug === B.slug)!;
  const admin = await as(A.users.admin);
  const viz = await as(B.users.admin);
  inactiveTipo = (await admin('POST', '/api/tipos-bens', { name: 'Tipo Desativado Público', active: false })).body;
  exemploSectors = (await admin('GET', '/api/sectors')).body.sectors;
  vizinhoSectors = (await viz('GET', '/api/sectors')).body.sectors;
  exemploTipos = (await admin('GET', '/api/tipos-bens')).body.tiposBens;
  vizinhoTipos = (await viz('GET', '/api/tipos-bens')).body.tiposBens;
  const sector = exemploSectors[0];
  const created = await admin('POST', '/api/patrimonios', {
    descricao_bem: 'Projetor multimídia da consulta pública',
    sectorId: sector.id,
    tipoId: exemploTipos.find((t) => t.active)!.id,
    valor_aquisicao: '98765.43',
    data_aquisicao: '2023-06-20',
    observacoes: 'Observação interna sigilosa',
  });
  expect(created.status).toBe(201);
  asset = created.body.patrimonio;
});
afterAll(async () => {
  await s?.close();
});

describe('GET /api/public/filtros', () => {
  it("answers that municipality's sectors and active asset types, never another municipality's", async () => {
    const r = await anon()('GET', `/api/public/filtros?municipio=${A.slug}`);
    expect(r.status).toBe(200);
    const f = r.body as PublicFiltros;
    expect(f.municipio).toEqual({ id: exemplo.id, name: A.name, slug: A.slug });
    expect(ids(f.sectors)).toEqual(ids(exemploSectors));
    expect(ids(f.tiposBens)).toEqual(ids(exemploTipos.filter((t) => t.active)));
    expect(ids(f.tiposBens)).not.toContain(inactiveTipo.id);
    for (const foreign of [...vizinhoSectors, ...vizinhoTipos]) {
      expect(ids(f.sectors)).not.toContain(foreign.id);
      expect(ids(f.tiposBens)).not.toContain(foreign.id);
    }
    // id and name only
    expect(Object.keys(f.sectors[0]).sort()).toEqual(['id', 'name']);
    expect(Object.keys(f.tiposBens[0]).sort()).toEqual(['id', 'name']);
    // sorted by name
    expect(f.sectors.map((x) => x.name)).toEqual([...f.sectors.map((x) => x.name)].sort());

    const byId = await anon()('GET', `/api/public/filtros?municipalityId=${vizinho.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.municipio.slug).toBe(B.slug);
    expect(ids(byId.body.sectors)).toEqual(ids(vizinhoSectors));
  });

  it('refuses unknown query fields and a missing or malformed municipality (400, pt-BR)', async () => {
    const unknown = await anon()('GET', `/api/public/filtros?municipio=${A.slug}&setor=1`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 'VALIDATION',
      message: MSG.http.unknownField,
      fields: { setor: MSG.http.unknownField },
    });
    // None named while several are open (issue 35): 400 listing them to choose from.
    const none = await anon()('GET', '/api/public/filtros');
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(PUBLIC_MSG.chooseMunicipioConsulta);
    expect(none.body.error.details.municipios.length).toBeGreaterThan(1);
    const bad = await anon()('GET', '/api/public/filtros?municipalityId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Município inválido.');
  });

  it('404 for an unknown municipality', async () => {
    for (const q of ['municipio=atlantida', 'municipalityId=999999']) {
      const r = await anon()('GET', `/api/public/filtros?${q}`);
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(PATRIMONIO_MSG.municipalityNotFound);
    }
  });
});

describe('public list and detail', () => {
  it('the list shows public fields only (no value, notes or people)', async () => {
    const r = await anon()('GET', `/api/public/patrimonios?municipio=${A.slug}&q=projetor multimídia`);
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
    const row = r.body.patrimonios[0];
    expect(Object.keys(row).sort()).toEqual([
      'data_aquisicao',
      'descricao_bem',
      'local_objeto',
      'municipio',
      'numero_patrimonio',
      'setor_responsavel',
      'status',
      'tipo',
    ]);
    for (const k of ['valor_aquisicao', 'created_by_name', 'createdBy', 'observacoes', 'id', 'municipalityId'])
      expect(row).not.toHaveProperty(k);
    expect(JSON.stringify(r.body)).not.toMatch(new RegExp(`98765|sigilosa|${A.users.admin.name}`));
    expect(row).toMatchObject({
      numero_patrimonio: asset.numero_patrimonio,
      status: 'ativo',
      data_aquisicao: '2023-06-20',
      municipio: A.name,
    });
  });

  it('the advanced filter narrows the list (sector, type, status) and other municipalities never show', async () => {
    const base = `/api/public/patrimonios?municipio=${A.slug}&q=projetor multimídia`;
    const other = exemploSectors.find((x) => x.id !== asset.sectorId)!;
    expect(
      (await anon()('GET', `${base}&sectorId=${asset.sectorId}&tipoId=${asset.tipoId}&status=ativo`)).body.total,
    ).toBe(1);
    expect((await anon()('GET', `${base}&sectorId=${other.id}`)).body.total).toBe(0);
    expect((await anon()('GET', `${base}&status=baixado`)).body.total).toBe(0);
    expect((await anon()('GET', `/api/public/patrimonios?municipio=${B.slug}&q=projetor multimídia`)).body.total).toBe(
      0,
    );
    expect((await anon()('GET', `${base}&foo=1`)).status).toBe(400);
  });

  it('the detail by number, by slug or by municipality id (QR), only in its own municipality', async () => {
    for (const q of [`municipio=${A.slug}`, `municipalityId=${exemplo.id}`]) {
      const r = await anon()('GET', `/api/public/patrimonios/${asset.numero_patrimonio}?${q}`);
      expect(r.status).toBe(200);
      expect(r.body.patrimonio).toMatchObject({
        numero_patrimonio: asset.numero_patrimonio,
        descricao_bem: 'Projetor multimídia da consulta pública',
        municipio: A.name,
      });
      expect(r.body.patrimonio).not.toHaveProperty('valor_aquisicao');
      expect(r.body.patrimonio).not.toHaveProperty('observacoes');
    }
    expect(
      (await anon()('GET', `/api/public/patrimonios/${asset.numero_patrimonio.toLowerCase()}?municipio=${A.slug}`))
        .status,
    ).toBe(200);
    const foreign = await anon()('GET', `/api/public/patrimonios/${asset.numero_patrimonio}?municipio=${B.slug}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(PATRIMONIO_MSG.notFound);
    expect(
      (await anon()('GET', `/api/public/patrimonios/${asset.numero_patrimonio}?municipio=${A.slug}&x=1`)).status,
    ).toBe(400);
  });
});

describe('public search switched off by the superuser', () => {
  it('404 with a pt-BR message on filtros, list and detail; the municipality leaves the list; back on, 200', async () => {
    const su = await as(SU);
    const off = await su('PUT', '/api/superuser/public-search', {
      municipalityId: exemplo.id,
      isPublicSearchEnabled: false,
    });
    expect(off.status).toBe(200);
    try {
      for (const path of [
        `/api/public/filtros?municipio=${A.slug}`,
        `/api/public/filtros?municipalityId=${exemplo.id}`,
        `/api/public/patrimonios?municipio=${A.slug}`,
        `/api/public/patrimonios/${asset.numero_patrimonio}?municipalityId=${exemplo.id}`,
      ]) {
        const r = await anon()('GET', path);
        expect(r.status, path).toBe(404);
        expect(r.body.error).toMatchObject({ code: 'NOT_FOUND', message: PUBLIC_MSG.unavailable });
      }
      const list = (await anon()('GET', '/api/public/municipios')).body.municipios as PublicMunicipio[];
      expect(list.map((m) => m.slug)).not.toContain(A.slug);
      // the other municipality is not affected
      expect((await anon()('GET', `/api/public/filtros?municipio=${B.slug}`)).status).toBe(200);
    } finally {
      await su('PUT', '/api/superuser/public-search', { municipalityId: exemplo.id, isPublicSearchEnabled: true });
    }
    expect((await anon()('GET', `/api/public/filtros?municipio=${A.slug}`)).status).toBe(200);
  });
});
