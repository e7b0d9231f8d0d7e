import { AsyncLocalStorage } from 'node:async_hooks';
import { destination, pino, type DestinationStream } from 'pino';

/**
 * The request id of the job running now (the id of the request that queued it): every log line of the job
 * carries it. Jobs only: HTTP requests and socket events name their id in their log lines themselves
 * (`requestId`), because an AsyncLocalStorage in use makes Node call a hook on every promise the process
 * creates, ~0.05 ms of CPU on a one-statement read (see docs/architecture.md, "Request ids").
 */
const requestIds = new AsyncLocalStorage<string>();

/** The current job's request id, if any. */
export const currentRequestId = (): string | undefined => requestIds.getStore();

/** Runs a job with `requestId` as the current one (the worker, the inline queue). */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestId ? requestIds.run(requestId, fn) : fn();
}

/** Keys whose values never reach a log line, at any of the first three levels of a log object. */
const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'refreshToken',
  'resetToken',
  'secret',
  'jwtSecret',
  'authorization',
  'cookie',
  'set-cookie',
  'params',
];
const REDACT_PATHS = SECRET_KEYS.flatMap((k) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
  const at = (prefix: string) => (key.startsWith('[') ? `${prefix}${key}` : `${prefix}.${key}`);
  return [key, at('*'), at('*.*')];
});

/** Fields of an error that are safe to log (never a query's parameters, a row's values or a body). */
const SAFE_FIELDS = ['code', 'constraint', 'table', 'column', 'routine', 'status', 'statusCode'] as const;

/** An error's message without Drizzle's "params: …" tail nor the value a PostgreSQL data error quotes. */
function safeMessage(err: object): string {
  const { message, code } = err as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' ? message.split('\nparams:')[0] : '';
  return typeof code === 'string' && code.startsWith('22') ? text.replace(/"[^"]*"/g, '"…"') : text;
}

/**
 * An error reduced to what may be logged: its class, message, stack frames, database code,
 * constraint and query text, and its cause likewise. Drizzle puts the parameters in the message
 * ("params: …") and PostgreSQL data errors quote the offending value: both are cut out.
 */
export function safeError(err: unknown, depth = 0): unknown {
  if (err === null || typeof err !== 'object') return err;
  const e = err as Record<string, unknown>;
  const type = (err as { constructor?: { name?: string } }).constructor?.name ?? 'Error';
  const message = safeMessage(err);
  const out: Record<string, unknown> = { type, message };
  for (const k of SAFE_FIELDS) if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = e[k];
  if (typeof e.query === 'string') out.query = e.query;
  if (typeof e.stack === 'string') {
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  if (e.cause !== undefined && depth < 4) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** Where log lines go: stdout, or a test's capture (see `captureLogs`). */
let target: DestinationStream = destination(1);
const sink: DestinationStream = { write: (line: string) => target.write(line) };

export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
    base: undefined,
    mixin() {
      const requestId = requestIds.getStore();
      return requestId ? { requestId } : {};
    },
    serializers: { err: safeError, error: safeError, cause: safeError },
    redact: { paths: REDACT_PATHS, censor: '[oculto]' },
    hooks: {
      // `logger.error(err)` would take the raw message as `msg`: log it as `{ err }` with the safe one.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (!(first instanceof Error)) return method.apply(this, args);
        const msg = typeof rest[0] === 'string' ? (rest as [string, ...unknown[]]) : [safeMessage(first)];
        return method.apply(this, [{ err: first }, ...msg] as Parameters<typeof method>);
      },
    },
  },
  sink,
);
export type Logger = typeof logger;

/** Tests: sends every log line to `write` until the returned function is called. */
export function captureLogs(write: (line: string) => void): () => void {
  const previous = target;
  target = { write };
  return () => {
    target = previous;
  };
}
