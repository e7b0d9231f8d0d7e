import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { room, type LiveEvent, type ServerEventData, type ServerEventName } from '@tombo/shared';
import type { AppContext } from '../context';
import { allMunicipalities, isAll, scopeOfMunicipality, type Tenancy } from '../tenancy/scope';
import { APP_ROLE, sessionReader, type Db } from './client';
import { auditLogs } from './schema';
import { logger } from '../logger';
import { presentLogs } from '../modules/audit/presenters';

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

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  details?: string | { old_value?: unknown; new_value?: unknown } | null;
  /** The record's name or number now (the asset's number, the user's name): the log shows it as it was. */
  label?: string | null;
  /**
   * The asset's sector (entries about an asset, or a transfer or loan of one): the `usuario`s of that
   * sector see the entry in their feed and get it live.
   */
  sectorId?: number | null;
  /** Whose activity log holds it when not the actor's (the superuser changing a municipality's user). */
  municipalityId?: number | null;
}

/** Audited entities whose change can alter a signed-in user's principal (role, sectors, municipality, permissions). */
const PRINCIPAL_ENTITIES = new Set(['User', 'Role', 'Municipality', 'Sector']);

/**
 * Writes an audit row inside the caller's transaction and queues `audit.created` for the activity feed:
 * the municipality's `audit` room and, for an entry with a sector, the rooms that see that sector's assets.
 */
export async function audit(
  tx: Db,
  out: Outbox,
  entry: AuditEntry,
  municipalityId = entry.municipalityId !== undefined ? entry.municipalityId : (out.actor?.municipalityId ?? null),
): Promise<void> {
  await auditMany(tx, out, [entry], municipalityId);
}

/**
 * Above this many rows `auditMany` inserts with one array parameter per column: a statement of thousands of
 * rows of values took seconds to build (measured on a bulk edit of 5,000 assets).
 */
const AUDIT_VALUES_MAX = 100;

/**
 * `audit` for many entries of one municipality (a bulk edit): one insert and one lookup of their labels,
 * then one `audit.created` per row, as `audit` queues it.
 */
export async function auditMany(
  tx: Db,
  out: Outbox,
  entries: readonly AuditEntry[],
  municipalityId: number | null = out.actor?.municipalityId ?? null,
): Promise<void> {
  if (!entries.length) return;
  if (entries.some((e) => PRINCIPAL_ENTITIES.has(e.entityType))) out.principalsChanged = true;
  const values = entries.map((entry) => ({
    municipalityId,
    userId: out.actor?.id ?? null,
    userName: out.actor?.name ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    entityLabel: entry.label ?? null,
    sectorId: entry.sectorId ?? null,
    details:
      entry.details == null ? null : typeof entry.details === 'string' ? entry.details : JSON.stringify(entry.details),
  }));
  const rows =
    values.length <= AUDIT_VALUES_MAX
      ? await tx.insert(auditLogs).values(values).returning()
      : await insertAuditArrays(tx, values);
  const logs = await presentLogs(tx, rows, municipalityId);
  for (const log of logs) {
    const sectorId = log.sectorId;
    const rooms =
      municipalityId == null
        ? room.superusers
        : sectorId == null
          ? room.audit(municipalityId)
          : [room.audit(municipalityId), room.assets(municipalityId), room.sectorAssets(municipalityId, sectorId)];
    out.emit(rooms, 'audit.created', log, municipalityId);
  }
}

type AuditValues = Omit<typeof auditLogs.$inferInsert, 'id' | 'createdAt'>;

/** `auditMany`'s rows (one actor and municipality) inserted from one array parameter per column, read back typed. */
async function insertAuditArrays(
  tx: Db,
  values: readonly AuditValues[],
): Promise<Array<typeof auditLogs.$inferSelect>> {
  const a = auditLogs;
  const [first] = values;
  const cols = [
    a.municipalityId,
    a.userId,
    a.userName,
    a.action,
    a.entityType,
    a.entityId,
    a.entityLabel,
    a.sectorId,
    a.details,
  ];
  const column = (pick: (v: AuditValues) => unknown) => sql.param(values.map((v) => pick(v) ?? null));
  const res = (await tx.execute(sql`insert into ${a} (${sql.join(
    cols.map((c) => sql.identifier(c.name)),
    sql`, `,
  )})
    select ${first.municipalityId ?? null}::int, ${first.userId ?? null}::int, ${first.userName ?? null}::text, u.*
      from unnest(${column((v) => v.action)}::text[], ${column((v) => v.entityType)}::text[],
                  ${column((v) => v.entityId)}::text[], ${column((v) => v.entityLabel)}::text[],
                  ${column((v) => v.sectorId)}::int[], ${column((v) => v.details)}::text[]) as u
    returning ${sql.identifier(a.id.name)} as id`)) as unknown as { rows: Array<{ id: string | number }> };
  const ids = res.rows.map((r) => Number(r.id));
  return tx
    .select()
    .from(a)
    .where(sql`${a.id} = any(${sql.param(ids)}::bigint[])`)
    .orderBy(asc(a.id));
}

/** A live event to queue with a change: rooms, name and payload (list-item shape or `{ id, … }`). */
export interface ChangeEvent<N extends ServerEventName = ServerEventName> {
  rooms: string | string[];
  name: N;
  data: ServerEventData<N>;
  /** The event's municipality when not the actor's (as `AuditEntry.municipalityId`). */
  municipalityId?: number | null;
}

/**
 * One change, one record: the audit row and the live events of a change, written and queued together
 * inside the caller's transaction (the events go out after the commit).
 */
export async function record(tx: Db, out: Outbox, entry: AuditEntry | null, ...events: ChangeEvent[]): Promise<void> {
  if (entry) await audit(tx, out, entry);
  for (const e of events) out.emit(e.rooms, e.name, e.data as never, e.municipalityId);
}

/** `record` for many changes of the actor's municipality at once (a bulk edit): their audit rows in `auditMany`. */
export async function recordMany(
  tx: Db,
  out: Outbox,
  changes: ReadonlyArray<{ entry: AuditEntry; events: ChangeEvent[] }>,
): Promise<void> {
  await auditMany(
    tx,
    out,
    changes.map((c) => c.entry),
  );
  for (const c of changes) for (const e of c.events) out.emit(e.rooms, e.name, e.data as never, e.municipalityId);
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
