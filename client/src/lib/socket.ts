import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@tombo/shared';
import { getSession } from './session';
import { refreshAccessToken } from './http';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens the session's socket. The token is read at every (re)connection attempt, so a
 * refreshed token is used on the next reconnect. A refused handshake refreshes the token
 * (single flight with the HTTP client) and reconnects.
 */
export function openSocket(onSessionLost: () => void): LiveSocket {
  const socket: LiveSocket = io({
    path: '/socket.io',
    // WebSocket only: no HTTP long-polling, so no sticky sessions are needed behind a load
    // balancer (DESIGN §11) and nothing but the upgrade reaches the HTTP handlers.
    transports: ['websocket'],
    auth: (cb) => cb({ token: getSession().token ?? '' }),
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });

  let authRetries = 0;
  socket.on('connect', () => {
    authRetries = 0;
  });
  socket.on('connect_error', async () => {
    // When the server middleware refuses the handshake the client does not retry by itself.
    if (socket.active) return;
    if (authRetries >= 3) return;
    authRetries += 1;
    const token = await refreshAccessToken();
    if (!token) {
      onSessionLost();
      return;
    }
    if (getSession().token) socket.connect();
  });
  return socket;
}
