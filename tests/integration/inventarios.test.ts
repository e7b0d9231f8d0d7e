import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTARIO_MSG, type InventarioItem, type InventarioListItem } from '@tombo/shared';
import {
  newLocal,
  newPatrimonio,
  newSector,
  newTenant,
  newUser,
  type TestLocal,
  type TestSector,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { inventarioBody, inventorySnapshot } from '../support/inventarios';

// Inventories: creation and the scope rules of spec §4, list/detail visibility, edit, delete, audit.

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let sector: TestSector;
let sala1: TestLocal;
let sala2: TestLocal;
let almox: TestLocal;
const as = async (u: TestUser) => client(s.url, await u.token());
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => s.owner.query<T>(text, params);
const numbers = (ids: number[]) =>
  q<{ numero_patrimonio: string }>('select numero_patrimonio from patrimonios where id = any($1) order by 1', [
    ids,
  ]).then((r) => r.map((x) => x.numero_patrimonio));
const itemNumbers = async (id: number) =>
  (
    await q<{ n: string }>('select numero_patrimonio n from inventario_items where inventario_id = $1 order by 1', [id])
  ).map((r) => r.n);

const assets: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
  sector = await newSector(s, a.id);
  sala1 = await newLocal(s, sector, { name: 'Sala 101' });
  sala2 = await newLocal(s, sector, { name: 'SALA de reuniões' });
  almox = await newLocal(s, sector, { name: 'Almoxarifado 100%' });
  const mk = async (key: string, local?: TestLocal, sec: TestSector = sector) =>
    (assets[key] = (await newPatrimonio(s, { municipalityId: a.id, sectorId: sec.id, localId: local?.id })).id);
  await mk('sala1', sala1);
  await mk('sala2', sala2);
  await mk('almox', almox);
  await mk('semLocal');
  await mk('baixado', sala1);
  await mk('doado', sala1);
  await mk('extraviado', sala1);
  await mk('outroSetor', undefined, a.sector);
  await q(`update patrimonios set status = 'baixado' where id = $1`, [assets.baixado]);
  await q(`update patrimonios set status = 'baixado', doado = true where id = $1`, [assets.doado]);
  await q(`update patrimonios set status = 'extraviado' where id = $1`, [assets.extraviado]);
}, 120_000);
afterAll(() => s?.close());

const create = async (extra: Record<string, unknown>, who: TestUser = a.users.admin) =>
  (await as(who))('POST', '/api/inventarios', inventarioBody(a, { sectorId: sector.id, ...extra }));

