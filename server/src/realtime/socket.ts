import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { SECTOR_RESTRICTED_ROLES, room, type ClientToServerEvents, type ServerToClientEvents } from '@tombo/shared';
import type { Database } from '../db/client';
import type { TokenService } from '../auth/tokens';
import { loadPrincipal, type Principal } from '../auth/principal';
import { logger } from '../logger';

export type TomboIo = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { principal: Principal }
>;

/** Rooms follow from the verified user only — never from anything the client asks for. */
export function roomsFor(p: Principal): string[] {
  const rooms = [room.user(p.id)];
  if (p.municipalityId != null) {
    rooms.push(room.municipality(p.municipalityId));
    if (p.permissions.includes('audit:read')) rooms.push(room.audit(p.municipalityId));
    if (p.permissions.includes('bens:read')) {
      if (SECTOR_RESTRICTED_ROLES.includes(p.role))
        rooms.push(...p.sectorIds.map((id) => room.sectorAssets(p.municipalityId!, id)));
      else rooms.push(room.assets(p.municipalityId));
    }
  }
  if (p.permissions.includes('superuser:access')) rooms.push(room.superusers);
  return rooms;
}

export async function createSocketServer(
  http: HttpServer,
  deps: { database: Database; tokens: TokenService; redisUrl?: string; redisPrefix: string },
): Promise<{ io: TomboIo; close: () => Promise<void> }> {
  const io: TomboIo = new Server(http, {
    path: '/socket.io',
    serveClient: false,
    // Recovery replays missed packets after a short drop; the auth middleware runs again on it.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });
  const closers: Array<() => Promise<unknown>> = [];
  if (deps.redisUrl) {
    const { Redis } = await import('ioredis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = new Redis(deps.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `${deps.redisPrefix}:socket.io` }));
    closers.push(
      () => pub.quit(),
      () => sub.quit(),
    );
  }
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    const claims = deps.tokens.verifyAccess(typeof token === 'string' ? token : undefined);
    const principal = claims ? await loadPrincipal(deps.database, Number(claims.sub)).catch(() => null) : null;
    if (!principal) return next(new Error('unauthorized'));
    socket.data.principal = principal;
    next();
  });
  io.on('connection', (socket) => {
    void socket.join(roomsFor(socket.data.principal));
  });
  io.engine.on('connection_error', (err: { message: string }) =>
    logger.debug({ err: err.message }, 'socket connection error'),
  );
  return {
    io,
    close: async () => {
      // io.close() also closes the HTTP server; the caller has done that already.
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(closers.map((c) => c().catch(() => undefined)));
    },
  };
}
