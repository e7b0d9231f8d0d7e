/**
 * The superuser's back office beyond onboarding: every user across municipalities (filters, pages,
 * lock/unlock, no silent move), the dashboard's figures, assets by user, the public-search switches and
 * the system information.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPERUSER_MSG, type SuperuserUserPage } from '@tombo/shared';
import { startTestServer, nextEvent, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newBackupRow,
  newPatrimonio,
  newTenant,
  newUser,
  ownerQuery,
  type TestTenant,
  type TestUser,
} from '../support/factories';

let s: TestServer;
let SU: TestUser;
let A: TestTenant;
let B: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  A = await newTenant(s);
  B = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

const as = async (u: TestUser) => client(s.url, await u.token());
const versionOf = async (id: number) =>
  (await ownerQuery<{ version: number }>(s, 'select version from users where id = $1', [id]))[0].version;

describe('users of every municipality', () => {
  it('filters by municipality, role, status and text, one page at a time', async () => {
    const su = await as(SU);
    const all = await su<SuperuserUserPage>('GET', '/api/superuser/users?pageSize=100');
    expect(all.status).toBe(200);
    const [{ n }] = await ownerQuery<{ n: number }>(s, 'select count(*)::int as n from users');
    expect(all.body.total).toBe(n);
    expect(all.body.users).toHaveLength(n);
    const ofA = await su<SuperuserUserPage>('GET', `/api/superuser/users?municipalityId=${A.id}`);
    expect(ofA.body.total).toBe(4); // one per main role
    expect(ofA.body.users.every((u) => u.municipalityId === A.id && u.municipalityName === A.name)).toBe(true);
    const admins = await su<SuperuserUserPage>('GET', '/api/superuser/users?role=admin');
    expect(admins.body.users.map((u) => u.id).sort()).toEqual([A.users.admin.id, B.users.admin.id].sort());
    const text = await su<SuperuserUserPage>(
      'GET',
      `/api/superuser/users?q=${encodeURIComponent(B.users.usuario.email)}`,
    );
    expect(text.body.users.map((u) => u.id)).toEqual([B.users.usuario.id]);
    const page1 = await su<SuperuserUserPage>('GET', '/api/superuser/users?pageSize=4&page=1');
    const page3 = await su<SuperuserUserPage>('GET', '/api/superuser/users?pageSize=4&page=3');
    expect(page1.body).toMatchObject({ total: n, page: 1, pageSize: 4 });
    expect(page1.body.users).toHaveLength(4);
    expect(page3.body.users).toHaveLength(n - 8);
    const ids = [...page1.body.users, ...page3.body.users].map((u) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await su('GET', '/api/superuser/users?status=blocked')).status).toBe(400);
    expect((await su('GET', '/api/superuser/users?pageSize=1000')).status).toBe(400);
    expect((await su('GET', '/api/superuser/users?other=1')).status).toBe(400);
  });

  it('locks a user (sign-in refused, sessions ended) and unlocks them; the lists filter by status', async () => {
    const su = await as(SU);
    const u = B.users.visualizador;
    const session = await s.login(u.email, u.password);
    const locked = await su('PUT', `/api/superuser/users/${u.id}`, { locked: true, version: await versionOf(u.id) });
    expect(locked.status).toBe(200);
    expect(new Date(locked.body.lockoutUntil).getFullYear()).toBe(9999);
    expect(await s.login(u.email, u.password).catch((e: Error) => e.message)).toMatch(/401/);
    expect((await client(s.url)('POST', '/api/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
    const lockedList = await su<SuperuserUserPage>('GET', '/api/superuser/users?status=locked');
    expect(lockedList.body.users.map((x) => x.id)).toEqual([u.id]);
    const active = await su<SuperuserUserPage>('GET', '/api/superuser/users?status=active&pageSize=100');
    expect(active.body.users.some((x) => x.id === u.id)).toBe(false);
    const unlocked = await su('PUT', `/api/superuser/users/${u.id}`, { locked: false, version: await versionOf(u.id) });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toMatchObject({ lockoutUntil: null, failedLoginAttempts: 0 });
    expect((await s.login(u.email, u.password)).user.id).toBe(u.id);
    // never oneself
    const self = await su('PUT', `/api/superuser/users/${SU.id}`, { locked: true, version: await versionOf(SU.id) });
    expect(self.status).toBe(422);
    expect(self.body.error.message).toBe(SUPERUSER_MSG.selfLock);
  });

  it('moving a user to another municipality is refused with a clear message, nothing changed', async () => {
    const su = await as(SU);
    const u = A.users.usuario;
    const before = await ownerQuery(s, 'select * from users where id = $1', [u.id]);
    const r = await su('PUT', `/api/superuser/users/${u.id}`, { municipalityId: B.id, version: await versionOf(u.id) });
    expect(r.status).toBe(422);
    expect(r.body.error).toMatchObject({
      message: SUPERUSER_MSG.moveRefused,
      fields: { municipalityId: SUPERUSER_MSG.moveRefused },
    });
    expect(await ownerQuery(s, 'select * from users where id = $1', [u.id])).toEqual(before);
    // the same municipality named again is no move
    const same = await su('PUT', `/api/superuser/users/${u.id}`, {
      municipalityId: A.id,
      name: 'Mesma Casa',
      version: await versionOf(u.id),
    });
    expect(same.status).toBe(200);
  });

  it('creates a user in a municipality and resends an invitation', async () => {
    const su = await as(SU);
    const created = await su('POST', '/api/superuser/users', {
      name: 'Nova Pessoa',
      email: `nova.${Date.now()}@teste.gov.br`,
      password: 'Senha@Forte1',
      role: 'supervisor',
      municipalityId: B.id,
    });
    expect(created.status).toBe(201);
    const inv = await su('POST', `/api/superuser/users/${created.body.id}/invitation`);
    expect(inv.status).toBe(202);
    const [t] = await ownerQuery<{ n: number }>(
      s,
      'select count(*)::int as n from password_reset_tokens where user_id = $1',
      [created.body.id],
    );
    expect(t.n).toBe(1);
    expect((await su('POST', '/api/superuser/users/99999999/invitation')).status).toBe(404);

    // "Revogar convite": the link ends, the user shows it, and a second revoke has nothing to revoke
    const revoked = await su('DELETE', `/api/superuser/users/${created.body.id}/invitation`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.invitation).toBe('revoked');
    const [left] = await ownerQuery<{ n: number }>(
      s,
      'select count(*)::int as n from password_reset_tokens where user_id = $1 and used_at is null and revoked_at is null',
      [created.body.id],
    );
    expect(left.n).toBe(0);
    expect((await su('DELETE', `/api/superuser/users/${created.body.id}/invitation`)).status).toBe(422);
    expect((await su('DELETE', '/api/superuser/users/99999999/invitation')).status).toBe(404);
  });
});

describe('dashboard', () => {
  it('counts users, assets and stored bytes per municipality, and the jobs by status', async () => {
    const su = await as(SU);
    await ownerQuery(
      s,
      `insert into documents (municipality_id, file_name, stored_path, mime_type, size, uploaded_by_name)
       values ($1, 'a.pdf', 'files/documentos/x.pdf', 'application/pdf', 1234, 'Teste')`,
      [A.id],
    );
    await ownerQuery(
      s,
      `insert into jobs (municipality_id, owner_id, name, title, payload, status) values ($1, $2, 'x', 'X', '{}', 'failed')`,
      [A.id, A.users.admin.id],
    );
    const d = await su('GET', '/api/superuser/dashboard');
    expect(d.status).toBe(200);
    const rowA = d.body.municipalities.find((r: { id: number }) => r.id === A.id);
    expect(rowA).toMatchObject({ name: A.name, users: 4, assets: 1, storageBytes: 1234, active: true });
    expect(d.body.queue).toMatchObject({ mode: expect.stringMatching(/inline|bullmq/), failed: 1 });
    expect(d.body.queue.queued).toEqual(expect.any(Number));
    expect(d.body.queue.running).toEqual(expect.any(Number));
    expect(d.body.totals.municipalities).toBe(d.body.municipalities.length);
    expect(rowA.lastBackupAt).toBeNull();
  });

  it('shows the last completed backup of each municipality', async () => {
    const backup = await newBackupRow(s, B.id);
    const [{ finished }] = await ownerQuery<{ finished: Date }>(
      s,
      'select finished_at as finished from backups where id = $1',
      [backup.id],
    );
    await ownerQuery(
      s,
      `insert into backups (municipality_id, kind, status, file_name) values ($1, 'manual', 'failed', 'x.tar.gz')`,
      [B.id],
    );
    const d = await (await as(SU))('GET', '/api/superuser/dashboard');
    const rowB = d.body.municipalities.find((r: { id: number }) => r.id === B.id);
    expect(rowB.lastBackupAt).toBe(new Date(finished).toISOString());
  });
});

describe('assets by user', () => {
  it('groups by who registered the assets, or by who holds them (their sector), server-side and paginated', async () => {
    const su = await as(SU);
    for (let i = 0; i < 3; i++) {
      const p = await newPatrimonio(s, { municipalityId: B.id, sectorId: B.sector.id, valor: '10.50' });
      await ownerQuery(s, 'update patrimonios set created_by_id = $1, created_by_name = $2 where id = $3', [
        B.users.supervisor.id,
        B.users.supervisor.name,
        p.id,
      ]);
    }
    const reg = await su('GET', `/api/superuser/assets-by-user?municipalityId=${B.id}`);
    expect(reg.status).toBe(200);
    expect(reg.body.groups[0]).toMatchObject({
      userId: B.users.supervisor.id,
      userName: B.users.supervisor.name,
      municipalityId: B.id,
      municipalityName: B.name,
      assets: 3,
      totalValue: '31.50',
    });
    // the factory's own asset has no author
    expect(reg.body.groups[1]).toMatchObject({ userId: null, userName: 'Não informado', assets: 1 });
    expect(reg.body.total).toBe(2);
    const holders = await su('GET', `/api/superuser/assets-by-user?by=holder&municipalityId=${B.id}`);
    expect(holders.body.groups).toEqual([
      expect.objectContaining({ userId: B.users.usuario.id, assets: 4, totalValue: '131.50' }),
    ]);
    const paged = await su('GET', `/api/superuser/assets-by-user?pageSize=1&page=2&municipalityId=${B.id}`);
    expect(paged.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.groups).toHaveLength(1);
    expect((await su('GET', '/api/superuser/assets-by-user?by=x')).status).toBe(400);
  });
});

describe('public search switches', () => {
  it('the installation-wide switch closes every public page and the list; back on, they reopen', async () => {
    const su = await as(SU);
    const anon = client(s.url);
    const overview = await su('GET', '/api/superuser/public-search');
    expect(overview.body.installationEnabled).toBe(true);
    expect((await anon('GET', `/api/public/patrimonios?municipio=${A.slug}`)).status).toBe(200);
    const socket = await s.socket(await SU.token());
    const ev = nextEvent<{ data: unknown }>(socket, 'publicSearch.changed');
    const off = await su('PUT', '/api/superuser/public-search/installation', { isPublicSearchEnabled: false });
    expect(off.status).toBe(200);
    expect((await ev).data).toEqual({ municipalityId: null, isPublicSearchEnabled: false });
    expect((await anon('GET', `/api/public/patrimonios?municipio=${A.slug}`)).status).toBe(404);
    expect((await anon('GET', '/api/public/municipios')).body.municipios).toEqual([]);
    expect((await su('GET', '/api/superuser/public-search')).body.installationEnabled).toBe(false);
    expect(
      (await su('PUT', '/api/superuser/public-search/installation', { isPublicSearchEnabled: 'sim' })).status,
    ).toBe(400);
    await su('PUT', '/api/superuser/public-search/installation', { isPublicSearchEnabled: true });
    expect((await anon('GET', `/api/public/patrimonios?municipio=${A.slug}`)).status).toBe(200);
    // one municipality's own switch
    await su('PUT', '/api/superuser/public-search', { municipalityId: B.id, isPublicSearchEnabled: false });
    expect((await anon('GET', `/api/public/patrimonios?municipio=${B.slug}`)).status).toBe(404);
    expect((await anon('GET', `/api/public/patrimonios?municipio=${A.slug}`)).status).toBe(200);
    await su('PUT', '/api/superuser/public-search', { municipalityId: B.id, isPublicSearchEnabled: true });
  });
});

describe('system information', () => {
  it('tells the version, database, queue, storage, uptime, Node and Chromium', async () => {
    const su = await as(SU);
    const r = await su('GET', '/api/superuser/system-information');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      version: '2.0.0',
      node: process.version,
      database: {
        kind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        serverVersion: expect.stringMatching(/^\d+/),
      },
      queue: { mode: process.env.REDIS_URL ? 'bullmq' : 'inline' },
      storage: { dataDir: s.ctx.config.dataDir },
    });
    expect(r.body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(r.body.storage.bytes).toBeGreaterThanOrEqual(0);
    expect(r.body.chromium.path).toEqual(expect.any(String));
    expect(r.body.chromium.version === null || /\d+\.\d+/.test(r.body.chromium.version)).toBe(true);
  });
});
