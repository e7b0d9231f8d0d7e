/**
 * The role → permission matrix (spec §6): edited by the superuser, enforced on the very next request,
 * pushed live to the sessions of the changed role (and only theirs), and refused (400, nothing
 * changed) when it would lock the back office or names an unknown permission.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSIONS_MSG,
  type LiveEvent,
  type Permission,
  type SessionAccess,
} from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let A: TestTenant;
let SU: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
});
afterAll(async () => {
  await s?.close();
});
const as = async (u: TestUser) => client(s.url, await u.token());
type Changed = LiveEvent<{ role: string; permissions: Permission[] }>;
type Access = LiveEvent<SessionAccess>;

describe('permission matrix', () => {
  it('lists every role with its stored permissions', async () => {
    const r = await (await as(SU))('GET', '/api/superuser/permissions');
    expect(r.status).toBe(200);
    const byRole = Object.fromEntries(r.body.roles.map((x: { role: string; permissions: string[] }) => [x.role, x]));
    expect(byRole.visualizador.permissions.sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS.visualizador].sort());
    expect(byRole.superuser.permissions.sort()).toEqual(['permissions:manage', 'superuser:access']);
  });

  it('a change is enforced on the next request and pushed live only to the sessions of that role', async () => {
    const su = await as(SU);
    const viz = await as(A.users.visualizador);
    expect((await viz('GET', '/api/patrimonios')).status).toBe(200);
    const vizSocket = await s.socket(await A.users.visualizador.token());
    const adminSocket = await s.socket(await A.users.admin.token());
    const suSocket = await s.socket(await SU.token());
    const vizHeard = nextEvent<Access>(vizSocket, 'session.permissions');
    const suHeard = nextEvent<Changed>(suSocket, 'permissions.changed');
    const adminHeard = nextEvent<Access>(adminSocket, 'session.permissions');

    const without = DEFAULT_ROLE_PERMISSIONS.visualizador.filter((p) => p !== 'bens:read');
    const put = await su('PUT', '/api/superuser/permissions/visualizador', { permissions: without });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ role: 'visualizador', permissions: without });
    // enforced at once: no cache keeps the old list
    const denied = await viz('GET', '/api/patrimonios');
    expect(denied.status).toBe(403);
    const me = await viz('GET', '/api/auth/me');
    expect(me.body.user.permissions).not.toContain('bens:read');
    expect((await vizHeard).data).toEqual({ role: 'visualizador', permissions: without, sectorIds: [] });
    expect((await suHeard).data.role).toBe('visualizador');

    // The admin's socket did not hear the visualizador's change: its first event is its own role's.
    const adminLess = DEFAULT_ROLE_PERMISSIONS.admin.filter((p) => p !== 'depreciacao:reopen');
    const adminPut = await su('PUT', '/api/superuser/permissions/admin', { permissions: adminLess });
    expect(adminPut.status).toBe(200);
    expect((await adminHeard).data).toEqual({ role: 'admin', permissions: adminLess, sectorIds: [] });

    // and back
    await su('PUT', '/api/superuser/permissions/admin', { permissions: DEFAULT_ROLE_PERMISSIONS.admin });
    const back = await su('PUT', '/api/superuser/permissions/visualizador', {
      permissions: DEFAULT_ROLE_PERMISSIONS.visualizador,
    });
    expect(back.status).toBe(200);
    expect((await viz('GET', '/api/patrimonios')).status).toBe(200);
    for (const sock of [vizSocket, adminSocket, suSocket]) sock.disconnect();
  });

  it('a grant is enforced at once too', async () => {
    const su = await as(SU);
    const viz = await as(A.users.visualizador);
    const body = { descricao_bem: 'Mesa', sectorId: A.sector.id };
    expect((await viz('POST', '/api/patrimonios', body)).status).toBe(403);
    await su('PUT', '/api/superuser/permissions/visualizador', {
      permissions: [...DEFAULT_ROLE_PERMISSIONS.visualizador, 'bens:create'],
    });
    expect((await viz('POST', '/api/patrimonios', body)).status).not.toBe(403);
    await su('PUT', '/api/superuser/permissions/visualizador', { permissions: DEFAULT_ROLE_PERMISSIONS.visualizador });
  });

  it("a matrix that removes the superuser's own access is refused with 400 and nothing changes", async () => {
    const su = await as(SU);
    const before = (await su('GET', '/api/superuser/permissions')).body;
    for (const permissions of [['superuser:access'], ['permissions:manage'], []]) {
      const r = await su('PUT', '/api/superuser/permissions/superuser', { permissions });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(PERMISSIONS_MSG.superuserLocked);
    }
    const grant = await su('PUT', '/api/superuser/permissions/admin', {
      permissions: [...DEFAULT_ROLE_PERMISSIONS.admin, 'superuser:access'],
    });
    expect(grant.status).toBe(400);
    expect(grant.body.error.message).toBe(PERMISSIONS_MSG.superuserOnly);
    expect((await su('GET', '/api/superuser/permissions')).body).toEqual(before);
    // still the superuser
    expect((await su('GET', '/api/superuser/permissions')).status).toBe(200);
  });

  it('unknown permission codes and unknown roles are 400; an admin is 403', async () => {
    const su = await as(SU);
    const before = (await su('GET', '/api/superuser/permissions')).body;
    const unknown = await su('PUT', '/api/superuser/permissions/usuario', { permissions: ['bens:read', 'bens:fly'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION');
    expect(typeof unknown.body.error.message).toBe('string');
    expect((await su('PUT', '/api/superuser/permissions/chefe', { permissions: [] })).status).toBe(400);
    const admin = await as(A.users.admin);
    expect((await admin('PUT', '/api/superuser/permissions/usuario', { permissions: [] })).status).toBe(403);
    expect((await admin('GET', '/api/superuser/permissions')).status).toBe(403);
    expect((await su('GET', '/api/superuser/permissions')).body).toEqual(before);
  });
});
