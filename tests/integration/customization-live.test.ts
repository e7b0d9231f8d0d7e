/**
 * Login pages have no token: they connect to the anonymous namespace (PUBLIC_NAMESPACE), whose only room
 * is the installation's login customization. They hear a change of it (without who made it) and nothing
 * of any municipality: not its events, not its own customization.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { PUBLIC_NAMESPACE, type LiveEvent } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let A: TestTenant;
let SU: TestUser;
const opened: Socket[] = [];
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
});
afterAll(async () => {
  for (const socket of opened) socket.disconnect();
  await s?.close();
});

/** A socket without any token, as the login page opens it. */
function anonymous(namespace: string): Promise<Socket> {
  const socket = connect(`${s.url}${namespace}`, { transports: ['websocket'], reconnection: false, forceNew: true });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const as = async (u: TestUser) => client(s.url, await u.token());

describe('the anonymous namespace', () => {
  it('is the only way in without a token', async () => {
    await expect(anonymous('/')).rejects.toThrow('unauthorized');
    await expect(anonymous('/admin')).rejects.toThrow(/namespace/i);
    expect((await anonymous(PUBLIC_NAMESPACE)).connected).toBe(true);
  });

  it('hears the login customization change, without the actor, and nothing from a municipality room', async () => {
    const page = await anonymous(PUBLIC_NAMESPACE);
    const heard: Array<{ name: string; event: LiveEvent }> = [];
    page.onAny((name: string, event: LiveEvent) => heard.push({ name, event }));
    const member = await s.socket(await A.users.visualizador.token());

    // a municipality's own changes reach its members only
    const sector = nextEvent(member, 'sector.created');
    await (
      await as(A.users.admin)
    )('POST', '/api/sectors', { name: 'Setor Fechado', code: 'SF' });
    await sector;
    const own = nextEvent<LiveEvent<{ scope: string }>>(member, 'customization.updated');
    await (
      await as(A.users.admin)
    )('PUT', '/api/customization', { primaryColor: '#224466' });
    expect((await own).data.scope).toBe('municipality');

    // the installation's change reaches the login page (and the members), after the ones above
    const installation = nextEvent<LiveEvent<{ scope: string }>>(page, 'customization.updated');
    const memberToo = nextEvent<LiveEvent<{ scope: string }>>(member, 'customization.updated');
    expect((await (await as(SU))('PUT', '/api/customization', { welcomeTitle: 'Nova entrada' })).status).toBe(200);
    const event = await installation;
    expect(event).toMatchObject({ municipalityId: null, actor: null, data: { scope: 'global' } });
    expect((await memberToo).actor?.id).toBe(SU.id);
    expect(heard.map((h) => h.name)).toEqual(['customization.updated']);
  });
});
