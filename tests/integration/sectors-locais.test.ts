import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Local, type Sector } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { NotifiedAnswers } from '../../server/src/db/notified-answers';
import { SECTORS_CHANNEL } from '../../server/src/modules/sectors/answers';
import { newTenant, newTown, type MainRole, type TestTenant, type TestTown, type TestUser } from '../support/factories';

let s: TestServer;
/** Own municipality (sectors with several locais) and another one. */
let A: TestTown;
let B: TestTenant;
let foreignSector: Sector; // of B
let foreignLocal: Local;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s);
  B = await newTenant(s);
  const viz = client(s.url, await B.users.admin.token());
  foreignSector = (await viz('GET', '/api/sectors')).body.sectors[0];
  foreignLocal = (await viz('GET', '/api/locais')).body.locais[0];
});
afterAll(async () => {
  await s?.close();
});

const as = async (u: TestUser) => client(s.url, await u.token());
let seq = 0;
const uniq = () => `${Date.now().toString(36)}-${seq++}`;

describe('sectors: every role × every route', () => {
  const readers: MainRole[] = ['admin', 'supervisor', 'usuario', 'visualizador'];
  const managers: MainRole[] = ['admin', 'supervisor'];

  it('GET /api/sectors: all four roles, only their municipality', async () => {
    for (const who of readers) {
      const r = await (await as(A.users[who]))('GET', '/api/sectors');
      expect(r.status, who).toBe(200);
      expect(r.body.total).toBe(r.body.sectors.length);
      expect(r.body.sectors.map((x: Sector) => x.id)).not.toContain(foreignSector.id);
      expect(r.body.sectors.every((x: Sector) => /^[A-Z0-9]{2}$/.test(x.code))).toBe(true);
    }
    expect((await client(s.url)('GET', '/api/sectors')).status).toBe(401);
  });

  it('the list shows a sector as its change answered it: same timestamps (ISO, UTC, ms), version and locais', async () => {
    const admin = await as(A.users.admin);
    const created = await admin('POST', '/api/sectors', { name: `Setor listado ${uniq()}`, code: 'L7' });
    const updated = await admin('PUT', `/api/sectors/${created.body.id}`, { name: 'Listado editado', version: 0 });
    await admin('POST', '/api/locais', { name: `Sala ${uniq()}`, sectorId: created.body.id });
    const listed = (await admin('GET', '/api/sectors')).body.sectors.find((x: Sector) => x.id === created.body.id);
    expect(listed).toEqual({ ...updated.body, locaisCount: 1 });
    expect(listed.createdAt).toBe(created.body.createdAt);
    expect(listed.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(listed.updatedAt > listed.createdAt).toBe(true);
  });

  it('POST/PUT/DELETE: admin and supervisor allowed, usuario and visualizador 403, no token 401', async () => {
    for (const who of managers) {
      const call = await as(A.users[who]);
      const created = await call('POST', '/api/sectors', {
        name: `Setor ${who} ${uniq()}`,
        code: `${who[0].toUpperCase()}1`,
      });
      expect(created.status, who).toBe(201);
      const updated = await call('PUT', `/api/sectors/${created.body.id}`, {
        name: `${created.body.name} (editado)`,
        version: created.body.version,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.name).toMatch(/editado/);
      expect((await call('DELETE', `/api/sectors/${created.body.id}`)).status).toBe(204);
    }
    const existing = (await (await as(A.users.admin))('GET', '/api/sectors')).body.sectors[0] as Sector;
    for (const who of ['usuario', 'visualizador'] as MainRole[]) {
      const call = await as(A.users[who]);
      expect((await call('POST', '/api/sectors', { name: 'Proibido', code: 'PR' })).status, who).toBe(403);
      expect(
        (await call('PUT', `/api/sectors/${existing.id}`, { name: 'Proibido', version: existing.version })).status,
      ).toBe(403);
      expect((await call('DELETE', `/api/sectors/${existing.id}`)).status).toBe(403);
    }
    const anon = client(s.url);
    expect((await anon('POST', '/api/sectors', { name: 'X', code: 'XX' })).status).toBe(401);
    expect((await anon('PUT', `/api/sectors/${existing.id}`, { name: 'X', version: existing.version })).status).toBe(
      401,
    );
    expect((await anon('DELETE', `/api/sectors/${existing.id}`)).status).toBe(401);
  });

  it("another municipality's sector is a 404 for PUT and DELETE, and is left untouched", async () => {
    for (const who of managers) {
      const call = await as(A.users[who]);
      expect(
        (await call('PUT', `/api/sectors/${foreignSector.id}`, { name: 'Tomado', version: foreignSector.version }))
          .status,
      ).toBe(404);
      expect((await call('DELETE', `/api/sectors/${foreignSector.id}`)).status).toBe(404);
    }
    const still = (await (await as(B.users.admin))('GET', '/api/sectors')).body.sectors.find(
      (x: Sector) => x.id === foreignSector.id,
    );
    expect(still.name).toBe(foreignSector.name);
  });

  it('validates: 2-character code, required name, unknown fields refused, duplicates 409 — nothing written', async () => {
    const admin = await as(A.users.admin);
    const before = (await admin('GET', '/api/sectors')).body.total;
    const bad = [
      [{ name: 'Sem código' }, 'code'],
      [{ name: 'Código longo', code: 'ABC' }, 'code'],
      [{ name: '   ', code: 'NN' }, 'name'],
      [{ name: 'Campo extra', code: 'CE', municipalityId: 2, owner: 1 }, 'owner'],
    ] as const;
    for (const [payload, field] of bad) {
      const r = await admin('POST', '/api/sectors', payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.error.fields[field]).toBeTypeOf('string');
      expect(r.body.error.message).toBeTypeOf('string');
    }
    const first = (await admin('GET', '/api/sectors')).body.sectors[0] as Sector;
    const dupCode = await admin('POST', '/api/sectors', { name: 'Outro nome qualquer', code: first.code });
    expect(dupCode.status).toBe(409);
    expect(dupCode.body.error.message).toBe(MSG.sectors.codeTaken);
    const dupName = await admin('POST', '/api/sectors', { name: first.name.toUpperCase(), code: '9Z' });
    expect(dupName.body.error.message).toBe(MSG.sectors.nameTaken);
    expect((await admin('GET', '/api/sectors')).body.total).toBe(before);
  });

  it('a sector in use is not deleted (409, clear message) and a stale version is a 409', async () => {
    const admin = await as(A.users.admin);
    const used = ((await admin('GET', '/api/sectors')).body.sectors as Sector[]).find((x) => x.locaisCount > 0)!;
    const r = await admin('DELETE', `/api/sectors/${used.id}`);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'IN_USE', message: MSG.sectors.inUse });
    expect(((await admin('GET', '/api/sectors')).body.sectors as Sector[]).some((x) => x.id === used.id)).toBe(true);

    const fresh = (await admin('POST', '/api/sectors', { name: `Versionado ${uniq()}`, code: 'VV' })).body as Sector;
    await admin('PUT', `/api/sectors/${fresh.id}`, { name: `${fresh.name} 1`, version: fresh.version });
    const stale = await admin('PUT', `/api/sectors/${fresh.id}`, { name: `${fresh.name} 2`, version: fresh.version });
    expect(stale.status).toBe(409);
  });

  it('writes an audit row for each change', async () => {
    const admin = await as(A.users.admin);
    const created = (await admin('POST', '/api/sectors', { name: `Auditado ${uniq()}`, code: 'AU' })).body as Sector;
    await admin('PUT', `/api/sectors/${created.id}`, { code: 'AV', version: created.version });
    await admin('DELETE', `/api/sectors/${created.id}`);
    const logs = (await admin('GET', '/api/audit-logs?entityType=Sector&pageSize=100')).body.logs as Array<{
      action: string;
      entityId: string;
      details: string;
      userName: string;
    }>;
    const mine = logs.filter((l) => l.entityId === String(created.id));
    expect(mine.map((l) => l.action)).toEqual(['SECTOR_DELETE', 'SECTOR_UPDATE', 'SECTOR_CREATE']);
    expect(JSON.parse(mine[1].details)).toEqual({
      old_value: { name: created.name, code: 'AU' },
      new_value: { name: created.name, code: 'AV' },
    });
    expect(mine[0].userName).toBe(A.users.admin.name);
    // the activity log is for admin and supervisor only
    expect((await (await as(A.users.usuario))('GET', '/api/audit-logs')).status).toBe(403);
  });
});

