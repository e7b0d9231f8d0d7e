import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { room, type LiveEvent, type ServerEventData, type ServerEventName } from '@tombo/shared';
import type { AppContext } from '../context';
import { allMunicipalities, isAll, scopeOfMunicipality, type Tenancy } from '../tenancy/scope';
import { APP_ROLE, sessionReader, type Db } from './client';
import { logger } from '../logger';

export interface Actor {
  id: number;
  name: string;
  municipalityId: number | null;
}

interface Pending {
  rooms: string | string[];
  name: ServerEventName;
  event: LiveEvent<unknown>;
}

const PERSONAL_ROOMS = [room.user(0).slice(0, -1), room.session('')];
const isPersonal = (rooms: string | string[]) =>
  (Array.isArray(rooms) ? rooms : [rooms]).every((r) => PERSONAL_ROOMS.some((prefix) => r.startsWith(prefix)));

/** The id of an event's record, when it carries one. */
const recordId = (data: unknown) =>
  typeof data === 'object' && data !== null && 'id' in data ? (data as { id: unknown }).id : undefined;

/**
 * Drops a `*.updated` snapshot that a later one of the same record, to the same rooms, supersedes (a
 * transfer's approval moves the asset and then clears its flag: its watchers need the final row once).
 */
function latestSnapshots(events: Pending[]): Pending[] {
  const key = (p: Pending) => {
    const id = recordId(p.event.data);
    return p.name.endsWith('.updated') && id !== undefined ? `${p.name}|${JSON.stringify(p.rooms)}|${id}` : null;
  };
  const last = new Map<string, number>();
  events.forEach((p, i) => {
    const k = key(p);
    if (k) last.set(k, i);
  });
  return events.filter((p, i) => {
    const k = key(p);
    return k === null || last.get(k) === i;
  });
}

/** Collects live events during a transaction; they are published only after it commits. */
export class Outbox {
  private readonly pending: Pending[] = [];
  /** Set when the transaction changed who someone is or what they may do (see PRINCIPAL_ENTITIES). */
  principalsChanged = false;
  constructor(readonly actor: Actor | null) {}

  emit<N extends ServerEventName>(
    rooms: string | string[],
    name: N,
    data: ServerEventData<N>,
    municipalityId = this.actor?.municipalityId ?? null,
  ): void {
    const event: LiveEvent<ServerEventData<N>> = {
      id: randomUUID(),
      municipalityId,
      actor: this.actor ? { id: this.actor.id, name: this.actor.name } : null,
      at: new Date().toISOString(),
      data,
    };
    this.pending.push({ rooms, name, event });
  }

  private readonly afterwards: Array<() => Promise<void>> = [];

  /** Work that must wait for the commit (removing files of deleted rows); never runs on rollback. */
  afterCommit(fn: () => Promise<void>): void {
    this.afterwards.push(fn);
  }

  /** Runs the after-commit work; a failure is logged (with the request's id), the change stands. */
  async settle(requestId?: string): Promise<void> {
    for (const fn of this.afterwards.splice(0))
      await fn().catch((err) => logger.warn({ err, requestId }, 'after-commit work failed'));
  }

  /** How many events wait for the commit (tests of composed commands look at it). */
  get size(): number {
    return this.pending.length;
  }

  /**
   * Publishes the events, those addressed to one person first: the user waiting for an answer (a decision,
   * a job) gets it before the broadcasts to whole municipalities, which take longer to fan out.
   */
  flush(ctx: Pick<AppContext, 'publisher'>): void {
    const all = latestSnapshots(this.pending.splice(0));
    const send = (list: Pending[]) => {
      for (const p of list) ctx.publisher.emit(p.rooms, p.name, p.event as never);
    };
    send(all.filter((p) => isPersonal(p.rooms)));
    // A broadcast to thousands of sockets holds the event loop for a while: the author's HTTP answer goes out first.
    const broadcasts = all.filter((p) => !isPersonal(p.rooms));
    if (broadcasts.length) setImmediate(() => send(broadcasts));
  }
}

export { APP_ROLE };

/**
 * Makes the rest of the transaction run as the application role with the tenant settings the
 * policies read: one municipality, or (superuser, installation-wide work) all of them. (Connections
 * already are the app role with no municipality, so a statement outside these transactions sees no
 * tenant row; setting the role here again keeps a transaction right on any connection.)
 */
export async function enterTenancy(tx: Db, tenancy: Tenancy): Promise<void> {
  await tx.execute(sql.raw(tenancySetup(tenancy)));
}

/** The tenant settings' `set_config` calls (their only values are an integer id and on/off). */
function tenantConfig(tenancy: Tenancy, local: boolean): string {
  const municipality = isAll(tenancy) ? '' : tenancy.municipalityId;
  if (municipality !== '' && !Number.isSafeInteger(municipality)) throw new Error(`bad municipality ${municipality}`);
  const all = isAll(tenancy) ? 'on' : 'off';
  return `set_config('app.municipality_id', '${municipality}', ${local}), set_config('app.all_municipalities', '${all}', ${local})`;
}

