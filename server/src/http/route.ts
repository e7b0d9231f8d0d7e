import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Permission } from '@tombo/shared';
import type { AppContext } from '../context';
import type { Principal } from '../auth/principal';
import type { Db } from '../db/client';
import type { Actor, Outbox } from '../db/tx';
import type { TenantScope } from '../tenancy/scope';
import type { AccessPermission } from '../tenancy/access';

/** Who may call a route: anyone, any signed-in user, a user of a municipality, or the superuser. */
export type Audience = 'public' | 'signed-in' | 'municipal' | 'superuser';
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Schema = z.ZodType | undefined;
type Out<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a handler gets: the parsed input, the caller, and the two ways into the database. */
export interface RouteCall<P extends Schema, Q extends Schema, B extends Schema, A extends Audience> {
  ctx: AppContext;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  principal: A extends 'public' ? Principal | undefined : Principal;
  actor: A extends 'public' ? Actor | null : Actor;
  /** The request's id (X-Request-Id): log lines and the jobs a handler queues name it. */
  requestId: string | undefined;
  /** True when the route's `self` param names the caller's own user record. */
  self: boolean;
  /** The caller's municipality and sectors (municipal routes). */
  scope: A extends 'municipal' ? TenantScope : TenantScope | undefined;
  req: Request;
  res: Response;
  /** A read under the caller's tenancy (row-level security applies). */
  read<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** A change: one transaction under the caller's tenancy, events published after the commit. */
  command<T>(fn: (tx: Db, out: Outbox) => Promise<T>): Promise<T>;
}

export interface RouteDef<
  P extends Schema = Schema,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  A extends Audience = Audience,
> {
  method: Method;
  /** Express path under /api. */
  path: string;
  audience: A;
  /** The role permission the caller needs (403 without it). */
  permission?: Permission;
  params?: P;
  query?: Q;
  /** JSON body schema; 'upload' = a multipart body the handler reads itself. */
  body?: B | 'upload';
  /** Documents the answer; checked against it outside production. */
  response?: z.ZodType;
  /** 200 unless said (201 for creations, 202 for queued jobs, 204 for empty answers). */
  status?: number;
  /**
   * Object access checked before anything else is read: the param's id must pass the area's access
   * rule, else 404 (another municipality's record, another sector's asset).
   */
  access?: {
    param: string;
    rule: AccessPermission;
    /** The 404's message (default 'Registro não encontrado.'). */ message?: string;
  };
  /**
   * A param that may name the caller's own user record (a profile): for it the permission is not
   * asked, the audience and access rule still are; the handler sees `self` and limits what may change.
   */
  self?: string;
  /** Served while the caller must still change a password someone else set (else 403 PASSWORD_CHANGE_REQUIRED). */
  beforePasswordChange?: true;
  /** The answer's body (sent as JSON), or `undefined` when the handler answered itself (files). */
  handler(call: RouteCall<P, Q, B, A>): Promise<unknown>;
}

/** Declares a route (typed end to end); areas export lists of these and one registry mounts them all. */
export function route<P extends Schema, Q extends Schema, B extends Schema, A extends Audience>(
  def: RouteDef<P, Q, B, A>,
): RouteDef {
  return def as unknown as RouteDef;
}
