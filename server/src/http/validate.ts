import type { Request, RequestHandler } from 'express';
import type { z } from 'zod';
import { badRequest, fromZod, INPUT_MSG } from './errors';

/** The deepest nesting of arrays and objects a request may carry; Tombo's own bodies nest a few levels. */
export const MAX_INPUT_DEPTH = 64;

const tooDeep = () => badRequest(INPUT_MSG.tooDeep);

/**
 * Whether a JSON text nests arrays and objects deeper than `max`: one pass over its bytes, strings skipped,
 * before anything parses or walks it (a body of 60,000 `[` must cost a scan, not a tree).
 */
export function jsonTooDeep(text: Uint8Array, max = MAX_INPUT_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** `express.json`'s verify hook: an over-deep body is a 400 before it is parsed. */
export function refuseDeepJson(_req: unknown, _res: unknown, buf: Buffer): void {
  if (jsonTooDeep(buf)) throw tooDeep();
}

interface Frame {
  value: unknown;
  key: string | null;
  parent: Frame | null;
  depth: number;
}

const pathOf = (f: Frame | null): string => {
  const keys: string[] = [];
  for (let x = f; x && x.key !== null; x = x.parent) keys.push(x.key);
  return keys.reverse().join('.');
};

/**
 * The path ('a.b.0') of the first string holding a NUL byte (of the object, for a key), '' for the
 * value itself, undefined when there is none. PostgreSQL refuses NUL in text and jsonb. Iterative and
 * linear in the value's size: each frame points at its parent, and a path is built only for the hit.
 * Throws a 400 for a value nested deeper than MAX_INPUT_DEPTH.
 */
export function findNul(value: unknown): string | undefined {
  const stack: Frame[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const f = stack.pop()!;
    const v = f.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathOf(f);
    } else if (v !== null && typeof v === 'object') {
      if (f.depth >= MAX_INPUT_DEPTH) throw tooDeep();
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return pathOf(f);
        stack.push({ value: child, key: k, parent: f, depth: f.depth + 1 });
      }
    }
  }
  return undefined;
}

function refuseNul(value: unknown): void {
  const at = findNul(value);
  if (at !== undefined) throw badRequest(INPUT_MSG.nul, { [at || '_']: INPUT_MSG.nul });
}

/** Refuses a NUL byte anywhere in the JSON body or the query string (400, field named), and over-deep ones. */
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
