import { io, type Socket } from 'socket.io-client';
import { PUBLIC_NAMESPACE, type ClientToServerEvents, type ServerToClientEvents } from '@tombo/shared';
import { getSession } from './session';
import { refreshAccessToken } from './http';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Seconds of margin: a token this close to its expiry is refreshed before a handshake. */
const EXPIRY_MARGIN_S = 10;

/** The access token's expiry (seconds since the epoch), or 0 when it cannot be read. */
function expiryOf(token: string): number {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const exp = (JSON.parse(atob(payload)) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : 0;
  } catch {
    return 0;
  }
}

/** The token to open a socket with: the session's, refreshed first when it is (nearly) expired. */
async function handshakeToken(): Promise<string> {
  const token = getSession().token;
  if (!token) return '';
  if (expiryOf(token) - EXPIRY_MARGIN_S > Date.now() / 1000) return token;
  return (await refreshAccessToken()) ?? '';
}

/**
 * Opens the session's socket. The token is read (and refreshed when expired, single flight with
 * the HTTP client) at every (re)connection attempt. The server cuts a socket when its access token
 * expires: it connects again at once with a fresh one. A refused handshake refreshes the token and
 * reconnects; when that fails the session is lost.
 */
export function openSocket(onSessionLost: () => void): LiveSocket {
  const socket: LiveSocket = io({
    path: '/socket.io',
    // WebSocket only: no HTTP long-polling, so no sticky sessions are needed behind a load
    // balancer (DESIGN §11) and nothing but the upgrade reaches the HTTP handlers.
    transports: ['websocket'],
    auth: (cb) => void handshakeToken().then((token) => cb({ token })),
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });

  let authRetries = 0;
  socket.on('connect', () => {
    authRetries = 0;
  });
  socket.on('disconnect', (reason) => {
    // A disconnection by the server is not retried by the client itself: the token expired or
    // the user's rights changed. A revoked session fails at the handshake and ends below.
    if (reason === 'io server disconnect' && getSession().token) socket.connect();
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

/**
 * The signed-out pages' socket: no token, the server's anonymous namespace, where only the installation's
 * login customization is ever sent (`customization.updated`, without who made it).
 */
export function openPublicSocket(): LiveSocket {
  return io(PUBLIC_NAMESPACE, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
  });
}
