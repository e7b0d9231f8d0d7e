import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { MSG, type ApiErrorBody, type ErrorCode } from '@tombo/shared';
import { logger } from '../logger';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.http.notFound) => new HttpError(404, 'NOT_FOUND', message);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', MSG.http.forbidden);
export const unauthorized = (message: string = MSG.http.unauthorized) => new HttpError(401, 'UNAUTHORIZED', message);
export const conflict = (message: string = MSG.http.conflict, code: ErrorCode = 'CONFLICT') =>
  new HttpError(409, code, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'VALIDATION', message, fields);

/** Turns a zod error into `{ fields }` with pt-BR texts; unknown keys are named as such. */
export function fromZod(err: ZodError): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = MSG.http.unknownField;
      continue;
    }
    const key = issue.path.join('.') || '_';
    fields[key] ??=
      issue.message.startsWith('Invalid') || issue.message.startsWith('Expected') ? MSG.http.validation : issue.message;
  }
  const first = Object.values(fields)[0];
  return badRequest(first && first !== MSG.http.validation ? first : MSG.http.validation, fields);
}

/** Postgres unique violation → 409 with the caller's message. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  const name = (e as { constraint?: string })?.constraint;
  return code === '23505' && (!constraint || name === constraint);
}
/** A row still referenced elsewhere: 23503 (foreign key) or 23001 (ON DELETE RESTRICT). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const code = (e as { code?: string })?.code;
  return code === '23503' || code === '23001';
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(notFound('Rota não encontrada.'));

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  let e: HttpError;
  if (err instanceof HttpError) e = err;
  else if (err instanceof ZodError) e = fromZod(err);
  else if (err?.type === 'entity.parse.failed') e = badRequest('JSON inválido.');
  else if (err?.type === 'entity.too.large') e = new HttpError(413, 'TOO_LARGE', MSG.http.tooLarge);
  else {
    logger.error({ err, url: req.originalUrl }, 'unhandled error');
    e = new HttpError(500, 'INTERNAL', MSG.http.internal);
  }
  const body: ApiErrorBody = { code: e.code, message: e.message };
  if (e.fields) body.fields = e.fields;
  res.status(e.status).json({ error: body });
};
