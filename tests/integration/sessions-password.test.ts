/**
 * Changing one's own password ends every other session (refresh tokens, access tokens, sockets)
 * and keeps the caller's; wrong current passwords count toward the lockout and the per-IP limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { LOCKOUT_THRESHOLD, MSG } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newMunicipality, newTenant, newUser as newTestUser, type TestTenant } from '../support/factories';

let s: TestServer;
/** Own municipality: its admin reads the users' lockout state. */
let A: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

const PASSWORD = 'Senha@123';
let seq = 0;
/** A new visualizador of A, made by its admin, whose password is PASSWORD. */
async function newUser(): Promise<{ id: number; email: string }> {
  const email = `sessao${++seq}@exemplo.gov.br`;
  const r = await client(s.url, await A.users.admin.token())('POST', '/api/users', {
    name: `Sessão ${seq}`,
    email,
    password: PASSWORD,
    role: 'visualizador',
  });
  expect(r.status).toBe(201);
  return { id: r.body.id, email };
}

/** Resolves with the disconnect reason; rejects if the socket is still connected after `ms`. */
function disconnection(socket: Socket, ms = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('already disconnected');
    const timer = setTimeout(() => reject(new Error('socket still connected')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const anon = () => client(s.url);

describe("changing one's own password", () => {
  it('ends the other sessions (refresh, access token, socket) and keeps the current one', async () => {
    const u = await newUser();
    const here = await s.login(u.email, PASSWORD);
    const elsewhere = await s.login(u.email, PASSWORD);
    const herSocket = await s.socket(here.token);
    const otherSocket = await s.socket(elsewhere.token);
    const cut = disconnection(otherSocket);

    const changed = await client(s.url, here.token)('PUT', '/api/auth/password', {
      currentPassword: PASSWORD,
      password: 'Nova@Senha1',
    });
    expect(changed.status).toBe(200);

    expect(await cut).toBe('io server disconnect');
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: elsewhere.refreshToken })).status).toBe(401);
    expect((await client(s.url, elsewhere.token)('GET', '/api/auth/me')).status).toBe(401);

    expect((await client(s.url, here.token)('GET', '/api/auth/me')).status).toBe(200);
    const renewed = await anon()('POST', '/api/auth/refresh', { refreshToken: here.refreshToken });
    expect(renewed.status).toBe(200);
    expect((await client(s.url, renewed.body.token)('GET', '/api/auth/me')).body.user.email).toBe(u.email);
    expect(herSocket.connected).toBe(true);
  });
});

describe('wrong current passwords', () => {
  it('lock the account like wrong logins, after which even the right one is refused', async () => {
    const u = await newUser();
    const { token } = await s.login(u.email, PASSWORD);
    const me = client(s.url, token);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      const wrong = await me('PUT', '/api/auth/password', { currentPassword: `errada${i}`, password: 'Nova@Senha1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.fields.currentPassword).toBe(MSG.auth.currentPasswordWrong);
    }
    const right = await me('PUT', '/api/auth/password', { currentPassword: PASSWORD, password: 'Nova@Senha1' });
    expect(right.status).toBe(400);
    expect(right.body.error.fields.currentPassword).toBe(MSG.auth.currentPasswordWrong);
    // the same counter as logins: the account is locked for them too, and the password unchanged
    const login = await anon()('POST', '/api/auth/login', { email: u.email, password: PASSWORD });
    expect(login.status).toBe(401);
    const row = (await client(s.url, await A.users.admin.token())('GET', `/api/users/${u.id}`)).body;
    expect(row.failedLoginAttempts).toBe(LOCKOUT_THRESHOLD);
    expect(new Date(row.lockoutUntil).getTime()).toBeGreaterThan(Date.now());
  });

  it('a right one resets the count, as a successful login does', async () => {
    const u = await newUser();
    const me = client(s.url, (await s.login(u.email, PASSWORD)).token);
    for (let i = 0; i < LOCKOUT_THRESHOLD - 1; i++)
      expect((await me('PUT', '/api/auth/password', { currentPassword: 'x', password: 'Nova@Senha1' })).status).toBe(
        400,
      );
    const admin = client(s.url, await A.users.admin.token());
    expect((await admin('GET', `/api/users/${u.id}`)).body.failedLoginAttempts).toBe(LOCKOUT_THRESHOLD - 1);
    expect((await me('PUT', '/api/auth/password', { currentPassword: PASSWORD, password: 'Nova@Senha1' })).status).toBe(
      200,
    );
    expect((await admin('GET', `/api/users/${u.id}`)).body.failedLoginAttempts).toBe(0);
  });

  it('share the per-IP attempt limit with logins', async () => {
    const limited = await startTestServer({ loginRateLimitMax: 3 });
    try {
      const m = await newMunicipality(limited);
      const visualizador = await newTestUser(limited, { municipalityId: m.id, role: 'visualizador' });
      // one login (1 of 3)
      const me = client(limited.url, (await limited.login(visualizador.email, visualizador.password)).token);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await me('PUT', '/api/auth/password', { currentPassword: 'x', password: 'Nova@Senha1' })).status,
        );
      expect(statuses).toEqual([400, 400, 429]);
      const last = await me('PUT', '/api/auth/password', { currentPassword: 'x', password: 'Nova@Senha1' });
      expect(last.body.error.message).toBe(MSG.auth.tooManyAttempts);
      const login = await client(limited.url)('POST', '/api/auth/login', { email: visualizador.email, password: 'x' });
      expect(login.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
