/**
 * The counting room follows the API's access rule: a user who can no longer read an inventory (taken off
 * its commission, its sector taken from the user, the inventory moved to another sector) is taken out of
 * `inv:<id>` and gets none of its events, while those who still may keep receiving them. Real sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { InventarioJoinAck, InventarioLeiturasEvent, InventarioListItem, LiveEvent } from '@tombo/shared';
import {
  newPatrimonio,
  newSector,
  newTenant,
  newUser,
  type TestPatrimonio,
  type TestSector,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { inventarioBody, leitura } from '../support/inventarios';

type Presence = LiveEvent<{ inventarioId: number; contadores: { id: number }[] }>;

let s: TestServer;
let a: TestTenant;
let other: TestSector;
const assets: TestPatrimonio[] = [];
let next = 0;
const as = async (u: TestUser) => client(s.url, await u.token());
const join = (socket: Socket, id: number) =>
  new Promise<InventarioJoinAck>((resolve) => socket.emit('inventario.join', id, resolve));

/** The room's next presence without `userId`: the server took that user's sockets out of the room. */
const presenceWithout = (socket: Socket, inventarioId: number, userId: number, ms = 5000) =>
  new Promise<Presence>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('inventario.presence', on);
      reject(new Error(`user ${userId} still in the room of inventory ${inventarioId}`));
    }, ms);
    const on = (e: Presence) => {
      if (e.data.inventarioId !== inventarioId || e.data.contadores.some((c) => c.id === userId)) return;
      clearTimeout(timer);
      socket.off('inventario.presence', on);
      resolve(e);
    };
    socket.on('inventario.presence', on);
  });

interface Watched {
  socket: Socket;
  /** The inventory of every `inventario.leituras` the socket received. */
  got: number[];
}
const leiturasOf = (socket: Socket): Watched => {
  const got: number[] = [];
  socket.on('inventario.leituras', (e: LiveEvent<InventarioLeiturasEvent>) => got.push(e.data.inventarioId));
  return { socket, got };
};

/** A round trip on the socket: whatever the server wrote to it before has arrived once this resolves. */
const flushed = (socket: Socket) => new Promise((resolve) => socket.emit('inventario.leave', 0, resolve));

/**
 * `member` records a reading and its socket gets the event. The room's broadcast was written to every socket
 * in it at once, so after a round trip on the removed socket (if connected) any copy of it would be there.
 */
async function readingReachesOnly(inv: InventarioListItem, member: TestUser, memberSocket: Socket, removed?: Watched) {
  const seen = nextEvent<LiveEvent<InventarioLeiturasEvent>>(memberSocket, 'inventario.leituras');
  const r = await (
    await as(member)
  )('POST', `/api/inventarios/${inv.id}/leituras`, { leituras: [leitura(assets[next++].numero)] });
  expect(r.status).toBe(200);
  expect((await seen).data.inventarioId).toBe(inv.id);
  if (!removed) return;
  if (removed.socket.connected) await flushed(removed.socket);
  expect(removed.got).toEqual([]);
}

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  other = await newSector(s, a.id);
  for (let i = 0; i < 10; i++) assets.push(await newPatrimonio(s, { municipalityId: a.id, sectorId: a.sector.id }));
}, 120_000);
afterAll(() => s?.close());

const newInv = async (comissao: number[]) => {
  const r = await (await as(a.users.admin))('POST', '/api/inventarios', inventarioBody(a, { comissao }));
  expect(r.status).toBe(201);
  return r.body.inventario as InventarioListItem;
};

