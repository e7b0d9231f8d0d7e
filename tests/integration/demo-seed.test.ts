/**
 * The demo data of the README (server/src/db/seed.ts): the one suite that runs on the demo seed,
 * because the seed itself is what it checks. Every other suite builds its own world with the factories.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({}, { seed: true });
});
afterAll(async () => {
  await s?.close();
});

const anon = () => client(s.url);

describe('demo seed', () => {
  it('answers user, token and refresh token for each demo account', async () => {
    for (const [role, email] of Object.entries(DEMO)) {
      const r = await anon()('POST', '/api/auth/login', { email, password: 'Tombo@2025' });
      expect(r.status).toBe(200);
      expect(r.body.user.email).toBe(email);
      expect(r.body.user.role).toBe(role === 'vizinho' ? 'admin' : role);
      expect(r.body.token).toBeTypeOf('string');
      expect(r.body.refreshToken).toBeTypeOf('string');
      expect(r.body.user).not.toHaveProperty('passwordHash');
    }
  });
});
