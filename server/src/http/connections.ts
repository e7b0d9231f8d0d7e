import type http from 'node:http';
import net from 'node:net';

interface State {
  served: boolean;
  active: number;
  since: number;
}

/**
 * The server's connections, for a graceful stop. Node's own `server.close()` also closes every
 * connection without a request in progress — including one just accepted whose request is not yet
 * read (a busy event loop), which the client then sees as a reset. Here only connections that are
 * idle after answering (keep-alive) are closed, and a silent one only after `freshMs`.
 */
export function trackConnections(server: http.Server) {
  const sockets = new Map<net.Socket, State>();
  server.on('connection', (socket: net.Socket) => {
    sockets.set(socket, { served: false, active: 0, since: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.served = true;
    state.active++;
    res.once('close', () => state.active--);
  });
  return {
    /** Stops accepting connections (without touching the open ones); resolves once all of them ended. */
    stopAccepting(): Promise<void> {
      return new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    },
    /** Closes the connections with nothing in progress that answered before or stayed silent `freshMs`. */
    closeIdle(freshMs: number): void {
      const now = Date.now();
      for (const [socket, s] of sockets) if (s.active === 0 && (s.served || now - s.since > freshMs)) socket.destroy();
    },
    get open(): number {
      return sockets.size;
    },
  };
}
