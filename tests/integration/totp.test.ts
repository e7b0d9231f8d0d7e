/**
 * Two-step sign-in (TOTP, RFC 6238): enrol from /perfil (secret shown once, confirmed by a code),
 * sign-in in two steps, a wrong code is a 401 counted toward the lockout, recovery codes are
 * single-use and regenerable, disabling needs the password, and a municipality that requires 2FA
 * for admins takes an admin without it through enrolment before any session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { SECURITY_MSG } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let A: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

/** A code of the secret for the time step `k` steps from now (each code is accepted once). */
const codeAt = (secret: string, k: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * k });
const anon = () => client(s.url);
const login = (u: TestUser) => anon()('POST', '/api/auth/login', { email: u.email, password: u.password });

/** Enables 2FA for `u` through /perfil's routes; returns the secret and the recovery codes. */
async function enrol(u: TestUser) {
  const api = client(s.url, await u.token());
  const setup = await api('POST', '/api/auth/2fa/setup');
  expect(setup.status).toBe(200);
  expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Tombo:.*secret=/);
  expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
  const wrong = await api('POST', '/api/auth/2fa/enable', { code: '000000' });
  expect(wrong.status).toBe(400);
  const on = await api('POST', '/api/auth/2fa/enable', { code: await codeAt(setup.body.secret, -1) });
  expect(on.status).toBe(200);
  expect(on.body.recoveryCodes).toHaveLength(10);
  return { secret: setup.body.secret as string, recoveryCodes: on.body.recoveryCodes as string[] };
}

describe('enrol and sign in', () => {
  it('the secret is stored encrypted and never returned again; sign-in takes two steps', async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'admin' });
    const { secret } = await enrol(u);
    const [row] = await ownerQuery<{ secret_enc: string }>(
      s,
      'select secret_enc from user_two_factor where user_id = $1',
      [u.id],
    );
    expect(row.secret_enc).not.toContain(secret);
    const status = await client(s.url, await u.token())('GET', '/api/auth/2fa');
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    expect((await client(s.url, await u.token())('POST', '/api/auth/2fa/setup')).status).toBe(409);

    const first = await login(u);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactor: 'verify', expiresIn: 300 });
    expect(first.body.token).toBeUndefined();
    const done = await anon()('POST', '/api/auth/2fa/verify', {
      challengeToken: first.body.challengeToken,
      code: await codeAt(secret, 0),
    });
    expect(done.status).toBe(200);
    expect(done.body.user.id).toBe(u.id);
    expect((await client(s.url, done.body.token)('GET', '/api/auth/me')).status).toBe(200);
    // the challenge is single-use, and so is the code
    const again = await anon()('POST', '/api/auth/2fa/verify', {
      challengeToken: first.body.challengeToken,
      code: await codeAt(secret, 1),
    });
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe(SECURITY_MSG.challengeInvalid);
    const replay = await anon()('POST', '/api/auth/2fa/verify', {
      challengeToken: (await login(u)).body.challengeToken,
      code: await codeAt(secret, 0),
    });
    expect(replay.status).toBe(401);
  });

  it('a wrong code is a 401 that counts toward the lockout', async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'usuario' });
    const { secret } = await enrol(u);
    await ownerQuery(s, 'update users set failed_login_attempts = 0 where id = $1', [u.id]);
    let challengeToken = (await login(u)).body.challengeToken;
    for (let i = 0; i < 5; i++) {
      const r = await anon()('POST', '/api/auth/2fa/verify', { challengeToken, code: '000001' });
      expect(r.status).toBe(401);
      if (i === 0) expect(r.body.error.message).toBe(SECURITY_MSG.codeWrong);
    }
    const [row] = await ownerQuery<{ failed_login_attempts: number; lockout_until: Date | null }>(
      s,
      'select failed_login_attempts, lockout_until from users where id = $1',
      [u.id],
    );
    expect(row.failed_login_attempts).toBe(5);
    expect(row.lockout_until).not.toBeNull();
    // locked: the right code no longer helps, nor does the password step
    const locked = await anon()('POST', '/api/auth/2fa/verify', { challengeToken, code: await codeAt(secret, 0) });
    expect(locked.status).toBe(401);
    expect((await login(u)).status).toBe(401);
    await ownerQuery(s, 'update users set lockout_until = null, failed_login_attempts = 0 where id = $1', [u.id]);
    challengeToken = (await login(u)).body.challengeToken;
    const ok = await anon()('POST', '/api/auth/2fa/verify', { challengeToken, code: await codeAt(secret, 0) });
    expect(ok.status).toBe(200);
    const audit = await ownerQuery(
      s,
      `select 1 from audit_logs where action = 'TWO_FACTOR_FAILED' and entity_id = $1`,
      [String(u.id)],
    );
    expect(audit.length).toBe(5);
  });

  it('a recovery code signs in once; new codes replace the old; disabling needs the password', async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'supervisor' });
    const { recoveryCodes } = await enrol(u);
    const use = async (code: string) =>
      anon()('POST', '/api/auth/2fa/verify', {
        challengeToken: (await login(u)).body.challengeToken,
        recoveryCode: code,
      });
    expect((await use(recoveryCodes[0].toUpperCase())).status).toBe(200);
    expect((await use(recoveryCodes[0])).status).toBe(401);
    const api = client(s.url, await u.token());
    expect((await api('GET', '/api/auth/2fa')).body.recoveryCodesLeft).toBe(9);

    const wrongPw = await api('POST', '/api/auth/2fa/recovery-codes', { password: 'Errada@123' });
    expect(wrongPw.status).toBe(400);
    expect(wrongPw.body.error.fields.password).toBe(SECURITY_MSG.passwordWrong);
    const fresh = await api('POST', '/api/auth/2fa/recovery-codes', { password: u.password });
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect((await use(recoveryCodes[1])).status).toBe(401);
    expect((await use(fresh.body.recoveryCodes[0])).status).toBe(200);

    expect((await api('POST', '/api/auth/2fa/disable', {})).status).toBe(400);
    const off = await api('POST', '/api/auth/2fa/disable', { password: u.password });
    expect(off.status).toBe(200);
    const plain = await login(u);
    expect(plain.body.token).toEqual(expect.any(String));
    expect(plain.body.twoFactor).toBeUndefined();
  });
});

