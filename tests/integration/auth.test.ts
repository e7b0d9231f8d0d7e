import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD, MSG } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newMunicipality, newTenant, newUser, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

// The demo accounts of the README are tested in demo-seed.test.ts; this suite builds its own world.
let s: TestServer;
/** Own municipality, another one, and a superuser. */
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

const anon = () => client(s.url);
/** A new session of that user (a fresh login, not the user's cached token). */
const login = (u: TestUser, password = u.password) => s.login(u.email, password);

describe('login', () => {
  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrong = await anon()('POST', '/api/auth/login', { email: A.users.admin.email, password: 'errada' });
    const unknown = await anon()('POST', '/api/auth/login', {
      email: 'ninguem@exemplo.gov.br',
      password: 'Tombo@2025',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Credenciais inválidas.' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses unknown fields in the body', async () => {
    const r = await anon()('POST', '/api/auth/login', {
      email: A.users.admin.email,
      password: A.users.admin.password,
      role: 'superuser',
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION');
    expect(r.body.error.fields.role).toBe(MSG.http.unknownField);
  });

  it('locks the account after repeated failures, even for the right password, until an admin unlocks it', async () => {
    const admin = client(s.url, await A.users.admin.token());
    const created = await admin('POST', '/api/users', {
      name: 'Bloqueável',
      email: 'bloq@exemplo.gov.br',
      password: 'Senha@123',
      role: 'usuario',
    });
    expect(created.status).toBe(201);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      expect((await anon()('POST', '/api/auth/login', { email: 'bloq@exemplo.gov.br', password: 'x' })).status).toBe(
        401,
      );
    }
    const locked = await anon()('POST', '/api/auth/login', { email: 'bloq@exemplo.gov.br', password: 'Senha@123' });
    expect(locked.status).toBe(401);
    expect(locked.body.error.message).toBe(MSG.loginFailed);
    const user = await admin('GET', `/api/users/${created.body.id}`);
    expect(user.body.failedLoginAttempts).toBe(LOCKOUT_THRESHOLD);
    expect(new Date(user.body.lockoutUntil).getTime()).toBeGreaterThan(Date.now());

    // a usuario cannot unlock; the admin can
    const usuario = client(s.url, await A.users.usuario.token());
    expect(
      (await usuario('PUT', `/api/users/${created.body.id}`, { lockoutUntil: null, failedLoginAttempts: 0 })).status,
    ).toBe(403);
    const unlocked = await admin('PUT', `/api/users/${created.body.id}`, {
      lockoutUntil: null,
      failedLoginAttempts: 0,
      version: user.body.version,
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.lockoutUntil).toBeNull();
    expect(unlocked.body.failedLoginAttempts).toBe(0);
    expect(
      (await anon()('POST', '/api/auth/login', { email: 'bloq@exemplo.gov.br', password: 'Senha@123' })).status,
    ).toBe(200);

    const logs = await admin('GET', '/api/audit-logs?pageSize=100');
    const actions = logs.body.logs
      .filter((l: { entityId: string }) => l.entityId === String(created.body.id))
      .map((l: { action: string }) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['USER_CREATE', 'USER_LOCKED', 'USER_UNLOCK']));
  });

  it('rate-limits login attempts per IP', async () => {
    const limited = await startTestServer({ loginRateLimitMax: 3 });
    try {
      const m = await newMunicipality(limited);
      const admin = await newUser(limited, { municipalityId: m.id, role: 'admin' });
      const call = client(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await call('POST', '/api/auth/login', { email: admin.email, password: 'x' })).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const last = await call('POST', '/api/auth/login', { email: admin.email, password: admin.password });
      expect(last.body.error.message).toBe(MSG.auth.tooManyAttempts);
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('refuses requests without a token, with a forged one, and with a refresh token as access token', async () => {
    expect((await anon()('GET', '/api/sectors')).status).toBe(401);
    expect((await client(s.url, 'not-a-jwt')('GET', '/api/sectors')).status).toBe(401);
    const { refreshToken } = await login(A.users.admin);
    expect((await client(s.url, refreshToken)('GET', '/api/sectors')).status).toBe(401);
  });

  it('rotates the refresh token, and a reused one revokes the whole family', async () => {
    const first = await login(A.users.supervisor);
    const r1 = await anon()('POST', '/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(r1.status).toBe(200);
    expect(r1.body.token).toBeTypeOf('string');
    expect(r1.body.refreshToken).not.toBe(first.refreshToken);
    expect((await client(s.url, r1.body.token)('GET', '/api/auth/me')).body.user.email).toBe(A.users.supervisor.email);

    // the old token presented again: refused, and the new one stops working too
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: first.refreshToken })).status).toBe(401);
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: r1.body.refreshToken })).status).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const { refreshToken } = await login(A.users.usuario);
    expect((await anon()('POST', '/api/auth/logout', { refreshToken })).status).toBe(204);
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken })).status).toBe(401);
  });
});

