import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SUPERUSER_MSG, USER_MSG, type User } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newUser, ownerQuery, world, type TestUser, type TestWorld } from '../support/factories';

// The users area and the superuser's user API (issue 8): version required on updates, one's own
// password only with the current one, and only the superuser without a municipality.
let s: TestServer;
let w: TestWorld;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s?.close();
});

const as = async (u: TestUser) => client(s.url, await u.token());
const row = async (id: number) => (await ownerQuery(s, 'select * from users where id = $1', [id]))[0];
const sectorsOf = async (id: number) =>
  (
    await ownerQuery<{ sector_id: number }>(s, 'select sector_id from user_sectors where user_id = $1 order by 1', [id])
  ).map((r) => r.sector_id);
const canLogIn = async (u: TestUser, password: string) =>
  (await client(s.url)('POST', '/api/auth/login', { email: u.email, password })).status === 200;

describe('PUT /api/users/:id', () => {
  it('requires the version: 400 without it, 409 when stale, nothing written', async () => {
    const admin = await as(w.A.users.admin);
    const u = await newUser(s, { municipalityId: w.A.id, role: 'visualizador' });
    const before = await row(u.id);
    const missing = await admin('PUT', `/api/users/${u.id}`, { name: 'Sem versão' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION');
    expect(missing.body.error.fields.version).toBe('Versão inválida.');
    const { version } = (await admin('GET', `/api/users/${u.id}`)).body as User;
    const stale = await admin('PUT', `/api/users/${u.id}`, { name: 'Antiga', version: version + 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MSG.http.conflict);
    expect(await row(u.id)).toEqual(before);
    const ok = await admin('PUT', `/api/users/${u.id}`, { name: 'Atual', version });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Atual', version: version + 1 });
  });

  it('an admin cannot set their own password here: 400 pointing to the profile, the password stays', async () => {
    const me = await newUser(s, { municipalityId: w.A.id, role: 'admin' });
    const api = await as(me);
    const { version } = (await api('GET', `/api/users/${me.id}`)).body as User;
    const r = await api('PUT', `/api/users/${me.id}`, { password: 'Outra@Senha9', version });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.password).toBe(USER_MSG.ownPassword);
    expect(r.body.error.message).toBe(USER_MSG.ownPassword);
    expect(await canLogIn(me, 'Outra@Senha9')).toBe(false);
    expect(await canLogIn(me, me.password)).toBe(true);
    // their own name still changes here; someone else's password too (that is what an admin does)
    expect((await api('PUT', `/api/users/${me.id}`, { name: 'Admin Renomeado', version })).status).toBe(200);
    const other = await newUser(s, { municipalityId: w.A.id, role: 'usuario' });
    const { version: v } = (await api('GET', `/api/users/${other.id}`)).body as User;
    expect((await api('PUT', `/api/users/${other.id}`, { password: 'Outra@Senha9', version: v })).status).toBe(200);
    expect(await canLogIn(other, 'Outra@Senha9')).toBe(true);
  });

  it('everyone reads and renames themself; another user of the municipality needs the permission', async () => {
    const viz = await newUser(s, { municipalityId: w.A.id, role: 'visualizador' });
    const api = await as(viz);
    const mine = await api('GET', `/api/users/${viz.id}`);
    expect(mine.status).toBe(200);
    expect((await api('PUT', `/api/users/${viz.id}`, { name: 'Vi', version: mine.body.version })).status).toBe(200);
    expect((await api('GET', `/api/users/${w.A.users.admin.id}`)).status).toBe(403);
    expect((await api('GET', `/api/users/${w.B.users.admin.id}`)).status).toBe(403);
  });
});

describe('superuser: PUT /api/superuser/users/:id', () => {
  const versionOf = async (id: number) =>
    (await ownerQuery<{ version: number }>(s, 'select version from users where id = $1', [id]))[0].version;

  it('never leaves a municipality user without a municipality: 400, nothing written', async () => {
    const su = await as(w.superuser);
    const u = await newUser(s, { municipalityId: w.A.id, role: 'usuario', sectorIds: [w.A.sector.id] });
    const before = await row(u.id);
    const r = await su('PUT', `/api/superuser/users/${u.id}`, {
      municipalityId: null,
      role: 'admin',
      version: await versionOf(u.id),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.municipalityId).toBe(USER_MSG.noMunicipality);
    expect(await row(u.id)).toEqual(before);
    expect(await sectorsOf(u.id)).toEqual([w.A.sector.id]);
    // nor a superuser inside one
    const promoted = await su('PUT', `/api/superuser/users/${u.id}`, {
      role: 'superuser',
      version: await versionOf(u.id),
    });
    expect(promoted.status).toBe(400);
    expect(promoted.body.error.fields.role).toBe(USER_MSG.roleMunicipality);
    expect(await row(u.id)).toEqual(before);
  });

  it('moving a user to another municipality is refused (re-create them there): 422, nothing written', async () => {
    const su = await as(w.superuser);
    const u = await newUser(s, { municipalityId: w.A.id, role: 'usuario', sectorIds: [w.A.sector.id] });
    const before = await row(u.id);
    const moved = await su('PUT', `/api/superuser/users/${u.id}`, {
      municipalityId: w.B.id,
      version: await versionOf(u.id),
    });
    expect(moved.status).toBe(422);
    expect(moved.body.error.fields.municipalityId).toBe(SUPERUSER_MSG.moveRefused);
    expect(await row(u.id)).toEqual(before);
    expect(await sectorsOf(u.id)).toEqual([w.A.sector.id]);
  });

  it('the version is required here too', async () => {
    const su = await as(w.superuser);
    const u = await newUser(s, { municipalityId: w.A.id, role: 'visualizador' });
    const r = await su('PUT', `/api/superuser/users/${u.id}`, { name: 'Sem versão' });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.version).toBe('Versão inválida.');
  });
});
