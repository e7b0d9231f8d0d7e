// Security review: no secret reaches the log of a real server process (the production bundle) at
// LOG_LEVEL=debug. A password reset and an invitation go through the dev outbox (no SMTP_URL), their
// links are opened and used, then a login and a refresh: none of the tokens, links or new passwords
// is in the output, and each mail shows up only as its short "gravado em outbox/…" line.
// Also TRUST_PROXY=false: a spoofed X-Forwarded-For from loopback shares the caller's rate-limit bucket.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyOf } from '../../server/src/config';
import { createMigratedDatabase, dropDatabase } from '../../server/src/db/test-database';
import { buildBundle, killAll, startProcess, tempDir, waitHealthy, type Proc } from '../support/processes';

const PORT = 3351;
const url = `http://127.0.0.1:${PORT}`;
const procs: Proc[] = [];
const dirs: string[] = [];
let databaseUrl: string | undefined;

beforeAll(async () => {
  buildBundle();
  if (process.env.DATABASE_URL) databaseUrl = await createMigratedDatabase(process.env.DATABASE_URL);
}, 180_000);
afterAll(async () => {
  killAll(procs);
  if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** Starts the bundle on PORT in a fresh DATA_DIR, at LOG_LEVEL=debug, and waits for it. */
async function start(env: Record<string, string>): Promise<{ p: Proc; dataDir: string }> {
  const dataDir = tempDir('tombo-log-redaction-');
  dirs.push(dataDir);
  const p = startProcess('main', {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    REDIS_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'debug',
    LOGIN_RATE_LIMIT_MAX: '100000',
    ...env,
  });
  procs.push(p);
  await waitHealthy(p, `${url}/api/health`);
  return { p, dataDir };
}

async function stop(p: Proc): Promise<void> {
  p.child.kill('SIGTERM');
  await p.exited;
}

async function post<T = Record<string, unknown>>(
  route: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

interface Session {
  token: string;
  refreshToken: string;
}

async function signIn(email: string, password: string): Promise<Session> {
  const r = await post<Session>('/api/auth/login', { email, password });
  expect(r.status, `login ${email}`).toBe(200);
  expect(r.body.token).toBeTruthy();
  expect(r.body.refreshToken).toBeTruthy();
  return r.body;
}

/** The outbox mail to `to` (its file name and set-password token), waited for until fully written. */
async function mailTo(dataDir: string, to: string): Promise<{ file: string; token: string }> {
  const outbox = path.join(dataDir, 'outbox');
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(`-${to}.txt`)) : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(outbox, file), 'utf8');
      const m = /\/(?:redefinir|criar)-senha\/([\w-]+)\n/.exec(text);
      if (m && text.endsWith('.\n')) return { file, token: m[1] }; // written to its last line
    }
  }
  throw new Error(
    `no mail to ${to} in ${outbox}: ${fs.existsSync(outbox) ? fs.readdirSync(outbox).join(', ') : 'none'}`,
  );
}

/** Opens the mailed link as the browser would (the client's page: it is in the access log at debug). */
async function openLink(token: string): Promise<void> {
  await (await fetch(`${url}/redefinir-senha/${token}`)).arrayBuffer();
}

