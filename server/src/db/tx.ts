import { randomUUID } from 'node:crypto';
import { room, type AuditLog, type LiveEvent, type ServerEventData, type ServerEventName } from '@tombo/shared';
import type { AppContext } from '../context';
import type { Db } from './client';
import { auditLogs } from './schema';

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

  flush(ctx: Pick<AppContext, 'publisher'>): void {
    for (const p of this.pending.splice(0)) ctx.publisher.emit(p.rooms, p.name, p.event as never);
  }
}

/** Runs `fn` in one transaction and publishes its events after commit (nothing is sent on rollback). */
export async function mutate<T>(
  ctx: Pick<AppContext, 'db' | 'publisher'> & Partial<Pick<AppContext, 'principals'>>,
  actor: Actor | null,
  fn: (tx: Db, out: Outbox) => Promise<T>,
): Promise<T> {
  const out = new Outbox(actor);
  const result = await ctx.db.transaction((tx) => fn(tx as unknown as Db, out));
  // The database notifies every node too; this node drops its copies at once so the author's next
  // request never races that notification.
  if (out.principalsChanged) ctx.principals?.forgetAll();
  out.flush(ctx);
  return result;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  details?: string | { old_value?: unknown; new_value?: unknown } | null;
}

/** Audited entities whose change can alter a signed-in user's principal (role, sectors, municipality, permissions). */
const PRINCIPAL_ENTITIES = new Set(['User', 'Role', 'Municipality', 'Sector']);

/** Writes an audit row inside the caller's transaction and queues `audit.created` for the activity feed. */
export async function audit(
  tx: Db,
  out: Outbox,
  entry: AuditEntry,
  municipalityId = out.actor?.municipalityId ?? null,
): Promise<void> {
  if (PRINCIPAL_ENTITIES.has(entry.entityType)) out.principalsChanged = true;
  const details =
    entry.details == null ? null : typeof entry.details === 'string' ? entry.details : JSON.stringify(entry.details);
  const [row] = await tx
    .insert(auditLogs)
    .values({
      municipalityId,
      userId: out.actor?.id ?? null,
      userName: out.actor?.name ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      details,
    })
    .returning();
  const log: AuditLog = { ...row, createdAt: row.createdAt.toISOString() };
  out.emit(municipalityId == null ? room.superusers : room.audit(municipalityId), 'audit.created', log, municipalityId);
}

export const actorOf = (p: { id: number; name: string; municipalityId: number | null }): Actor => ({
  id: p.id,
  name: p.name,
  municipalityId: p.municipalityId,
});