describe('scope rules (spec §4)', () => {
  it("'sector': every asset of the sector, not written off or donated (a lost one is counted)", async () => {
    const r = await create({ scope: 'sector' });
    expect(r.status).toBe(201);
    const inv: InventarioListItem = r.body.inventario;
    expect(inv).toMatchObject({
      status: 'in_progress',
      scope: 'sector',
      setor: sector.name,
      totalItens: 5,
      encontrados: 0,
    });
    expect(inv.comissao.map((c) => c.id).sort()).toEqual(
      [a.users.admin.id, a.users.supervisor.id, a.users.usuario.id].sort(),
    );
    expect(await itemNumbers(inv.id)).toEqual(
      await numbers([assets.sala1, assets.sala2, assets.almox, assets.semLocal, assets.extraviado]),
    );
    const st = await q<{ status: string }>('select distinct status from inventario_items where inventario_id = $1', [
      inv.id,
    ]);
    expect(st).toEqual([{ status: 'not_found' }]);
  });

  it("'location': the sector's locations whose name contains the type, case-insensitive; wildcards are literal", async () => {
    const r = await create({ scope: 'location', locationType: 'sala' });
    expect(r.status).toBe(201);
    expect(r.body.inventario.locationType).toBe('sala');
    expect(await itemNumbers(r.body.inventario.id)).toEqual(
      await numbers([assets.sala1, assets.sala2, assets.extraviado]),
    );
    const pct = await create({ scope: 'location', locationType: '100%' });
    expect(await itemNumbers(pct.body.inventario.id)).toEqual(await numbers([assets.almox]));
    const none = await create({ scope: 'location', locationType: '_' });
    expect(none.body.inventario.totalItens).toBe(0);
  });

  it("'specific_location': one location of the sector", async () => {
    const r = await create({ scope: 'specific_location', specificLocationId: sala2.id });
    expect(r.status).toBe(201);
    expect(r.body.inventario).toMatchObject({ local: 'SALA de reuniões', specificLocationId: sala2.id, totalItens: 1 });
    expect(await itemNumbers(r.body.inventario.id)).toEqual(await numbers([assets.sala2]));
  });

  it('a location of another sector, a sector of another municipality, a missing scope field: 400, nothing written', async () => {
    const before = await inventorySnapshot(s, a.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scope: 'specific_location', specificLocationId: a.local.id }, INVENTARIO_MSG.specificLocationNotFound],
      [{ scope: 'specific_location' }, INVENTARIO_MSG.specificLocationRequired],
      [{ scope: 'location' }, INVENTARIO_MSG.locationTypeRequired],
      [{ sectorId: b.sector.id }, INVENTARIO_MSG.sectorNotFound],
      [{ comissao: [a.users.admin.id, a.users.supervisor.id] }, INVENTARIO_MSG.comissaoMin],
      [{ comissao: [a.users.admin.id, a.users.supervisor.id, b.users.admin.id] }, INVENTARIO_MSG.comissaoUserNotFound],
      [{ tipo: 'mensal' }, INVENTARIO_MSG.tipoInvalid],
      [{ dataInicio: '2026-02-30' }, INVENTARIO_MSG.dataInicioInvalid],
      [{ title: ' ' }, INVENTARIO_MSG.titleRequired],
      [{ extra: 1 }, 'Campo não permitido.'],
    ];
    for (const [extra, message] of cases) {
      const r = await create(extra);
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(Object.values(r.body.error.fields ?? { _: r.body.error.message })).toContain(message);
    }
    expect(await inventorySnapshot(s, a.id)).toEqual(before);
  });

  it('municipalityId in the body is accepted and ignored; the visualizador cannot create (403)', async () => {
    const r = await create({ municipalityId: b.id });
    expect(r.status).toBe(201);
    const [row] = await q<{ municipality_id: number }>('select municipality_id from inventarios where id = $1', [
      r.body.inventario.id,
    ]);
    expect(row.municipality_id).toBe(a.id);
    expect((await create({}, a.users.visualizador)).status).toBe(403);
  });
});

describe('list, detail, items', () => {
  it('a usuario sees the inventories of its sectors and of its commissions only; another municipality gets 404', async () => {
    const outsider = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [a.sector.id] });
    const mine = (
      await create({ title: 'Com o usuário de fora', comissao: [a.users.admin.id, a.users.supervisor.id, outsider.id] })
    ).body.inventario;
    const notMine = (await create({ title: 'Sem ele' })).body.inventario;
    const list = await (await as(outsider))('GET', '/api/inventarios?pageSize=100');
    expect(list.status).toBe(200);
    const ids = list.body.inventarios.map((i: InventarioListItem) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(notMine.id);
    expect((await (await as(outsider))('GET', `/api/inventarios/${notMine.id}`)).status).toBe(404);
    const other = await (await as(b.users.admin))('GET', `/api/inventarios/${mine.id}`);
    expect(other.status).toBe(404);
    const vis = await (await as(a.users.visualizador))('GET', `/api/inventarios/${notMine.id}`);
    expect(vis.status).toBe(200);
    expect(vis.body.inventario).toMatchObject({
      id: notMine.id,
      porStatus: { not_found: 5, found: 0, local_divergente: 0 },
    });
  });

  it('lists filter by status, sector and text, newest first, paged', async () => {
    const call = await as(a.users.admin);
    const all = await call('GET', `/api/inventarios?sectorId=${sector.id}&pageSize=2`);
    expect(all.body.inventarios).toHaveLength(2);
    expect(all.body.total).toBeGreaterThan(2);
    expect(all.body.inventarios[0].id).toBeGreaterThan(all.body.inventarios[1].id);
    const byText = await call('GET', '/api/inventarios?q=usuário de fora');
    expect(byText.body.inventarios.map((i: InventarioListItem) => i.title)).toEqual(['Com o usuário de fora']);
    expect((await call('GET', '/api/inventarios?status=completed')).body.total).toBe(0);
    expect((await call('GET', '/api/inventarios?status=aberto')).status).toBe(400);
  });

  it('items page by number, filtered by status and registered location', async () => {
    const inv = (await create({})).body.inventario;
    const call = await as(a.users.admin);
    const page = await call('GET', `/api/inventarios/${inv.id}/itens?localId=${sala1.id}`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.itens.map((i: InventarioItem) => i.localNome)).toEqual(['Sala 101', 'Sala 101']);
    expect(page.body.itens[0]).toMatchObject({ status: 'not_found', valor: '100.00', lidoEm: null });
    const found = await call('GET', `/api/inventarios/${inv.id}/itens?status=found`);
    expect(found.body).toMatchObject({ total: 0, itens: [] });
  });
});