/** The first statement of a tenant transaction (`enterTenancy`, `mutate`): the app role and the settings, for it only. */
function tenancySetup(tenancy: Tenancy, opts: ReadOptions = {}): string {
  const serial = opts.parallel === false ? `, set_config('max_parallel_workers_per_gather', '0', true)` : '';
  return `select set_config('role', '${APP_ROLE}', true), ${tenantConfig(tenancy, true)}${serial}`;
}

/**
 * A read connection's session settings (`sessionReader`; its connections already are the app role). Every
 * setting a read may change is written, so that none outlives its read; still one round trip.
 */
function readSettings(tenancy: Tenancy, opts: ReadOptions): string {
  const parallel =
    opts.parallel === false ? 'set max_parallel_workers_per_gather = 0' : 'reset max_parallel_workers_per_gather';
  return `select ${tenantConfig(tenancy, false)}; ${parallel}`;
}

export interface ReadOptions {
  /**
   * false: no parallel workers for this read's statements. For reads that come in bursts (the public
   * consultation): on a small server 50 searches each starting two workers served a third fewer requests.
   */
  parallel?: boolean;
}

/** A transaction under a tenancy: drizzle's own, whose first statement is the tenant settings. */
const underTenancy = <T>(db: Db, tenancy: Tenancy, fn: (tx: Db) => Promise<T>, opts?: ReadOptions): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql.raw(tenancySetup(tenancy, opts)));
    return fn(tx);
  });

/** The tenancy of a change made by `actor`: their municipality, or all of them for the superuser and the system. */
export const tenancyOf = (actor: Actor | null): Tenancy =>
  actor?.municipalityId != null ? scopeOfMunicipality(actor.municipalityId) : allMunicipalities();

type Ctx = Pick<AppContext, 'db' | 'publisher'> &
  Partial<Pick<AppContext, 'principals' | 'publicAnswers' | 'sectorAnswers'>>;

/**
 * The route-level entry of a change: one transaction under the actor's tenancy, whose events are
 * published after the commit (nothing is sent on rollback). Commands run inside it and never open their own.
 */
export async function mutate<T>(
  ctx: Ctx,
  actor: Actor | null,
  fn: (tx: Db, out: Outbox) => Promise<T>,
  tenancy: Tenancy = tenancyOf(actor),
  /** The request it serves: a failure logged after the commit names it. */
  requestId?: string,
): Promise<T> {
  const out = new Outbox(actor);
  const result = await underTenancy(ctx.db, tenancy, (tx) => fn(tx, out));
  // The database notifies every node too; this node drops its copies at once so the author's next
  // request never races that notification.
  if (out.principalsChanged) ctx.principals?.forgetAll();
  ctx.publicAnswers?.forgetTenancy(tenancy);
  ctx.sectorAnswers?.forgetTenancy(tenancy);
  out.flush(ctx);
  await out.settle(requestId);
  return result;
}

/**
 * A read under a tenancy, where row-level security sees the tenant settings. On PostgreSQL it runs on one
 * connection of the read pool that keeps the settings between reads, each statement on its own (autocommit):
 * a one-statement read is one round trip. Under READ COMMITTED a transaction gave each statement its own
 * snapshot anyway; what needs one transaction (advisory locks, SET LOCAL, cursors) is a change, in `mutate`,
 * or opens `tx.transaction` (on the same connection). A read awaits every statement it starts.
 */
export async function read<T>(
  ctx: Pick<AppContext, 'db'>,
  tenancy: Tenancy,
  fn: (tx: Db) => Promise<T>,
  opts: ReadOptions = {},
): Promise<T> {
  const session = sessionReader(ctx.db);
  return session ? session(readSettings(tenancy, opts), fn) : underTenancy(ctx.db, tenancy, fn, opts);
}

/** A live event to queue with a change: rooms, name and payload (list-item shape or `{ id, … }`). */
export interface ChangeEvent<N extends ServerEventName = ServerEventName> {
  rooms: string | string[];
  name: N;
  data: ServerEventData<N>;
  /** The event's municipality when not the actor's (as `AuditEntry.municipalityId`). */
  municipalityId?: number | null;
}

/** A typed live event for `record`. */
export const liveEvent = <N extends ServerEventName>(
  rooms: string | string[],
  name: N,
  data: ServerEventData<N>,
  municipalityId?: number | null,
): ChangeEvent => ({ rooms, name, data, municipalityId }) as unknown as ChangeEvent;

export const actorOf = (p: { id: number; name: string; municipalityId: number | null }): Actor => ({
  id: p.id,
  name: p.name,
  municipalityId: p.municipalityId,
});
