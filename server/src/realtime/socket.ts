import type { Server as HttpServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Server, type Socket } from 'socket.io';
import {
  PUBLIC_NAMESPACE,
  SECTOR_RESTRICTED_ROLES,
  room,
  type ClientToServerEvents,
  type Permission,
  type ServerToClientEvents,
} from '@tombo/shared';
import type { TokenService } from '../auth/tokens';
import type { PrincipalCache, PrincipalChange } from '../auth/principal-cache';
import type { Principal, SignedIn } from '../auth/principal';
import { logger } from '../logger';
import { requestIdOf } from '../http/request-context';
import { holdRecovery, type HeldRecovery } from './recovery';

interface SocketData {
  principal: Principal;
  /** The session (refresh-token family) of the handshake's access token. */
  sid: string;
  /** When that token expires (seconds since the epoch): the socket is cut then and must sign in again. */
  exp: number;
  /** Changes seen before the principal was loaded (see `sync`). */
  seen: number;
  /** Set by connection-state recovery until the handshake is checked (`holdRecovery`). */
  recovery?: HeldRecovery;
  /**
   * Rooms joined on request after the server checked access (an inventory's counting room): kept while the
   * user stays in that municipality with that permission and the room's own check passes (`joinRequested`).
   */
  requested?: Map<string, Requested>;
  /** Bumped each time the principal is refreshed: a room check that overlapped a refresh is not trusted. */
  refreshed?: number;
  /** The connection's request id (its handshake's X-Request-Id, or a new one): its events' log lines name it. */
  requestId: string;
}
/** Who may be in a room a client asks for: checked on the join and again on every change of the user. */
export interface RoomAccess {
  permission: Permission;
  /** Whether the user may be in the room now: the API's own access rule for that record. */
  allowed: (p: Principal) => Promise<boolean>;
  /** Called once the server took the socket out of the room (the user lost access). */
  left?: () => void;
}
type Requested = RoomAccess & { municipalityId: number };
export type TomboIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type TomboSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Rooms follow from the verified user only — never from anything the client asks for. */
export function roomsFor(p: Principal): string[] {
  const rooms = [room.user(p.id)];
  if (p.municipalityId != null) {
    rooms.push(room.municipality(p.municipalityId));
    if (p.permissions.includes('audit:read')) rooms.push(room.audit(p.municipalityId));
    if (p.permissions.includes('users:read')) rooms.push(room.users(p.municipalityId));
    if (p.permissions.includes('bens:read')) {
      if (SECTOR_RESTRICTED_ROLES.includes(p.role))
        rooms.push(...p.sectorIds.map((id) => room.sectorAssets(p.municipalityId!, id)));
      else rooms.push(room.assets(p.municipalityId));
    }
    if (p.permissions.includes('inventarios:read') && !SECTOR_RESTRICTED_ROLES.includes(p.role))
      rooms.push(room.inventarios(p.municipalityId));
  }
  if (p.permissions.includes('superuser:access')) rooms.push(room.superusers);
  return rooms;
}

/** Requested rooms the socket's (possibly changed) user may still be in, on municipality and permission. */
const requestedOf = (s: TomboSocket) => {
  const p = s.data.principal;
  const keep: string[] = [];
  for (const [r, need] of s.data.requested ?? []) {
    if (p.municipalityId === need.municipalityId && p.permissions.includes(need.permission)) keep.push(r);
    else {
      s.data.requested!.delete(r);
      if (need.left) setImmediate(need.left); // after `setRooms` has left it
    }
  }
  return keep;
};

const roomsOf = (s: TomboSocket) =>
  // until a password someone else set is changed, the user hears only about themself (their principal's reload)
  s.data.principal.mustChangePassword
    ? [room.user(s.data.principal.id), room.session(s.data.sid)]
    : [...roomsFor(s.data.principal), room.session(s.data.sid), ...requestedOf(s)];

/**
 * Joins a room the client asked for when `access` lets the socket's user in (true), else leaves it (false).
 * The check runs again on every refresh of the user (`recheckRequested`), and here again when one overlapped it.
 */
export async function joinRequested(socket: TomboSocket, name: string, access: RoomAccess): Promise<boolean> {
  for (;;) {
    const p = socket.data.principal;
    const seen = socket.data.refreshed ?? 0;
    const ok = p.municipalityId != null && p.permissions.includes(access.permission) && (await access.allowed(p));
    if (!ok || !socket.connected) {
      leaveRequested(socket, name);
      return false;
    }
    if ((socket.data.refreshed ?? 0) !== seen) continue;
    (socket.data.requested ??= new Map()).set(name, { ...access, municipalityId: p.municipalityId! });
    void socket.join(name);
    return true;
  }
}