describe('passwords', () => {
  it('applies the spec §5 rules with their messages', async () => {
    const admin = client(s.url, await A.users.admin.token());
    const cases: Array<[string, string]> = [
      ['Aa1!', MSG.password.min],
      ['SENHA@123', MSG.password.lower],
      ['senha@123', MSG.password.upper],
      ['Senha@abc', MSG.password.digit],
      ['Senha1234', MSG.password.special],
    ];
    for (const [password, message] of cases) {
      const r = await admin('POST', '/api/users', {
        name: 'X',
        email: `x${password.length}@exemplo.gov.br`,
        password,
        role: 'usuario',
      });
      expect(r.status).toBe(400);
      expect(r.body.error.fields.password).toBe(message);
    }
  });

  it('stores argon2id hashes with m ≥ 19 MiB and t ≥ 2', async () => {
    const [row] = await ownerQuery<{ password_hash: string }>(s, 'select password_hash from users where email = $1', [
      A.users.admin.email,
    ]);
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row.password_hash);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(m![2])).toBeGreaterThanOrEqual(2);
  });

  it("changes one's own password only with the current one", async () => {
    const { token } = await login(A.users.visualizador);
    const me = client(s.url, token);
    const wrong = await me('PUT', '/api/auth/password', { currentPassword: 'errada', password: 'Nova@Senha1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.currentPassword).toBe(MSG.auth.currentPasswordWrong);
    expect(
      (
        await me('PUT', '/api/auth/password', {
          currentPassword: A.users.visualizador.password,
          password: 'Nova@Senha1',
        })
      ).status,
    ).toBe(200);
    expect((await login(A.users.visualizador, 'Nova@Senha1')).user.email).toBe(A.users.visualizador.email);
    await me('PUT', '/api/auth/password', { currentPassword: 'Nova@Senha1', password: A.users.visualizador.password });
  });

  it('forgot + reset: single-use token sent by e-mail (dev outbox), old sessions revoked', async () => {
    const before = await login(A.users.supervisor);
    const forgot = await anon()('POST', '/api/auth/forgot-password', { email: A.users.supervisor.email });
    expect(forgot.status).toBe(200);
    expect(forgot.body.message).toBe(MSG.auth.forgotSent);
    // unknown e-mail: the same answer, no mail
    expect((await anon()('POST', '/api/auth/forgot-password', { email: 'nao@existe.gov.br' })).body).toEqual(
      forgot.body,
    );
    // the mail goes out after the answer: wait (bounded) until it is fully written
    const outbox = path.join(s.ctx.config.dataDir, 'outbox');
    const mailed = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(A.users.supervisor.email)) : []).map(
        (f) => fs.readFileSync(path.join(outbox, f), 'utf8'),
      );
    const link = /redefinir-senha\/([\w-]+)/;
    for (const end = Date.now() + 5000; !mailed().some((m) => link.test(m)) && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 20));
    const files = mailed();
    expect(files).toHaveLength(1);
    const token = link.exec(files[0])![1];

    const weak = await anon()('POST', '/api/auth/reset-password', { token, password: 'fraca' });
    expect(weak.status).toBe(400);
    const ok = await anon()('POST', '/api/auth/reset-password', { token, password: 'Outra@Senha9' });
    expect(ok.status).toBe(200);
    expect(
      (await anon()('POST', '/api/auth/reset-password', { token, password: 'Outra@Senha9' })).body.error.message,
    ).toBe(MSG.auth.resetInvalid);
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: before.refreshToken })).status).toBe(401);
    expect((await login(A.users.supervisor, 'Outra@Senha9')).user.role).toBe('supervisor');
    // put the password back for the other tests
    const su = client(s.url, await SU.token());
    const { version } = (await su('GET', '/api/superuser/users')).body.users.find(
      (u: { id: number }) => u.id === before.user.id,
    );
    expect(
      (await su('PUT', `/api/superuser/users/${before.user.id}`, { password: A.users.supervisor.password, version }))
        .status,
    ).toBe(200);
  });
});