describe('required for admins', () => {
  it('an admin without 2FA enrols before getting a session; other roles sign in as before; it cannot be disabled', async () => {
    const T = await newTenant(s);
    const admin = await client(s.url, await T.users.admin.token());
    const cur = await admin('GET', '/api/security/policy');
    expect(
      (
        await admin('PUT', '/api/security/policy', {
          ...cur.body.policy,
          requireTwoFactorForAdmins: true,
          version: cur.body.version,
        })
      ).status,
    ).toBe(200);

    const other = await login(T.users.supervisor);
    expect(other.body.token).toEqual(expect.any(String));

    const u = T.users.admin;
    const first = await login(u);
    expect(first.body).toMatchObject({ twoFactor: 'enrol' });
    expect(first.body.token).toBeUndefined();
    // a verify step cannot be taken with an enrol challenge
    expect(
      (await anon()('POST', '/api/auth/2fa/verify', { challengeToken: first.body.challengeToken, code: '123456' }))
        .status,
    ).toBe(401);
    const setup = await anon()('POST', '/api/auth/2fa/enrol/setup', { challengeToken: first.body.challengeToken });
    expect(setup.status).toBe(200);
    const bad = await anon()('POST', '/api/auth/2fa/enrol/confirm', {
      challengeToken: first.body.challengeToken,
      code: '000001',
    });
    expect(bad.status).toBe(401);
    const done = await anon()('POST', '/api/auth/2fa/enrol/confirm', {
      challengeToken: first.body.challengeToken,
      code: await codeAt(setup.body.secret, 0),
    });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.token).toEqual(expect.any(String));
    const api = client(s.url, done.body.token);
    expect((await api('GET', '/api/auth/2fa')).body).toMatchObject({ enabled: true, required: true });
    const off = await api('POST', '/api/auth/2fa/disable', { password: u.password });
    expect(off.status).toBe(409);
    expect(off.body.error.message).toBe(SECURITY_MSG.twoFactorRequiredForAdmin);
    // the next sign-in asks for a code
    expect((await login(u)).body.twoFactor).toBe('verify');
  });
});

describe("an admin resets a user's 2FA", () => {
  it('the user signs in with the password again; another municipality is a 404, a supervisor 403', async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'visualizador' });
    await enrol(u);
    expect((await login(u)).body.twoFactor).toBe('verify');
    const B = await newTenant(s);
    expect((await client(s.url, await B.users.admin.token())('DELETE', `/api/users/${u.id}/2fa`)).status).toBe(404);
    expect((await client(s.url, await A.users.supervisor.token())('DELETE', `/api/users/${u.id}/2fa`)).status).toBe(
      403,
    );
    const api = client(s.url, await A.users.admin.token());
    expect((await api('DELETE', `/api/users/${u.id}/2fa`)).status).toBe(204);
    expect((await api('DELETE', `/api/users/${u.id}/2fa`)).status).toBe(404);
    expect((await login(u)).body.token).toEqual(expect.any(String));
  });
});