/** A sector, or a location, of A written as the owner: what a worker or another node does, unseen by this node's requests. */
const sectorBehind = async (code: string) =>
  (
    await s.owner.query<{ id: number }>(
      'insert into sectors (municipality_id, name, code) values ($1, $2, $3) returning id',
      [A.id, `Setor de outro processo ${uniq()}`, code],
    )
  )[0].id;
const localBehind = (sectorId: number) =>
  s.owner.query('insert into locais (municipality_id, sector_id, name) values ($1, $2, $3)', [A.id, sectorId, 'Sala']);

describe('sectors list kept on each node', () => {
  it('is loaded once while nothing changes, and loaded again after a change', async () => {
    let loads = 0;
    const load = async () => ++loads;
    const answers = s.ctx.sectorAnswers;
    expect([await answers.answer('teste', load), await answers.answer('teste', load)]).toEqual([1, 1]);
    answers.forget(A.id);
    expect(await answers.answer('teste', load)).toBe(2);
  });

  it('PostgreSQL tells the node when a sector or location of the municipality changes, and of no other', async () => {
    // An instance of its own: only the database's notifications drop its copy (no request of this node does).
    const answers = new NotifiedAnswers(s.ctx.database, SECTORS_CHANNEL, 60_000);
    await answers.start();
    try {
      let loads = 0;
      const loaded = () =>
        answers.answer('lista', async (keep) => {
          keep(A.id);
          return ++loads;
        });
      let theirLoads = 0;
      const theirs = () =>
        answers.answer('lista de B', async (keep) => {
          keep(B.id);
          return ++theirLoads;
        });
      expect(await loaded()).toBe(1);
      expect(await theirs()).toBe(1);
      await s.owner.query('update sectors set name = name where municipality_id = $1', [B.id]);
      // B's own copy dropped: B's notification has been handled, and A's copy is still kept.
      await expect.poll(theirs, { timeout: 2000 }).toBe(2);
      expect(await loaded()).toBe(1);
      const id = await sectorBehind('N8');
      await expect.poll(loaded, { timeout: 2000 }).toBe(2);
      await localBehind(id);
      await expect.poll(loaded, { timeout: 2000 }).toBe(3);
      await s.owner.query('delete from locais where sector_id = $1', [id]);
      await expect.poll(loaded, { timeout: 2000 }).toBe(4);
      await s.owner.query('delete from sectors where id = $1', [id]);
      await expect.poll(loaded, { timeout: 2000 }).toBe(5);
    } finally {
      await answers.close();
    }
  });

  it('a sector or location written by another process (a worker, another node) reaches the next list', async () => {
    const admin = await as(A.users.admin);
    const ids = async () => ((await admin('GET', '/api/sectors')).body.sectors as Sector[]).map((x) => x.id);
    await ids(); // kept now
    const id = await sectorBehind('N9');
    await expect.poll(ids, { timeout: 5000 }).toContain(id);
    const locaisOf = async () =>
      ((await admin('GET', '/api/sectors')).body.sectors as Sector[]).find((x) => x.id === id)?.locaisCount;
    expect(await locaisOf()).toBe(0);
    await localBehind(id);
    await expect.poll(locaisOf, { timeout: 5000 }).toBe(1);
    await s.owner.query('delete from locais where sector_id = $1', [id]);
    await s.owner.query('delete from sectors where id = $1', [id]);
    await expect.poll(ids, { timeout: 5000 }).not.toContain(id);
  });

  it("a change in one municipality leaves another's list as it was", async () => {
    const other = await as(B.users.admin);
    const before = (await other('GET', '/api/sectors')).body;
    await (
      await as(A.users.admin)
    )('POST', '/api/sectors', { name: `Setor só de A ${uniq()}`, code: 'K1' });
    expect((await other('GET', '/api/sectors')).body).toEqual(before);
  });
});