describe('users', () => {
  it('only admin lists the users, and only those of its municipality', async () => {
    const list = await client(s.url, await A.users.admin.token())('GET', '/api/users');
    expect(list.status).toBe(200);
    expect(
      list.body.users.every((u: { municipalityId: number }) => u.municipalityId === list.body.users[0].municipalityId),
    ).toBe(true);
    expect(list.body.users.map((u: { email: string }) => u.email)).not.toContain(B.users.admin.email);
    for (const who of ['supervisor', 'usuario', 'visualizador'] as const) {
      expect((await client(s.url, await A.users[who].token())('GET', '/api/users')).status).toBe(403);
    }
  });

  it("another municipality's user is a 404, and a municipalityId in the body is ignored", async () => {
    const vizinho = client(s.url, await B.users.admin.token());
    const exemploAdmin = (await login(A.users.admin)).user;
    expect((await vizinho('GET', `/api/users/${exemploAdmin.id}`)).status).toBe(404);
    expect((await vizinho('PUT', `/api/users/${exemploAdmin.id}`, { name: 'Hack' })).status).toBe(404);
    expect((await vizinho('DELETE', `/api/users/${exemploAdmin.id}`)).status).toBe(404);
    const created = await vizinho('POST', '/api/users', {
      name: 'Infiltrado',
      email: 'infiltrado@vizinho.gov.br',
      password: 'Senha@123',
      role: 'admin',
      municipalityId: exemploAdmin.municipalityId,
    });
    expect(created.status).toBe(201);
    expect(created.body.municipalityId).not.toBe(exemploAdmin.municipalityId);
  });

  it('an admin cannot create a superuser', async () => {
    const r = await client(s.url, await A.users.admin.token())('POST', '/api/users', {
      name: 'S',
      email: 's2@exemplo.gov.br',
      password: 'Senha@123',
      role: 'superuser',
    });
    expect(r.status).toBe(422);
  });

  it('a user edits their own name but not their role', async () => {
    const { user, token } = await login(A.users.usuario);
    const me = client(s.url, token);
    const { version } = (await me('GET', `/api/users/${user.id}`)).body;
    expect((await me('PUT', `/api/users/${user.id}`, { name: 'Úrsula U.', version })).status).toBe(200);
    expect((await me('PUT', `/api/users/${user.id}`, { role: 'admin', version: version + 1 })).status).toBe(403);
    expect((await me('GET', `/api/users/${user.id}`)).body.role).toBe('usuario');
  });

  it('a stale version is a 409 and nothing changes', async () => {
    const admin = client(s.url, await A.users.admin.token());
    const created = await admin('POST', '/api/users', {
      name: 'Versão',
      email: 'versao@exemplo.gov.br',
      password: 'Senha@123',
      role: 'visualizador',
    });
    const v = created.body.version;
    expect((await admin('PUT', `/api/users/${created.body.id}`, { name: 'Primeira', version: v })).status).toBe(200);
    const stale = await admin('PUT', `/api/users/${created.body.id}`, { name: 'Segunda', version: v });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MSG.http.conflict);
    expect((await admin('GET', `/api/users/${created.body.id}`)).body.name).toBe('Primeira');
  });
});

describe('superuser API', () => {
  it('is closed to everyone but the superuser, and role permissions are stored with the spec defaults', async () => {
    expect((await client(s.url, await A.users.admin.token())('GET', '/api/superuser/permissions')).status).toBe(403);
    const su = client(s.url, await SU.token());
    const perms = await su('GET', '/api/superuser/permissions');
    expect(perms.status).toBe(200);
    const visualizador = perms.body.roles.find((r: { role: string }) => r.role === 'visualizador');
    expect(visualizador.permissions).toContain('bens:read');
    expect(visualizador.permissions).not.toContain('bens:create');
    // the superuser has no municipality: the main-area API is closed to it
    expect((await su('GET', '/api/sectors')).status).toBe(403);
  });

  it('a permission taken from a role is enforced at once', async () => {
    const su = client(s.url, await SU.token());
    const perms = (await su('GET', '/api/superuser/permissions')).body.roles.find(
      (r: { role: string }) => r.role === 'visualizador',
    ).permissions;
    const vis = client(s.url, await A.users.visualizador.token());
    expect((await vis('GET', '/api/locais')).status).toBe(200);
    expect(
      (
        await su('PUT', '/api/superuser/permissions/visualizador', {
          permissions: perms.filter((p: string) => p !== 'locais:read'),
        })
      ).status,
    ).toBe(200);
    expect((await vis('GET', '/api/locais')).status).toBe(403);
    expect(
      (await su('PUT', '/api/superuser/permissions/visualizador', { permissions: [...perms, 'nao:existe'] })).status,
    ).toBe(400);
    await su('PUT', '/api/superuser/permissions/visualizador', { permissions: perms });
    expect((await vis('GET', '/api/locais')).status).toBe(200);
  });
});