export function leaveRequested(socket: TomboSocket, name: string): void {
  socket.data.requested?.delete(name);
  void socket.leave(name);
}

/** Runs every requested room's check again with the socket's fresh principal and leaves those it fails. */
async function recheckRequested(socket: TomboSocket): Promise<void> {
  const p = socket.data.principal;
  const seen = socket.data.refreshed;
  const log = { requestId: socket.data.requestId, userId: p.id };
  const checks = [...(socket.data.requested ?? [])].map(async ([name, req]) => {
    const ok = await req.allowed(p).catch((err: unknown) => {
      logger.warn({ ...log, err, room: name }, 'socket: acesso à sala não verificado; sala deixada');
      return false;
    });
    // A later refresh checks again with its own principal; a leave or a new join replaced the entry.
    if (ok || socket.data.refreshed !== seen || socket.data.requested?.get(name) !== req) return;
    leaveRequested(socket, name);
    logger.debug({ ...log, room: name }, 'socket: requested room left (access lost)');
    req.left?.();
  });
  await Promise.all(checks);
}

/** Leaves the rooms the socket lost, joins the ones it gained. */
function setRooms(socket: TomboSocket, wanted: string[]): void {
  for (const r of socket.rooms) if (r !== socket.id && !wanted.includes(r)) void socket.leave(r);
  void socket.join(wanted);
}

/** Whether what the client shows by (role, permissions, own sectors) differs between two loads of a user. */
function accessChanged(before: Principal, after: Principal): boolean {
  const same = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && [...a].sort().join() === [...b].sort().join();
  return (
    before.role !== after.role ||
    !same(before.permissions, after.permissions) ||
    !same(before.sectorIds, after.sectorIds)
  );
}

/** Tells the client what it may now do (its menus, guards and buttons follow without a reload). */
function tellAccess(socket: TomboSocket): void {
  const p = socket.data.principal;
  socket.emit('session.permissions', {
    id: randomUUID(),
    municipalityId: p.municipalityId,
    actor: null,
    at: new Date().toISOString(),
    data: { role: p.role, permissions: p.permissions, sectorIds: p.sectorIds },
  });
}

/** Tells the client its session ended (it signs out) and cuts the socket. */
function revoke(socket: TomboSocket, reason: 'session' | 'user'): void {
  const p = socket.data.principal;
  socket.emit('session.revoked', {
    id: randomUUID(),
    municipalityId: p.municipalityId,
    actor: null,
    at: new Date().toISOString(),
    data: { reason },
  });
  socket.disconnect(true);
}

const closing = new WeakSet<TomboIo>();
/**
 * Whether the server is shutting down: its Redis clients are about to be quit, so a handler still running
 * (a presence announced after the sockets' disconnect) must not send: the adapter's publish is not awaited.
 */
export const isClosing = (io: TomboIo): boolean => closing.has(io);

