import http from 'node:http';
import type net from 'node:net';
import type { Express } from 'express';

/**
 * The HTTP server's request and response objects, born with the app's prototypes (`adopt`). Express gives
 * every request its `app.request`/`app.response` prototypes with Object.setPrototypeOf, which changes
 * the objects' hidden class after Node's HTTP code has built them: Node's own code then runs slower on
 * them for the rest of the request (measured on a bare Express route: 0.25–0.30 → 0.13 ms of CPU per
 * request). Built with those prototypes already, Express's setPrototypeOf finds them in place and
 * changes nothing. Until `adopt`, they are Node's plain objects.
 */
export function appMessages(): {
  IncomingMessage: typeof http.IncomingMessage;
  ServerResponse: typeof http.ServerResponse;
  adopt(app: Express): void;
} {
  function Request(this: http.IncomingMessage, socket: net.Socket) {
    http.IncomingMessage.call(this, socket);
  }
  function Response(this: http.ServerResponse, req: http.IncomingMessage, options?: unknown) {
    (http.ServerResponse as unknown as (this: unknown, ...a: unknown[]) => void).call(this, req, options);
  }
  Request.prototype = http.IncomingMessage.prototype;
  Response.prototype = http.ServerResponse.prototype;
  return {
    IncomingMessage: Request as unknown as typeof http.IncomingMessage,
    ServerResponse: Response as unknown as typeof http.ServerResponse,
    adopt(app) {
      Request.prototype = app.request;
      Response.prototype = app.response;
    },
  };
}
