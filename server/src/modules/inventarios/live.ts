import { randomUUID } from 'node:crypto';
import { INVENTARIO_MSG, room, type InventarioJoinAck, type InventarioMembro } from '@tombo/shared';
import type { AppContext } from '../../context';
import { read } from '../../db/tx';
import { HttpError } from '../../http/errors';
import { logger } from '../../logger';
import type { Principal } from '../../auth/principal';
import { isClosing, joinRequested, leaveRequested, type TomboIo, type TomboSocket } from '../../realtime/socket';
import { scopeOfPrincipal } from '../../tenancy/scope';
import { findInventario } from './queries';

const INV_PREFIX = room.inventario(0).slice(0, -1);
const validId = (id: unknown): id is number => Number.isInteger(id) && (id as number) > 0 && (id as number) < 2 ** 31;

/** Who is in an inventory's room now: one entry per user (however many sockets), by name. */
async function presence(io: TomboIo, id: number): Promise<InventarioMembro[]> {
  const sockets = await io.in(room.inventario(id)).fetchSockets();
  const byUser = new Map<number, string>();
  for (const s of sockets) byUser.set(s.data.principal.id, s.data.principal.name);
  return [...byUser].map(([uid, name]) => ({ id: uid, name })).sort((a, b) => a.name.localeCompare(b.name));
}

async function announce(io: TomboIo, id: number, municipalityId: number): Promise<InventarioMembro[]> {
  const contadores = await presence(io, id);
  if (isClosing(io)) return contadores;
  io.to(room.inventario(id)).emit('inventario.presence', {
    id: randomUUID(),
    municipalityId,
    actor: null,
    at: new Date().toISOString(),
    data: { inventarioId: id, contadores },
  });
  return contadores;
}

/** Whether the user may read the inventory: `findInventario`, as the API (a `usuario`: its sectors or commissions). */
const mayRead = (ctx: Pick<AppContext, 'db'>, id: number) => async (p: Principal) => {
  const scope = scopeOfPrincipal(p);
  return read(ctx, scope, (tx) =>
    findInventario(tx, scope, p.id, id).then(
      () => true,
      (err: unknown) => {
        if (err instanceof HttpError && err.status === 404) return false;
        throw err; // not an answer: the join fails, a re-check leaves the room
      },
    ),
  );
};

/**
 * The counting room of an inventory (`inv:<id>`): a socket asks with `inventario.join`; the server
 * checks, from the socket's verified user, that it may read that inventory (`mayRead`) and answers
 * `{ ok: false }` otherwise. The check runs again on every change of the user, and of the inventory's
 * commission or sector (`updateInventario` notifies): a user who fails it is taken out of the room.
 * Joins, leaves and disconnects (and those removals) announce `inventario.presence` to the room.
 */
export function attachInventarioLive(io: TomboIo, ctx: Pick<AppContext, 'db'>): void {
  io.on('connection', (socket: TomboSocket) => {
    socket.on('inventario.join', async (id, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      try {
        const p = socket.data.principal;
        if (!validId(id) || p.municipalityId == null)
          return reply({ ok: false, error: INVENTARIO_MSG.notFound } satisfies InventarioJoinAck);
        const m = p.municipalityId;
        const ok = await joinRequested(socket, room.inventario(id), {
          permission: 'inventarios:read',
          allowed: mayRead(ctx, id),
          left: () => void announce(io, id, m).catch(() => undefined),
        });
        if (!ok) return reply({ ok: false, error: INVENTARIO_MSG.notFound });
        reply({ ok: true, contadores: await announce(io, id, m) });
      } catch (err) {
        logger.warn({ err, requestId: socket.data.requestId }, 'inventario.join failed');
        reply({ ok: false, error: INVENTARIO_MSG.loadFailed });
      }
    });
    socket.on('inventario.leave', async (id, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      if (!validId(id) || !socket.rooms.has(room.inventario(id))) return reply({ ok: false });
      leaveRequested(socket, room.inventario(id));
      reply({ ok: true });
      await announce(io, id, socket.data.principal.municipalityId ?? 0).catch(() => undefined);
    });
    socket.on('disconnecting', () => {
      const left = [...socket.rooms]
        .filter((r) => r.startsWith(INV_PREFIX))
        .map((r) => Number(r.slice(INV_PREFIX.length)));
      if (!left.length) return;
      const m = socket.data.principal.municipalityId ?? 0;
      // After the socket has left its rooms.
      setImmediate(() => {
        for (const id of left) void announce(io, id, m).catch(() => undefined);
      });
    });
  });
}
