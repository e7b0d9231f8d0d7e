import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { MSG, type ApiErrorBody, type ErrorCode } from '@tombo/shared';
import { logger } from '../logger';
import { requestIdOfAnswer } from './request-context';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Written as the answer's `error.details` (shared `ApiErrorBody`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** pt-BR answers to malformed requests (docs/api.md, errors). */
export const INPUT_MSG = {
  nul: 'O texto contém um caractere inválido (NUL).',
  tooDeep: 'A requisição tem níveis demais de listas e objetos aninhados (no máximo 64).',
  outOfRange: 'Número fora do intervalo permitido.',
  badJson: 'JSON inválido.',
  badUrl: 'Endereço inválido: há um código % malformado.',
  charset: 'Codificação de caracteres não suportada: envie o corpo em UTF-8.',
  encoding: 'Compressão do corpo não suportada: envie o corpo sem Content-Encoding.',
  badRequest: 'Requisição inválida.',
  badValue: 'Valor inválido.',
  /** The database is unreachable or dropped the connection (restart, failover): 503, try again. */
  unavailable: 'O banco de dados está indisponível no momento. Tente novamente em alguns segundos.',
} as const;

/** Node socket errors of a lost or refused database connection. */
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** node-postgres' own messages for a connection it lost or could not get in time. */
const LOST =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Connection ended/i;

/**
 * Whether the error (or one it wraps) says the database is away rather than that the statement was
 * wrong: a refused or dropped connection, SQLSTATE class 08 (connection exception), 57P01–57P03
 * (terminated by an administrator, crash, starting up), 53300 (too many connections).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NET_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') return true;
    if (typeof e.message === 'string' && LOST.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export const notFound = (message: string = MSG.http.notFound) => new HttpError(404, 'NOT_FOUND', message);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', MSG.http.forbidden);
export const unauthorized = (message: string = MSG.http.unauthorized) => new HttpError(401, 'UNAUTHORIZED', message);
export const conflict = (message: string = MSG.http.conflict, code: ErrorCode = 'CONFLICT') =>
  new HttpError(409, code, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'VALIDATION', message, fields);

/** zod's own (English) messages start so; they are replaced by a generic pt-BR one. */
const ZOD_DEFAULT = /^(Invalid|Expected|Too (big|small)|Unrecognized|Required)\b/;

/** Turns a zod error into `{ fields }` with pt-BR texts; unknown keys are named as such. */
export function fromZod(err: ZodError): HttpError {
  const fields: Record<string, string> = Object.create(null); // a '__proto__' key is a field too
  for (const issue of err.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = MSG.http.unknownField;
      continue;
    }
    const key = issue.path.join('.') || '_';
    fields[key] ??= ZOD_DEFAULT.test(issue.message) ? MSG.http.validation : issue.message;
  }
  const first = Object.values(fields)[0];
  return badRequest(first && first !== MSG.http.validation ? first : MSG.http.validation, fields);
}

const dbError = (err: unknown) => {
  const e = (err as { cause?: unknown })?.cause ?? err;
  return e as { code?: string; constraint?: string } | undefined;
};
/** Postgres unique violation → 409 with the caller's message. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = dbError(err);
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
/** A row still referenced elsewhere: 23503 (foreign key) or 23001 (ON DELETE RESTRICT). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = dbError(err)?.code;
  return code === '23503' || code === '23001';
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound('Rota não encontrada.'));

/** body-parser / http-errors failures (`err.type`) → our answer; unknown 4xx ones get a generic 400. */
function fromRequestError(err: { type?: unknown; status?: unknown; expose?: unknown }): HttpError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return badRequest(INPUT_MSG.badJson);
    case 'entity.too.large':
      return new HttpError(413, 'TOO_LARGE', MSG.http.tooLarge);
    case 'charset.unsupported':
      return new HttpError(415, 'UNPROCESSABLE', INPUT_MSG.charset);
    case 'encoding.unsupported':
      return new HttpError(415, 'UNPROCESSABLE', INPUT_MSG.encoding);
  }
  const status = typeof err.status === 'number' ? err.status : 0;
  if (err.expose === true && status >= 400 && status < 500) return badRequest(INPUT_MSG.badRequest);
  return undefined;
}

/**
 * A value PostgreSQL refused (SQLSTATE class 22, data exception: a number beyond int4, a NUL byte, an
 * impossible date) that validation should have caught: 400, the transaction rolled back. Logged as
 * a warning so the missing check gets written.
 */
function fromDatabaseInput(err: unknown): HttpError | undefined {
  const code = dbError(err)?.code;
  if (typeof code !== 'string' || !code.startsWith('22')) return undefined;
  if (code === '22003') return badRequest(INPUT_MSG.outOfRange);
  if (code === '22021' || code === '22P05') return badRequest(INPUT_MSG.nul);
  return badRequest(INPUT_MSG.badValue);
}

/** What a log line says of the request: its id, and its path without the query string (which may carry tokens). */
const where = (req: Request, res: Response) => ({
  requestId: requestIdOfAnswer(res),
  url: req.originalUrl.split('?')[0],
});

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let e: HttpError | undefined;
  if (err instanceof HttpError) e = err;
  else if (err instanceof ZodError) e = fromZod(err);
  else if (err instanceof URIError) e = badRequest(INPUT_MSG.badUrl);
  else if (typeof err?.type === 'string') e = fromRequestError(err);
  else if (isDatabaseUnavailable(err)) {
    logger.warn({ err, ...where(req, res) }, 'database unavailable');
    res.setHeader('Retry-After', '5');
    e = new HttpError(503, 'UNAVAILABLE', INPUT_MSG.unavailable);
  } else {
    e = fromDatabaseInput(err);
    if (e) logger.warn({ err, ...where(req, res) }, 'input refused by the database');
  }
  if (!e) {
    // The logger's serializer keeps message, code, constraint and query text only (never the parameters).
    logger.error({ err, ...where(req, res) }, 'unhandled error');
    e = new HttpError(500, 'INTERNAL', MSG.http.internal);
  }
  const body: ApiErrorBody = { code: e.code, message: e.message };
  if (e.fields) body.fields = e.fields;
  if (e.details) body.details = e.details;
  res.status(e.status).json({ error: body });
};
