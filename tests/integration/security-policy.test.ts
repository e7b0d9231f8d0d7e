/**
 * /configuracoes/seguranca: the municipality's security policy is read by admins and supervisors,
 * written by admins only (versioned, audited, live), and enforced on every password set (user
 * creation, admin change, reset link, own change) and on the lockout (threshold, duration, manual).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_POLICY, MSG, SECURITY_MSG, type SecurityPolicy } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, ownerQuery, type TestTenant } from '../support/factories';

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

const adminOf = async (t: TestTenant) => client(s.url, await t.users.admin.token());

async function setPolicy(t: TestTenant, patch: Partial<SecurityPolicy>) {
  const api = await adminOf(t);
  const cur = await api('GET', '/api/security/policy');
  expect(cur.status).toBe(200);
  const r = await api('PUT', '/api/security/policy', { ...cur.body.policy, ...patch, version: cur.body.version });
  expect(r.status).toBe(200);
  return r.body;
}

const login = (email: string, password: string) => client(s.url)('POST', '/api/auth/login', { email, password });

describe('the policy screen', () => {
  it('starts at the defaults; supervisors read it, only admins write it; a stale version is a 409', async () => {
    const sup = client(s.url, await A.users.supervisor.token());
    const read = await sup('GET', '/api/security/policy');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ policy: DEFAULT_SECURITY_POLICY, version: 0 });
    expect((await sup('PUT', '/api/security/policy', { ...read.body.policy, version: 0 })).status).toBe(403);
    const usuario = client(s.url, await A.users.usuario.token());
    expect((await usuario('GET', '/api/security/policy')).status).toBe(403);

    const saved = await setPolicy(A, { passwordMinLength: 12, idleTimeoutMinutes: 15 });
    expect(saved).toMatchObject({ version: 1, policy: { passwordMinLength: 12, idleTimeoutMinutes: 15 } });
    const api = await adminOf(A);
    const stale = await api('PUT', '/api/security/policy', { ...saved.policy, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(SECURITY_MSG.policyConflict);
    // B is untouched; every user of A gets the idle timeout
    expect((await (await adminOf(B))('GET', '/api/security/policy')).body.version).toBe(0);
    const mine = await client(s.url, await A.users.visualizador.token())('GET', '/api/security/session-policy');
    expect(mine.body).toEqual({ idleTimeoutMinutes: 15, passwordMinLength: 12 });

    const audit = await ownerQuery(
      s,
      `select details from audit_logs where action = 'SECURITY_POLICY_UPDATE' and municipality_id = $1`,
      [A.id],
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses a policy weaker than spec §5 or out of range, in pt-BR, strictly', async () => {
    const api = await adminOf(B);
    const base = { ...DEFAULT_SECURITY_POLICY, version: 0 };
    const weak = await api('PUT', '/api/security/policy', { ...base, passwordMinLength: 6 });
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.passwordMinLength).toBe(SECURITY_MSG.minLengthRange);
    const idle = await api('PUT', '/api/security/policy', { ...base, idleTimeoutMinutes: 1 });
    expect(idle.body.error.fields.idleTimeoutMinutes).toBe(SECURITY_MSG.idleRange);
    expect((await api('PUT', '/api/security/policy', { ...base, requireUppercase: false })).status).toBe(400);
  });
});

describe('passwords meet the policy wherever they are set', () => {
  it('user creation, an admin change, the own change and the reset link refuse a weak password with the policy message', async () => {
    await setPolicy(A, { passwordMinLength: 12 });
    const msg = SECURITY_MSG.minLength(12);
    const api = await adminOf(A);
    const created = await api('POST', '/api/users', {
      name: 'Curta',
      email: `curta.${Date.now()}@exemplo.gov.br`,
      password: 'Curta@123',
      role: 'visualizador',
    });
    expect(created.status).toBe(400);
    expect(created.body.error.fields.password).toBe(msg);
    const ok = await api('POST', '/api/users', {
      name: 'Longa',
      email: `longa.${Date.now()}@exemplo.gov.br`,
      password: 'Senha@Longa123',
      role: 'visualizador',
    });
    expect(ok.status).toBe(201);
    const changed = await api('PUT', `/api/users/${ok.body.id}`, { password: 'Curta@123', version: ok.body.version });
    expect(changed.status).toBe(400);
    expect(changed.body.error.fields.password).toBe(msg);

    const own = await client(s.url, await A.users.supervisor.token())('PUT', '/api/auth/password', {
      currentPassword: A.users.supervisor.password,
      password: 'Curta@123',
    });
    expect(own.status).toBe(400);
    expect(own.body.error.fields.password).toBe(msg);

    // the reset link: a token inserted as the mail would carry it
    const { createHash } = await import('node:crypto');
    const token = 'reset-token-for-policy-test-0123456789';
    await ownerQuery(
      s,
      `insert into password_reset_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '10 minutes')`,
      [A.users.visualizador.id, createHash('sha256').update(token).digest('hex')],
    );
    const reset = await client(s.url)('POST', '/api/auth/reset-password', { token, password: 'Curta@123' });
    expect(reset.status).toBe(400);
    expect(reset.body.error.message).toBe(msg);
    const good = await client(s.url)('POST', '/api/auth/reset-password', { token, password: 'Senha@Longa123' });
    expect(good.status).toBe(200);
    // the spec §5 rules stay: 12 characters without a digit are still refused
    const noDigit = await api('POST', '/api/users', {
      name: 'Sem',
      email: `sem.${Date.now()}@exemplo.gov.br`,
      password: 'SenhaLonga@@@',
      role: 'visualizador',
    });
    expect(noDigit.body.error.fields.password).toBe(MSG.password.digit);
  });
});

describe('lockout follows the policy', () => {
  it('locks at the policy threshold for its duration', async () => {
    await setPolicy(B, { lockoutThreshold: 3, lockoutMinutes: 7 });
    const u = await newUser(s, { municipalityId: B.id, role: 'visualizador' });
    for (let i = 0; i < 2; i++) expect((await login(u.email, 'Errada@123')).status).toBe(401);
    let [row] = await ownerQuery<{ lockout_until: Date | null }>(s, 'select lockout_until from users where id = $1', [
      u.id,
    ]);
    expect(row.lockout_until).toBeNull();
    expect((await login(u.email, 'Errada@123')).status).toBe(401);
    [row] = await ownerQuery(s, 'select lockout_until from users where id = $1', [u.id]);
    const minutes = (new Date(row.lockout_until!).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(6);
    expect(minutes).toBeLessThanOrEqual(7);
    // locked: even the right password fails; once the time has passed the lock ends by itself
    expect((await login(u.email, u.password)).status).toBe(401);
    await ownerQuery(s, `update users set lockout_until = now() - interval '1 second' where id = $1`, [u.id]);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it('duration 0 locks until an admin unlocks', async () => {
    await setPolicy(B, { lockoutThreshold: 3, lockoutMinutes: 0 });
    const u = await newUser(s, { municipalityId: B.id, role: 'visualizador' });
    for (let i = 0; i < 3; i++) await login(u.email, 'Errada@123');
    const [row] = await ownerQuery<{ lockout_until: Date }>(s, 'select lockout_until from users where id = $1', [u.id]);
    expect(new Date(row.lockout_until).getUTCFullYear()).toBe(9999);
    expect((await login(u.email, u.password)).status).toBe(401);
    const api = await adminOf(B);
    const cur = await api('GET', `/api/users/${u.id}`);
    const unlock = await api('PUT', `/api/users/${u.id}`, {
      lockoutUntil: null,
      failedLoginAttempts: 0,
      version: cur.body.version,
    });
    expect(unlock.status).toBe(200);
    expect((await login(u.email, u.password)).status).toBe(200);
  });
});
