/**
 * An admin (or the superuser) turns off a user's two-step sign-in from the users screens: the lists say
 * who has it on (`twoFactorEnabled`), a non-admin gets 403, another municipality's user 404 (unchanged),
 * and the users rooms (the municipality's admins, the superusers) hear the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { SECURITY_MSG, SUPERUSER_MSG, type LiveEvent, type User } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

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

/** Turns 2FA on for `u` through /perfil's routes (a code of the previous time step, accepted once). */
async function enrol(u: TestUser): Promise<void> {
  const api = await as(u);
  const setup = await api('POST', '/api/auth/2fa/setup');
  const code = await generate({ secret: setup.body.secret, epoch: Math.floor(Date.now() / 1000) - 30 });
  expect((await api('POST', '/api/auth/2fa/enable', { code })).status).toBe(200);
}

const listed = async (admin: TestUser, id: number): Promise<User | undefined> =>
  ((await (await as(admin))('GET', '/api/users')).body.users as User[]).find((u) => u.id === id);
const twoFactorRows = async (id: number) =>
  (await ownerQuery(s, 'select 1 from user_two_factor where user_id = $1', [id])).length;

describe("the municipality's users screen", () => {
  it('lists who has 2FA on; only an admin of the same municipality resets it', async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'usuario' });
    const pending = await newUser(s, { municipalityId: A.id, role: 'visualizador' });
    expect((await listed(A.users.admin, u.id))?.twoFactorEnabled).toBe(false);
    await enrol(u);
    // a secret shown but never confirmed is not "on"
    expect((await (await as(pending))('POST', '/api/auth/2fa/setup')).status).toBe(200);
    expect((await listed(A.users.admin, u.id))?.twoFactorEnabled).toBe(true);
    expect((await listed(A.users.admin, pending.id))?.twoFactorEnabled).toBe(false);

    const path = `/api/users/${u.id}/2fa`;
    const denied = await (await as(A.users.supervisor))('DELETE', path);
    expect(denied.status).toBe(403);
    expect((await (await as(A.users.visualizador))('DELETE', path)).status).toBe(403);
    expect((await (await as(B.users.admin))('DELETE', path)).status).toBe(404);
    expect(await twoFactorRows(u.id)).toBe(1);

    const otherAdmin = await newUser(s, { municipalityId: A.id, role: 'admin' });
    const watcher = await s.socket(await otherAdmin.token());
    const updated = nextEvent<LiveEvent<User>>(watcher, 'user.updated');
    expect((await (await as(A.users.admin))('DELETE', path)).status).toBe(204);
    expect((await updated).data).toMatchObject({ id: u.id, twoFactorEnabled: false });
    expect(await twoFactorRows(u.id)).toBe(0);
    expect((await listed(A.users.admin, u.id))?.twoFactorEnabled).toBe(false);
    const again = await (await as(A.users.admin))('DELETE', path);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(SECURITY_MSG.twoFactorNotEnabled);
    const [log] = await ownerQuery<{ municipality_id: number }>(
      s,
      "select municipality_id from audit_logs where action = 'TWO_FACTOR_RESET' and entity_id = $1",
      [String(u.id)],
    );
    expect(log.municipality_id).toBe(A.id);
  });
});

describe("the superuser's users screen", () => {
  it("shows and resets any user's 2FA, never through a municipal token, never their own", async () => {
    const u = await newUser(s, { municipalityId: B.id, role: 'admin' });
    await enrol(u);
    const su = await as(SU);
    const page = await su('GET', `/api/superuser/users?municipalityId=${B.id}`);
    expect(page.body.users.find((x: User) => x.id === u.id)?.twoFactorEnabled).toBe(true);

    const path = `/api/superuser/users/${u.id}/2fa`;
    expect((await (await as(B.users.admin))('DELETE', path)).status).toBe(403);
    expect((await su('DELETE', '/api/superuser/users/999999/2fa')).status).toBe(404);
    const self = await su('DELETE', `/api/superuser/users/${SU.id}/2fa`);
    expect(self.status).toBe(422);
    expect(self.body.error.message).toBe(SUPERUSER_MSG.selfTwoFactorReset);
    expect(await twoFactorRows(u.id)).toBe(1);

    const bAdmin = await s.socket(await B.users.admin.token());
    const heard = nextEvent<LiveEvent<User>>(bAdmin, 'user.updated');
    const done = await su('DELETE', path);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: u.id, twoFactorEnabled: false });
    expect((await heard).data).toMatchObject({ id: u.id, twoFactorEnabled: false });
    expect((await su('DELETE', path)).status).toBe(404);
    const [log] = await ownerQuery<{ municipality_id: number }>(
      s,
      "select municipality_id from audit_logs where action = 'TWO_FACTOR_RESET' and entity_id = $1",
      [String(u.id)],
    );
    expect(log.municipality_id).toBe(B.id);
  });
});

describe('a user turning their own 2FA on or off', () => {
  it("reaches the municipality's users lists and the superusers live; another municipality hears nothing", async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'usuario' });
    const admin = await s.socket(await A.users.admin.token());
    const su = await s.socket(await SU.token());
    const otherAdmin = await s.socket(await B.users.admin.token());
    let leaked = false;
    otherAdmin.on('user.twoFactor', () => (leaked = true));
    const on = nextEvent<LiveEvent<{ id: number; twoFactorEnabled: boolean }>>(admin, 'user.twoFactor');
    const suOn = nextEvent<LiveEvent<{ id: number; twoFactorEnabled: boolean }>>(su, 'user.twoFactor');
    await enrol(u);
    expect((await on).data).toEqual({ id: u.id, twoFactorEnabled: true });
    expect((await suOn).data).toEqual({ id: u.id, twoFactorEnabled: true });

    const off = nextEvent<LiveEvent<{ id: number; twoFactorEnabled: boolean }>>(admin, 'user.twoFactor');
    const disabled = await (await as(u))('POST', '/api/auth/2fa/disable', { password: u.password });
    expect(disabled.status).toBe(200);
    expect((await off).data).toEqual({ id: u.id, twoFactorEnabled: false });
    expect((await listed(A.users.admin, u.id))?.twoFactorEnabled).toBe(false);
    expect(leaked).toBe(false);
  });
});
