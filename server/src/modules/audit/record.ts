import { asc, sql } from 'drizzle-orm';
import { room } from '@tombo/shared';
import type { Db } from '../../db/client';
import { auditLogs } from '../../db/schema';
import type { ChangeEvent, Outbox } from '../../db/tx';
import { presentLogs } from './presenters';

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
