import type { Request } from 'express';
import type { z } from 'zod';
import { fromZod } from './errors';

/** Parses a part of the request with a shared zod schema; throws a 400 with pt-BR field messages. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw fromZod(r.error);
  return r.data;
}
export const body = <S extends z.ZodType>(req: Request, s: S) => parse(s, req.body);
export const query = <S extends z.ZodType>(req: Request, s: S) => parse(s, req.query);
export const params = <S extends z.ZodType>(req: Request, s: S) => parse(s, req.params);