describe('edit and delete', () => {
  it('edits (admin/supervisor), with version check; the usuario cannot (403); audit row', async () => {
    const inv = (await create({})).body.inventario;
    const call = await as(a.users.supervisor);
    const r = await call('PUT', `/api/inventarios/${inv.id}`, { title: 'Novo título', version: inv.version });
    expect(r.status).toBe(200);
    expect(r.body.inventario).toMatchObject({ title: 'Novo título', version: inv.version + 1, totalItens: 5 });
    expect((await call('PUT', `/api/inventarios/${inv.id}`, { title: 'x', version: inv.version })).status).toBe(409);
    expect((await (await as(a.users.usuario))('PUT', `/api/inventarios/${inv.id}`, { version: 1 })).status).toBe(403);
    const audit = await q<{ action: string; details: string }>(
      `select action, details from audit_logs where entity_type = 'Inventario' and entity_id = $1 order by id`,
      [String(inv.id)],
    );
    expect(audit.map((x) => x.action)).toEqual(['INVENTARIO_CREATE', 'INVENTARIO_UPDATE']);
    expect(JSON.parse(audit[1].details)).toEqual({
      old_value: { title: inv.title },
      new_value: { title: 'Novo título' },
    });
  });

  it('a new scope takes a new snapshot before counting; once readings exist it is refused (409)', async () => {
    const inv = (await create({})).body.inventario;
    const call = await as(a.users.admin);
    const r = await call('PUT', `/api/inventarios/${inv.id}`, {
      scope: 'specific_location',
      specificLocationId: sala1.id,
      version: inv.version,
    });
    expect(r.status).toBe(200);
    expect(r.body.inventario).toMatchObject({ scope: 'specific_location', local: 'Sala 101', totalItens: 2 });
    const numero = (await itemNumbers(inv.id))[0];
    const read = await call('POST', `/api/inventarios/${inv.id}/leituras`, {
      leituras: [{ id: crypto.randomUUID(), numero, lidoEm: new Date().toISOString() }],
    });
    expect(read.status).toBe(200);
    const locked = await call('PUT', `/api/inventarios/${inv.id}`, {
      scope: 'sector',
      version: r.body.inventario.version,
    });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe(INVENTARIO_MSG.scopeLocked);
    expect(await itemNumbers(inv.id)).toHaveLength(2);
  });

  it('deletes an inventory in progress (204, items gone, audit row); a completed one is kept (409)', async () => {
    const inv = (await create({})).body.inventario;
    const call = await as(a.users.admin);
    expect((await call('DELETE', `/api/inventarios/${inv.id}`)).status).toBe(204);
    expect(await itemNumbers(inv.id)).toEqual([]);
    expect((await call('GET', `/api/inventarios/${inv.id}`)).body.error.message).toBe(INVENTARIO_MSG.notFound);
    const [row] = await q<{ action: string }>(
      `select action from audit_logs where entity_type = 'Inventario' and entity_id = $1 order by id desc limit 1`,
      [String(inv.id)],
    );
    expect(row.action).toBe('INVENTARIO_DELETE');
    const done = (await create({})).body.inventario;
    expect((await call('POST', `/api/inventarios/${done.id}/finalizar`)).status).toBe(200);
    const before = await inventorySnapshot(s, a.id);
    const del = await call('DELETE', `/api/inventarios/${done.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(INVENTARIO_MSG.completedCannotDelete);
    expect((await call('PUT', `/api/inventarios/${done.id}`, { title: 'x', version: 1 })).status).toBe(409);
    expect(await inventorySnapshot(s, a.id)).toEqual(before);
  });
});

describe('GET /api/inventarios/membros (the commission picker)', () => {
  it('lists the municipality’s users by id and name to whoever may create an inventory, never another municipality’s', async () => {
    const res = await (await as(a.users.usuario))('GET', '/api/inventarios/membros');
    expect(res.status).toBe(200);
    const ids = (res.body.membros as Array<{ id: number; name: string }>).map((m) => m.id);
    for (const u of Object.values(a.users)) expect(ids).toContain(u.id);
    for (const u of Object.values(b.users)) expect(ids).not.toContain(u.id);
    expect(Object.keys(res.body.membros[0]).sort()).toEqual(['id', 'name']);
    expect((await (await as(a.users.visualizador))('GET', '/api/inventarios/membros')).status).toBe(403);
  });
});
