import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest, fromZod, INPUT_MSG } from './errors';

/**
 * The path ('a.b.0') of the first string holding a NUL byte (of the object, for a key), '' for the
 * value itself, undefined when there is none. PostgreSQL refuses NUL in text and jsonb. Iterative: a deeply
 * nested body must not overflow the stack.
 */
export function findNul(value: unknown): string | undefined {
  const stack: Array<[unknown, string[]]> = [[value, []]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path.join('.');
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return path.join('.');
        stack.push([child, [...path, k]]);
      }
    }
  }
  return undefined;
}

function refuseNul(value: unknown): void {
  const at = findNul(value);
  if (at !== undefined) throw badRequest(INPUT_MSG.nul, { [at || '_']: INPUT_MSG.nul });
}

/** Refuses a NUL byte anywhere in the JSON body or the query string (400, field named). */
export const rejectNulBytes: RequestHandler = (req, _res, next) => {
  refuseNul(req.body);
  refuseNul(req.query);
  next();
};

/** Parses a part of the request with a shared zod schema; throws a 400 with pt-BR field messages. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  refuseNul(value);
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw fromZod(r.error);
  return r.data;
}
export const body = <S extends z.ZodType>(req: Request, s: S) => parse(s, req.body);
export const query = <S extends z.ZodType>(req: Request, s: S) => parse(s, req.query);
export const params = <S extends z.ZodType>(req: Request, s: S) => parse(s, req.params);
