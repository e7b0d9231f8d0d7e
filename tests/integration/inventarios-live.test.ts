import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { InventarioJoinAck, InventarioLeiturasEvent, InventarioListItem, LiveEvent } from '@tombo/shared';
import {
  newPatrimonio,
  newTenant,
  newUser,
  type TestPatrimonio,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { inventarioBody, leitura } from '../support/inventarios';

// The counting room: two counters see each other's batches and who is counting; another municipality
// (or a usuario of another sector) cannot join; finalize closes the inventory live.

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const list: TestPatrimonio[] = [];
const as = async (u: TestUser) => client(s.url, await u.token());
const join = (socket: Socket, id: unknown) =>
  new Promise<InventarioJoinAck>((resolve) => socket.emit('inventario.join', id as number, resolve));
const silent = (socket: Socket, name: string, ms = 300) =>
  new Promise<boolean>((resolve) => {
    const on = () => resolve(false);
    socket.once(name, on);
    setTimeout(() => {
      socket.off(name, on);
      resolve(true);
    }, ms);
  });

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
  for (let i = 0; i < 4; i++) list.push(await newPatrimonio(s, { municipalityId: a.id, sectorId: a.sector.id }));
}, 120_000);
afterAll(() => s?.close());

const newInv = async () =>
  (await (await as(a.users.admin))('POST', '/api/inventarios', inventarioBody(a))).body
    .inventario as InventarioListItem;

describe('the counting room', () => {
  it("two counters see each other's batches and presence; leaving and disconnecting update presence", async () => {
    const inv = await newInv();
    const one = await s.socket(await a.users.usuario.token());
    const two = await s.socket(await a.users.supervisor.token());
    expect(await join(one, inv.id)).toEqual({
      ok: true,
      contadores: [{ id: a.users.usuario.id, name: a.users.usuario.name }],
    });
    const seen = nextEvent<LiveEvent<{ contadores: { id: number }[] }>>(one, 'inventario.presence');
    const ack = await join(two, inv.id);
    expect(ack.ok && ack.contadores.map((c) => c.id).sort()).toEqual(
      [a.users.usuario.id, a.users.supervisor.id].sort(),
    );
    expect((await seen).data.contadores).toHaveLength(2);

    const atTwo = nextEvent<LiveEvent<InventarioLeiturasEvent>>(two, 'inventario.leituras');
    const atOne = nextEvent<LiveEvent<InventarioLeiturasEvent>>(one, 'inventario.leituras');
    const batch = [leitura(list[0].numero), leitura(list[1].numero), leitura('NAO-CADASTRADO-9')];
    const r = await (await as(a.users.usuario))('POST', `/api/inventarios/${inv.id}/leituras`, { leituras: batch });
    expect(r.status).toBe(200);
    const e = await atTwo;
    expect(e.data).toMatchObject({ inventarioId: inv.id, encontrados: 2, totalItens: inv.totalItens });
    expect(e.data.resultados.map((x) => [x.id, x.numero, x.resultado])).toEqual([
      [batch[0].id, list[0].numero, 'found'],
      [batch[1].id, list[1].numero, 'found'],
      [batch[2].id, 'NAO-CADASTRADO-9', 'nao_cadastrado'],
    ]);
    expect(e.data.resultados[0]).toMatchObject({
      lidoPorNome: a.users.usuario.name,
      item: { numero_patrimonio: list[0].numero },
    });
    expect(e.actor?.id).toBe(a.users.usuario.id);
    await atOne;

    // A replayed batch applies nothing new: no event.
    const quiet = silent(two, 'inventario.leituras');
    await (
      await as(a.users.usuario)
    )('POST', `/api/inventarios/${inv.id}/leituras`, { leituras: batch });
    expect(await quiet).toBe(true);

    const left = nextEvent<LiveEvent<{ contadores: { id: number }[] }>>(two, 'inventario.presence');
    await new Promise((resolve) => one.emit('inventario.leave', inv.id, resolve));
    expect((await left).data.contadores.map((c) => c.id)).toEqual([a.users.supervisor.id]);
    const notInRoom = silent(one, 'inventario.leituras');
    await (
      await as(a.users.supervisor)
    )('POST', `/api/inventarios/${inv.id}/leituras`, { leituras: [leitura(list[2].numero)] });
    expect(await notInRoom).toBe(true);

    const three = await s.socket(await a.users.admin.token());
    await join(three, inv.id);
    const gone = nextEvent<LiveEvent<{ contadores: { id: number }[] }>>(two, 'inventario.presence');
    three.disconnect();
    expect((await gone).data.contadores.map((c) => c.id)).toEqual([a.users.supervisor.id]);

    // Finalize: everyone in the room sees the inventory close.
    const closed = nextEvent<LiveEvent<InventarioListItem>>(two, 'inventario.updated');
    expect((await (await as(a.users.admin))('POST', `/api/inventarios/${inv.id}/finalizar`)).status).toBe(200);
    expect((await closed).data).toMatchObject({ id: inv.id, status: 'completed' });
    one.disconnect();
    two.disconnect();
  });

  it('a socket of another municipality, or a usuario who cannot see the inventory, cannot join and gets nothing', async () => {
    const inv = await newInv();
    const theirs = await s.socket(await b.users.admin.token());
    expect(await join(theirs, inv.id)).toMatchObject({ ok: false });
    const stranger = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [] });
    const outsider = await s.socket(await stranger.token());
    expect(await join(outsider, inv.id)).toMatchObject({ ok: false });
    for (const bad of ['1', -1, 1.5, null, 2 ** 40]) expect(await join(outsider, bad)).toMatchObject({ ok: false });
    const quietB = silent(theirs, 'inventario.leituras', 500);
    const quietU = silent(outsider, 'inventario.leituras', 500);
    await (
      await as(a.users.usuario)
    )('POST', `/api/inventarios/${inv.id}/leituras`, { leituras: [leitura(list[3].numero)] });
    expect(await quietB).toBe(true);
    expect(await quietU).toBe(true);
    const vis = await s.socket(await a.users.visualizador.token());
    expect(await join(vis, inv.id)).toMatchObject({ ok: true });
    theirs.disconnect();
    outsider.disconnect();
    vis.disconnect();
  });

  it('the list rooms learn of a new inventory: the municipality yes, another municipality no', async () => {
    const mine = await s.socket(await a.users.visualizador.token());
    const theirs = await s.socket(await b.users.admin.token());
    const created = nextEvent<LiveEvent<{ id: number }>>(mine, 'inventario.created');
    const quiet = silent(theirs, 'inventario.created', 500);
    const inv = await newInv();
    expect((await created).data).toEqual({ id: inv.id });
    expect(await quiet).toBe(true);
    mine.disconnect();
    theirs.disconnect();
  });
});
