/**
 * A signed-in user's sockets follow what they may do (issue 35): when the superuser edits a role's permissions, or a
 * municipality's admin changes a user's role or sectors, each node re-derives its sockets' principals and sends
 * `session.permissions` to the sockets whose access changed — and to no other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DEFAULT_ROLE_PERMISSIONS, type LiveEvent, type Permission, type SessionAccess } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newSector, newTenant, newUser, type TestTenant, type TestUser } from '../support/factories';

type Access = LiveEvent<SessionAccess>;
let s: TestServer;
let A: TestTenant;
let B: TestTenant;
let SU: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
});
afterAll(async () => {
  await s?.close();
});
const as = async (u: TestUser) => client(s.url, await u.token());

/** Every `session.permissions` the socket hears from now on. */
function heard(socket: Socket): Access[] {
  const events: Access[] = [];
  socket.on('session.permissions', (e: Access) => events.push(e));
  return events;
}
const minus = (role: 'usuario' | 'supervisor' | 'admin', p: Permission) =>
  DEFAULT_ROLE_PERMISSIONS[role].filter((x) => x !== p);

describe('session.permissions', () => {
  it("a role's edit reaches every socket of that role's holders, and no other role's", async () => {
    const su = await as(SU);
    const tab1 = await s.socket(await A.users.usuario.token());
    const tab2 = await s.socket(await A.users.usuario.token());
    const otherCity = await s.socket(await B.users.usuario.token());
    const supervisor = await s.socket(await A.users.supervisor.token());
    const admin = await s.socket(await A.users.admin.token());
    const supervisorHeard = heard(supervisor);
    const adminHeard = heard(admin);
    try {
      const events = [tab1, tab2, otherCity].map((sock) => nextEvent<Access>(sock, 'session.permissions'));
      const without = minus('usuario', 'bens:create');
      expect((await su('PUT', '/api/superuser/permissions/usuario', { permissions: without })).status).toBe(200);
      const [one, two, other] = await Promise.all(events);
      expect(one.data).toEqual({ role: 'usuario', permissions: without, sectorIds: [A.sector.id] });
      expect(two.data).toEqual(one.data);
      // The matrix is installation-wide: another municipality's usuario lost it too, with its own sectors.
      expect(other.data).toEqual({ role: 'usuario', permissions: without, sectorIds: [B.sector.id] });
      expect(one.municipalityId).toBe(A.id);
      expect(other.municipalityId).toBe(B.id);
      // What the event says is what the API now answers and enforces.
      const usuario = await as(A.users.usuario);
      expect((await usuario('GET', '/api/auth/me')).body.user.permissions).toEqual(without);
      const body = { descricao_bem: 'Cadeira', sectorId: A.sector.id };
      expect((await usuario('POST', '/api/patrimonios', body)).status).toBe(403);

      // Barriers: each other role's first event is its own role's later edit, so the usuario's was not theirs.
      const supervisorOwn = nextEvent<Access>(supervisor, 'session.permissions');
      const supervisorLess = minus('supervisor', 'settings:read');
      await su('PUT', '/api/superuser/permissions/supervisor', { permissions: supervisorLess });
      expect((await supervisorOwn).data.permissions).toEqual(supervisorLess);
      const adminOwn = nextEvent<Access>(admin, 'session.permissions');
      const adminLess = minus('admin', 'depreciacao:reopen');
      await su('PUT', '/api/superuser/permissions/admin', { permissions: adminLess });
      expect((await adminOwn).data.permissions).toEqual(adminLess);
      expect(supervisorHeard).toHaveLength(1);
      expect(adminHeard).toHaveLength(1);

      // Restored: it comes back to the same sockets.
      const back = nextEvent<Access>(tab1, 'session.permissions');
      await su('PUT', '/api/superuser/permissions/usuario', { permissions: DEFAULT_ROLE_PERMISSIONS.usuario });
      expect((await back).data.permissions).toContain('bens:create');
    } finally {
      for (const role of ['usuario', 'supervisor', 'admin'] as const)
        await su('PUT', `/api/superuser/permissions/${role}`, { permissions: DEFAULT_ROLE_PERMISSIONS[role] });
      for (const sock of [tab1, tab2, otherCity, supervisor, admin]) sock.disconnect();
    }
  });

  it('an edit that changes nothing for a role sends nothing to its sockets', async () => {
    const su = await as(SU);
    const viz = await s.socket(await A.users.visualizador.token());
    const vizHeard = heard(viz);
    const same = [...DEFAULT_ROLE_PERMISSIONS.visualizador].reverse();
    expect((await su('PUT', '/api/superuser/permissions/visualizador', { permissions: same })).status).toBe(200);
    // barrier: a change of this very user's sectors is the first thing it hears
    const own = nextEvent<Access>(viz, 'session.permissions');
    const sector = await newSector(s, A.id);
    await s.owner.query('insert into user_sectors (user_id, sector_id) values ($1, $2)', [
      A.users.visualizador.id,
      sector.id,
    ]);
    expect((await own).data.sectorIds).toEqual([sector.id]);
    expect(vizHeard).toHaveLength(1);
    viz.disconnect();
  });

  it("a municipality admin's change of a user's sectors reaches that user's sockets only", async () => {
    // (A role change ends the user's sessions instead: live-access.test.ts.)
    const x = await newUser(s, { municipalityId: A.id, role: 'usuario', sectorIds: [A.sector.id] });
    const xSocket = await s.socket(await x.token());
    const sameRoleA = await s.socket(await A.users.usuario.token());
    const sameRoleB = await s.socket(await B.users.usuario.token());
    const aHeard = heard(sameRoleA);
    const bHeard = heard(sameRoleB);
    const adminA = await as(A.users.admin);
    const second = await newSector(s, A.id);
    const xEvent = nextEvent<Access>(xSocket, 'session.permissions');
    const current = await adminA('GET', `/api/users/${x.id}`);
    const put = await adminA('PUT', `/api/users/${x.id}`, {
      sectorIds: [A.sector.id, second.id],
      version: current.body.version,
    });
    expect(put.status).toBe(200);
    expect((await xEvent).data).toEqual({
      role: 'usuario',
      permissions: DEFAULT_ROLE_PERMISSIONS.usuario,
      sectorIds: [A.sector.id, second.id].sort((a, b) => a - b),
    });

    // Barriers: each other socket's first event is a later change of its own user.
    for (const [t, sock] of [
      [A, sameRoleA],
      [B, sameRoleB],
    ] as const) {
      const own = nextEvent<Access>(sock, 'session.permissions');
      const sector = await newSector(s, t.id);
      await s.owner.query('insert into user_sectors (user_id, sector_id) values ($1, $2)', [
        t.users.usuario.id,
        sector.id,
      ]);
      expect((await own).data.sectorIds).toContain(sector.id);
    }
    expect(aHeard).toHaveLength(1);
    expect(bHeard).toHaveLength(1);
    for (const sock of [xSocket, sameRoleA, sameRoleB]) sock.disconnect();
  });
});