export async function createSocketServer(
  http: HttpServer,
  deps: { tokens: TokenService; principals: PrincipalCache; redisUrl?: string; redisPrefix: string },
): Promise<{ io: TomboIo; close: () => Promise<void> }> {
  const io: TomboIo = new Server(http, {
    path: '/socket.io',
    serveClient: false,
    // Recovery replays missed packets after a short drop; the auth middleware runs again on it.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });
  const closers: Array<() => Promise<unknown>> = [];
  // Only the in-memory adapter recovers state (the Redis adapter does not): hold it until authenticated.
  const recovery = deps.redisUrl ? null : holdRecovery(io.of('/').adapter);
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
  const sync = principalSync(io, deps.principals);
  closers.push(async () => sync.stop());

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    const claims = deps.tokens.verifyAccess(typeof token === 'string' ? token : undefined);
    const seen = sync.seq();
    const principal = claims
      ? await deps.principals.authenticate(Number(claims.sub), claims.sid).catch(() => null)
      : null;
    if (!claims || !principal) return next(new Error('unauthorized'));
    Object.assign(socket.data, { principal, sid: claims.sid, exp: claims.exp, seen });
    next();
  });
  io.on('connection', (socket) => {
    // One request id per connection (its handshake's X-Request-Id, or a new one): the logs of its events name it.
    socket.data.requestId = requestIdOf(socket.handshake.headers['x-request-id']);
    logger.debug({ requestId: socket.data.requestId, userId: socket.data.principal.id }, 'socket connected');
    const held = socket.data.recovery;
    delete socket.data.recovery;
    // A recovered socket's requested rooms were checked before the drop: the client asks again on connect.
    delete socket.data.requested;
    const wanted = roomsOf(socket);
    setRooms(socket, wanted);
    if (held && recovery) {
      const allowed = [socket.id, ...held.rooms.filter((r) => wanted.includes(r))];
      void recovery.missedSince(socket.id, held, allowed).then((packets) => {
        const raw = socket as unknown as { emit(...args: unknown[]): boolean };
        for (const packet of packets) raw.emit(...packet);
      });
    }
    // An access token is good until its expiry: the client must connect again with a fresh one.
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, socket.data.exp * 1000 - Date.now()));
    socket.on('disconnect', () => clearTimeout(expiry));
    sync.connected(socket);
  });
  // Login pages have no token: they get their own namespace, whose only room is the public customization.
  // The main namespace's rooms and client events are out of its reach (namespaces share nothing but the wire).
  io.of(PUBLIC_NAMESPACE).on('connection', (socket) => void socket.join(room.publicCustomization));
  io.engine.on('connection_error', (err: { message: string }) =>
    logger.debug({ err: err.message }, 'socket connection error'),
  );
  return {
    io,
    close: async () => {
      closing.add(io);
      // io.close() also closes the HTTP server; the caller has done that already.
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(closers.map((c) => c().catch(() => undefined)));
    },
  };
}

/**
 * Keeps this node's sockets in step with their users: on every change the database notifies
 * (through the principal cache), the sockets of that user (or all, for `all`) are checked again
 * with a fresh principal — rooms re-derived and, when the user's role, permissions or sectors changed,
 * `session.permissions` sent; or the socket cut when the user or its session is gone.
 */
function principalSync(io: TomboIo, principals: PrincipalCache) {
  let counter = 0;
  let allChangedAt = 0;
  const changedAt = new Map<number, number>();
  /** The last check started per user: an older one that finishes later must not win. */
  const latest = new Map<number, number>();
  const nsp = io.of('/');
  const socketsOf = (userId: number) =>
    [...(nsp.adapter.rooms.get(room.user(userId)) ?? [])].flatMap((id) => nsp.sockets.get(id) ?? []);

  async function check(userId: number): Promise<void> {
    const ticket = ++counter;
    latest.set(userId, ticket);
    let signedIn: SignedIn | null;
    try {
      signedIn = await principals.reload(userId);
    } catch (err) {
      logger.warn({ err, userId }, 'socket: usuário não recarregado; conexões encerradas');
      signedIn = null;
    }
    if (latest.get(userId) !== ticket) return;
    latest.delete(userId);
    const rechecks: Promise<void>[] = [];
    for (const socket of socketsOf(userId)) {
      if (!signedIn) revoke(socket, 'user');
      else if (!signedIn.sessions.has(socket.data.sid)) revoke(socket, 'session');
      else {
        const before = socket.data.principal;
        socket.data.principal = signedIn.principal;
        socket.data.refreshed = (socket.data.refreshed ?? 0) + 1;
        setRooms(socket, roomsOf(socket));
        if (accessChanged(before, signedIn.principal)) tellAccess(socket);
        rechecks.push(recheckRequested(socket));
      }
    }
    // awaited, so an `all` re-checks its counting rooms a few users at a time too
    await Promise.all(rechecks);
  }

  async function onChange(change: PrincipalChange): Promise<void> {
    const seq = ++counter;
    if (change === 'all') allChangedAt = seq;
    else changedAt.set(change, seq);
    const users = change === 'all' ? [...new Set([...nsp.sockets.values()].map((s) => s.data.principal.id))] : [change];
    // a few users at a time: an `all` on a busy node must not take the whole pool
    const worker = async () => {
      for (let next = users.shift(); next !== undefined; next = users.shift()) await check(next);
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  }

  const stop = principals.onChange((change) => void onChange(change));
  return {
    stop,
    seq: () => counter,
    /** A change that arrived while this socket's handshake was loading its principal is applied now. */
    connected(socket: TomboSocket): void {
      const last = Math.max(allChangedAt, changedAt.get(socket.data.principal.id) ?? 0);
      if (last > socket.data.seen) void check(socket.data.principal.id);
    },
  };
}