describe('locais: every role × every route', () => {
  it("GET: all four roles, filtered by sector, never another municipality's", async () => {
    for (const who of ['admin', 'supervisor', 'usuario', 'visualizador'] as MainRole[]) {
      const r = await (await as(A.users[who]))('GET', '/api/locais');
      expect(r.status, who).toBe(200);
      expect(r.body.locais.map((l: Local) => l.id)).not.toContain(foreignLocal.id);
    }
    const admin = await as(A.users.admin);
    const sector = (await admin('GET', '/api/sectors')).body.sectors.find((x: Sector) => x.locaisCount > 1) as Sector;
    const bySector = await admin('GET', `/api/locais?sectorId=${sector.id}`);
    expect(bySector.body.locais).toHaveLength(sector.locaisCount);
    expect(bySector.body.locais.every((l: Local) => l.sectorName === sector.name)).toBe(true);
    expect((await admin('GET', '/api/locais?sectorId=abc')).status).toBe(400);
    expect((await admin('GET', '/api/locais?foo=1')).status).toBe(400);
    expect((await client(s.url)('GET', '/api/locais')).status).toBe(401);
  });

  it('POST/PUT/DELETE: admin and supervisor allowed; usuario and visualizador 403', async () => {
    const sectorId = ((await (await as(A.users.admin))('GET', '/api/sectors')).body.sectors[0] as Sector).id;
    for (const who of ['admin', 'supervisor'] as MainRole[]) {
      const call = await as(A.users[who]);
      const created = await call('POST', '/api/locais', {
        name: `Sala ${who} ${uniq()}`,
        sectorId,
        municipalityId: 999,
      });
      expect(created.status, who).toBe(201);
      expect(created.body.municipalityId).not.toBe(999);
      expect(
        (
          await call('PUT', `/api/locais/${created.body.id}`, {
            name: `${created.body.name}!`,
            sectorId,
            version: created.body.version,
          })
        ).status,
      ).toBe(200);
      expect((await call('DELETE', `/api/locais/${created.body.id}`)).status).toBe(204);
    }
    const any = (await (await as(A.users.admin))('GET', '/api/locais')).body.locais[0] as Local;
    for (const who of ['usuario', 'visualizador'] as MainRole[]) {
      const call = await as(A.users[who]);
      expect((await call('POST', '/api/locais', { name: 'X', sectorId })).status).toBe(403);
      expect((await call('PUT', `/api/locais/${any.id}`, { name: 'X', version: any.version })).status).toBe(403);
      expect((await call('DELETE', `/api/locais/${any.id}`)).status).toBe(403);
    }
  });

  it("another municipality's local is a 404; a sector of another municipality in the body is a 422", async () => {
    const admin = await as(A.users.admin);
    expect(
      (await admin('PUT', `/api/locais/${foreignLocal.id}`, { name: 'Tomado', version: foreignLocal.version })).status,
    ).toBe(404);
    expect((await admin('DELETE', `/api/locais/${foreignLocal.id}`)).status).toBe(404);
    const before = (await admin('GET', '/api/locais')).body.total;
    const r = await admin('POST', '/api/locais', { name: 'Intrusa', sectorId: foreignSector.id });
    expect(r.status).toBe(422);
    expect(r.body.error.fields.sectorId).toBe('Setor não encontrado.');
    const own = (await admin('GET', '/api/locais')).body.locais[0] as Local;
    expect(
      (await admin('PUT', `/api/locais/${own.id}`, { sectorId: foreignSector.id, version: own.version })).status,
    ).toBe(422);
    expect((await admin('GET', '/api/locais')).body.total).toBe(before);
  });

  it('validates the body and refuses duplicates in the same sector', async () => {
    const admin = await as(A.users.admin);
    const own = (await admin('GET', '/api/locais')).body.locais[0] as Local;
    expect((await admin('POST', '/api/locais', { sectorId: own.sectorId })).body.error.fields.name).toBe(
      'Nome é obrigatório.',
    );
    expect((await admin('POST', '/api/locais', { name: 'X' })).body.error.fields.sectorId).toBe('Selecione um setor.');
    const dup = await admin('POST', '/api/locais', { name: own.name.toLowerCase(), sectorId: own.sectorId });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(MSG.locais.nameTaken);
    expect((await admin('PUT', `/api/locais/${own.id}`, { name: 'Y', version: own.version + 5 })).status).toBe(409);
  });

  it('an update needs the version the user saw: without it 400, a stale one 409, the row unchanged', async () => {
    const admin = await as(A.users.admin);
    const sectorId = ((await admin('GET', '/api/sectors')).body.sectors[0] as Sector).id;
    const local = (await admin('POST', '/api/locais', { name: `Versionado ${uniq()}`, sectorId })).body as Local;
    const missing = await admin('PUT', `/api/locais/${local.id}`, { name: 'Sem versão' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.version).toBeTruthy();
    const moved = await admin('PUT', `/api/locais/${local.id}`, { name: `${local.name}!`, version: local.version });
    expect(moved.status).toBe(200);
    expect(moved.body.version).toBe(local.version + 1);
    const stale = await admin('PUT', `/api/locais/${local.id}`, { name: 'Atrasado', version: local.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    const now = (await admin('GET', `/api/locais?sectorId=${sectorId}`)).body.locais.find(
      (l: Local) => l.id === local.id,
    );
    expect(now).toMatchObject({ name: `${local.name}!`, version: local.version + 1 });
  });
});