describe('the counting room is left when the user loses access', () => {
  it('a usuario taken off the commission (its only access) gets 404 and no more readings; a member does', async () => {
    // Neither usuario has the inventory's sector: only the commission lets them in.
    const removed = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [other.id] });
    const member = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [] });
    const inv = await newInv([a.users.admin.id, a.users.supervisor.id, removed.id, member.id]);
    const removedSocket = await s.socket(await removed.token());
    const memberSocket = await s.socket(await member.token());
    expect(await join(removedSocket, inv.id)).toMatchObject({ ok: true });
    expect(await join(memberSocket, inv.id)).toMatchObject({ ok: true });
    expect((await (await as(removed))('GET', `/api/inventarios/${inv.id}`)).status).toBe(200);
    const leaked = leiturasOf(removedSocket);
    await readingReachesOnly(inv, member, memberSocket); // both in the room: the removed one gets it too
    await expect.poll(() => leaked.got.length).toBe(1);
    leaked.got.length = 0;

    const left = presenceWithout(memberSocket, inv.id, removed.id);
    const put = await (
      await as(a.users.admin)
    )('PUT', `/api/inventarios/${inv.id}`, {
      comissao: [a.users.admin.id, a.users.supervisor.id, member.id],
      version: inv.version,
    });
    expect(put.status).toBe(200);
    expect((await (await as(removed))('GET', `/api/inventarios/${inv.id}`)).status).toBe(404);
    // The room tells its counters the removed user is gone: the server re-checked its sockets.
    const gone = await left.catch(() => null);
    await readingReachesOnly(inv, member, memberSocket, leaked);
    expect(gone?.data.contadores.map((c) => c.id)).toEqual([member.id]);
    expect(removedSocket.connected).toBe(true);
    // Asking again is refused.
    expect(await join(removedSocket, inv.id)).toMatchObject({ ok: false });
  });

  it('a usuario whose sector (its only access) is taken away leaves the room; a member gets readings', async () => {
    const usuario = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [a.sector.id, other.id] });
    const member = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [] });
    const inv = await newInv([a.users.admin.id, a.users.supervisor.id, member.id]);
    const socket = await s.socket(await usuario.token());
    const memberSocket = await s.socket(await member.token());
    expect(await join(socket, inv.id)).toMatchObject({ ok: true });
    expect(await join(memberSocket, inv.id)).toMatchObject({ ok: true });
    const leaked = leiturasOf(socket);

    const left = presenceWithout(memberSocket, inv.id, usuario.id);
    const admin = await as(a.users.admin);
    const { version } = (await admin('GET', `/api/users/${usuario.id}`)).body;
    expect((await admin('PUT', `/api/users/${usuario.id}`, { sectorIds: [other.id], version })).status).toBe(200);
    expect((await (await as(usuario))('GET', `/api/inventarios/${inv.id}`)).status).toBe(404);
    const gone = await left.catch(() => null);
    await readingReachesOnly(inv, member, memberSocket, leaked);
    expect(gone?.data.contadores.map((c) => c.id)).toEqual([member.id]);
    expect(socket.connected).toBe(true);
  });

  it("an inventory moved to another sector takes the former sector's usuarios out of its room", async () => {
    const usuario = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [a.sector.id] });
    const member = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [] });
    const inv = await newInv([a.users.admin.id, a.users.supervisor.id, member.id]);
    const socket = await s.socket(await usuario.token());
    const memberSocket = await s.socket(await member.token());
    expect(await join(socket, inv.id)).toMatchObject({ ok: true });
    expect(await join(memberSocket, inv.id)).toMatchObject({ ok: true });
    const leaked = leiturasOf(socket);

    const left = presenceWithout(memberSocket, inv.id, usuario.id);
    const put = await (
      await as(a.users.admin)
    )('PUT', `/api/inventarios/${inv.id}`, { sectorId: other.id, version: inv.version });
    expect(put.status).toBe(200);
    expect((await (await as(usuario))('GET', `/api/inventarios/${inv.id}`)).status).toBe(404);
    const gone = await left.catch(() => null);
    await readingReachesOnly(inv, member, memberSocket, leaked);
    expect(gone?.data.contadores.map((c) => c.id)).toEqual([member.id]);
  });
});

// Only the in-memory adapter recovers connection state (the Redis adapter does not).
describe.skipIf(!!process.env.REDIS_URL)('connection-state recovery', () => {
  it('a socket that recovers after its user was taken off the commission is not back in the room', async () => {
    const removed = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [] });
    const member = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [] });
    const inv = await newInv([a.users.admin.id, a.users.supervisor.id, removed.id, member.id]);
    const socket = await s.socket(await removed.token());
    const memberSocket = await s.socket(await member.token());
    expect(await join(socket, inv.id)).toMatchObject({ ok: true });
    expect(await join(memberSocket, inv.id)).toMatchObject({ ok: true });
    const leaked = leiturasOf(socket);
    await readingReachesOnly(inv, member, memberSocket); // gives the client an offset to recover from
    await expect.poll(() => leaked.got.length).toBe(1);
    leaked.got.length = 0;

    const id = socket.id!;
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.io.engine.close(); // a network drop ('transport close'): recoverable
    await dropped;
    await expect.poll(() => s.io.of('/').sockets.has(id)).toBe(false);
    const put = await (
      await as(a.users.admin)
    )('PUT', `/api/inventarios/${inv.id}`, {
      comissao: [a.users.admin.id, a.users.supervisor.id, member.id],
      version: inv.version,
    });
    expect(put.status).toBe(200);
    await readingReachesOnly(inv, member, memberSocket, leaked); // while it is away: not replayed either

    await new Promise<void>((resolve, reject) =>
      socket
        .once('connect', () => resolve())
        .once('connect_error', reject)
        .connect(),
    );
    expect(socket.recovered).toBe(true);
    await readingReachesOnly(inv, member, memberSocket, leaked);
    expect(await join(socket, inv.id)).toMatchObject({ ok: false });
  });
});