describe('log redaction (no SMTP_URL, LOG_LEVEL=debug)', () => {
  it('reset, invitation, login and refresh: no token, link, body nor new password in the log', async () => {
    const { p, dataDir } = await start({ DATABASE_URL: databaseUrl ?? '', SEED_DEMO: 'always' });
    const secrets: Record<string, string> = {};

    // Password reset of a demo user: forgot → token from the outbox → the link opened → reset → login.
    const user = 'usuario@exemplo.gov.br';
    expect((await post('/api/auth/forgot-password', { email: user })).status).toBe(200);
    const reset = await mailTo(dataDir, user);
    secrets.resetToken = reset.token;
    await openLink(reset.token);
    secrets.resetPassword = 'Redefinida@2026';
    expect(
      (await post('/api/auth/reset-password', { token: reset.token, password: secrets.resetPassword })).status,
    ).toBe(200);
    const us = await signIn(user, secrets.resetPassword);
    secrets.userAccess = us.token;
    secrets.userRefresh = us.refreshToken;

    // Invitation: the superuser onboards a municipality with its first admin, who sets a password and signs in.
    const su = await signIn('superuser@tombo.gov.br', 'Tombo@2025');
    secrets.superuserAccess = su.token;
    secrets.superuserRefresh = su.refreshToken;
    const k = Date.now().toString(36);
    const admin = `ana.${k}@prefeitura.gov.br`;
    const created = await post(
      '/api/superuser/municipalities',
      {
        name: `Prefeitura de Teste ${k}`,
        uf: 'SP',
        codigoIbge: `35${String(Date.now() % 100_000).padStart(5, '0')}`,
        cnpj: '11.222.333/0001-81',
        slug: `teste-${k}`,
        admin: { name: 'Ana Administradora', email: admin },
      },
      su.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const invite = await mailTo(dataDir, admin);
    secrets.invitationToken = invite.token;
    await openLink(invite.token);
    secrets.invitedPassword = 'Prefeitura@2026';
    expect(
      (await post('/api/auth/reset-password', { token: invite.token, password: secrets.invitedPassword })).status,
    ).toBe(200);
    const ad = await signIn(admin, secrets.invitedPassword);
    secrets.adminAccess = ad.token;
    secrets.adminRefresh = ad.refreshToken;

    // A refresh: the presented and the rotated refresh token, and the new access token.
    const rotated = await post<Session>('/api/auth/refresh', { refreshToken: us.refreshToken });
    expect(rotated.status).toBe(200);
    secrets.rotatedAccess = rotated.body.token;
    secrets.rotatedRefresh = rotated.body.refreshToken;
    expect(
      (await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${rotated.body.token}` } })).status,
    ).toBe(200);

    await stop(p);
    const log = p.log();
    // the process logged at debug (the access log of the requests above), so the scan means something
    expect(log).toContain('"url":"/api/auth/reset-password"');
    expect(log).toContain('"url":"/redefinir-senha/');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(7);
      expect(log.includes(secret), `${name} is in the log`).toBe(false);
    }
    // nor the mails' bodies: each mail is one short line naming its outbox file
    expect(log).not.toContain('Para criar uma nova senha');
    expect(log).not.toContain('Para criar a sua senha');
    expect(log).toContain(`e-mail para ${user} gravado em outbox/${reset.file}`);
    expect(log).toContain(`e-mail para ${admin} gravado em outbox/${invite.file}`);
  }, 120_000);
});

describe('TRUST_PROXY', () => {
  /** GET a public route from loopback, with an optional X-Forwarded-For: the budget left in its bucket. */
  const remaining = async (forwardedFor?: string) => {
    const res = await fetch(`${url}/api/public/municipios`, {
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    await res.arrayBuffer();
    return res.headers.get('ratelimit-remaining');
  };

  it('is parsed into the values Express means: booleans, a hop count, else addresses', () => {
    expect([undefined, '', 'false', 'FALSE', 'true', '1', '10.0.0.0/8, loopback'].map(trustProxyOf)).toEqual([
      'loopback',
      'loopback',
      false,
      false,
      true,
      1,
      '10.0.0.0/8, loopback',
    ]);
  });

  it('false: a spoofed X-Forwarded-For from loopback shares the caller’s bucket; loopback (default): its own', async () => {
    const limits = { DATABASE_URL: databaseUrl ?? '', SEED_DEMO: 'never', PUBLIC_RATE_LIMIT_MAX: '5' };
    const off = await start({ ...limits, TRUST_PROXY: 'false' });
    expect(await remaining()).toBe('4');
    expect(await remaining('203.0.113.7')).toBe('3');
    await stop(off.p);

    const loopback = await start(limits);
    expect(await remaining()).toBe('4');
    expect(await remaining('203.0.113.7')).toBe('4');
    await stop(loopback.p);
  }, 180_000);
});
