/**
 * /perfil: the own name and avatar (the register's image rules: an image re-encoded, anything else
 * 415), and the active sessions (refresh-token families with device, IP, created, last used):
 * revoke one, or every other at once (their refresh fails, their sockets are disconnected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { SECURITY_MSG } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, type TestTenant } from '../support/factories';

let s: TestServer;
let A: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

const anon = () => client(s.url);

function disconnection(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    if (!socket.connected) return resolve('already disconnected');
    socket.once('disconnect', (reason) => resolve(reason));
  });
}

async function loginFrom(email: string, password: string, userAgent: string) {
  const r = await anon()('POST', '/api/auth/login', { email, password }, { 'user-agent': userAgent });
  expect(r.status).toBe(200);
  return r.body as { token: string; refreshToken: string };
}

async function uploadAvatar(token: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${s.url}/api/auth/avatar`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe('profile', () => {
  it('changes the own name (strict, pt-BR) and the session user follows', async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'visualizador' });
    const api = client(s.url, await u.token());
    expect((await api('PUT', '/api/auth/profile', { name: '  ' })).body.error.fields.name).toBe(
      SECURITY_MSG.nameRequired,
    );
    expect((await api('PUT', '/api/auth/profile', { name: 'X', role: 'admin' })).status).toBe(400);
    const r = await api('PUT', '/api/auth/profile', { name: 'Maria das Dores' });
    expect(r.status).toBe(200);
    expect(r.body.user.name).toBe('Maria das Dores');
    expect((await api('GET', '/api/auth/me')).body.user.name).toBe('Maria das Dores');
  });

  it('an avatar image is re-encoded and served; a file that is not an image is a 415', async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'usuario', sectorIds: [A.sector.id] });
    const token = await u.token();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const refused = await uploadAvatar(token, pdf, 'foto.png', 'image/png');
    expect(refused.status).toBe(415);
    expect(refused.body.error.message).toBe(SECURITY_MSG.avatarNotImage);
    const text = await uploadAvatar(token, Buffer.from('olá'), 'avatar.txt', 'text/plain');
    expect(text.status).toBe(415);

    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const ok = await uploadAvatar(token, png, 'eu.png', 'image/png');
    expect(ok.status).toBe(200);
    expect(ok.body.user.avatarUrl).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.webp$/);
    const img = await fetch(s.url + ok.body.user.avatarUrl);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    // a new avatar replaces the old one, whose address stops working
    const next = await uploadAvatar(token, png, 'eu2.png', 'image/png');
    expect((await fetch(s.url + ok.body.user.avatarUrl)).status).toBe(404);
    expect((await fetch(s.url + next.body.user.avatarUrl)).status).toBe(200);
  });
});

describe('active sessions', () => {
  it('lists the sessions with device and times, revokes one, then all the others at once', async () => {
    const u = await newUser(s, { municipalityId: A.id, role: 'supervisor' });
    const here = await loginFrom(u.email, u.password, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');
    const phone = await loginFrom(u.email, u.password, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1');
    const tablet = await loginFrom(u.email, u.password, 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0');
    const other = await loginFrom(u.email, u.password, 'Mozilla/5.0 (Windows NT 10.0) Edg/120.0');
    const api = client(s.url, here.token);
    // a refresh moves the session's last use, not its creation
    const rotated = await anon()(
      'POST',
      '/api/auth/refresh',
      { refreshToken: phone.refreshToken },
      { 'user-agent': 'Tombo Mobile' },
    );
    expect(rotated.status).toBe(200);

    const list = await api('GET', '/api/auth/sessions');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(4);
    const current = list.body.sessions.filter((x: { current: boolean }) => x.current);
    expect(current).toHaveLength(1);
    expect(current[0].userAgent).toContain('Firefox');
    const phoneRow = list.body.sessions.find((x: { userAgent: string }) => x.userAgent === 'Tombo Mobile');
    expect(phoneRow.ip).toEqual(expect.any(String));
    expect(new Date(phoneRow.lastUsedAt).getTime()).toBeGreaterThan(new Date(phoneRow.createdAt).getTime());
    // each session shows its own first sign-in (not the installation's first): signed in one after another
    const firstSignIn = (agent: string) =>
      new Date(list.body.sessions.find((x: { userAgent: string }) => x.userAgent?.includes(agent)).createdAt).getTime();
    expect(firstSignIn('Firefox')).toBeLessThan(firstSignIn('Android'));
    expect(firstSignIn('Android')).toBeLessThan(firstSignIn('Edg/'));

    // revoke one: the tablet's refresh fails, its socket is cut
    const tabletRow = list.body.sessions.find((x: { userAgent: string }) => x.userAgent?.includes('Android'));
    const tabletSocket = await s.socket(tablet.token);
    const cutTablet = disconnection(tabletSocket);
    expect((await api('DELETE', `/api/auth/sessions/${tabletRow.id}`)).status).toBe(204);
    expect(await cutTablet).toBe('io server disconnect');
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: tablet.refreshToken })).status).toBe(401);
    expect((await api('DELETE', `/api/auth/sessions/${tabletRow.id}`)).status).toBe(404);
    // another user's session is not found
    const stranger = client(s.url, await A.users.admin.token());
    const phoneId = phoneRow.id;
    expect((await stranger('DELETE', `/api/auth/sessions/${phoneId}`)).status).toBe(404);

    // every other at once
    const otherSocket = await s.socket(other.token);
    const hereSocket = await s.socket(here.token);
    const cutOther = disconnection(otherSocket);
    const all = await api('POST', '/api/auth/sessions/revoke-others');
    expect(all.status).toBe(200);
    expect(all.body.revoked).toBe(2);
    expect(await cutOther).toBe('io server disconnect');
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: rotated.body.refreshToken })).status).toBe(401);
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await client(s.url, other.token)('GET', '/api/auth/me')).status).toBe(401);
    expect(hereSocket.connected).toBe(true);
    expect((await api('GET', '/api/auth/sessions')).body.sessions).toHaveLength(1);
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: here.refreshToken })).status).toBe(200);
    hereSocket.disconnect();
  });

  it('the superuser (no municipality) lists and revokes its own sessions, and sees no one else’s', async () => {
    const su = await newUser(s, { municipalityId: null, role: 'superuser' });
    const here = await loginFrom(su.email, su.password, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');
    const other = await loginFrom(su.email, su.password, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1');
    await loginFrom(A.users.admin.email, A.users.admin.password, 'Mozilla/5.0 (Windows NT 10.0) Edg/120.0');
    const api = client(s.url, here.token);
    const list = await api('GET', '/api/auth/sessions');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    const revoked = await api('POST', '/api/auth/sessions/revoke-others');
    expect(revoked.body.revoked).toBe(1);
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: other.refreshToken })).status).toBe(401);
    expect((await api('GET', '/api/auth/sessions')).body.sessions).toHaveLength(1);
  });
});
