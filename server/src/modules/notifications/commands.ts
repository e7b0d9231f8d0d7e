import { and, eq, inArray, ne } from 'drizzle-orm';
import { room, type Notification, type NotificationType, type Role } from '@tombo/shared';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { Outbox } from '../../db/tx';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentNotification } from './presenters';
import { unreadCount } from './queries';
import { NOTIFICATION_MSG } from '@tombo/shared';

export interface NotificationInput {
  title: string;
  description: string;
  type: NotificationType;
  link?: string | null;
  /**
   * Sends it at most once per user: a second `notify` with the same key (a scheduled job run twice)
   * writes and pushes nothing for a user who already has it.
   */
  dedupeKey?: string;
}

/**
 * Notifies users of the scope's municipality inside the caller's transaction; each recipient's copy
 * is pushed to their own room after the commit. Ids of other municipalities are ignored.
 */
export async function notify(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  userIds: readonly number[],
  n: NotificationInput,
): Promise<Notification[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const recipients = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(ofTenant(users, scope), inArray(users.id, ids)));
  if (recipients.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      recipients.map((r) => ({
        municipalityId: scope.municipalityId,
        userId: r.id,
        title: n.title,
        description: n.description,
        type: n.type,
        link: n.link ?? null,
        dedupeKey: n.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const sent = rows.map(presentNotification);
  for (const s of sent) out.emit(room.user(s.userId), 'notification.created', s, scope.municipalityId);
  return sent;
}

/** The ids of the municipality's users with one of `roles` (e.g. the admins to warn). */
export async function usersWithRoles(tx: Db, scope: TenantScope, roles: readonly Role[]): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(ofTenant(users, scope), inArray(users.role, [...roles])));
  return rows.map((r) => r.id);
}

/** The ids of every user of the municipality but `exceptUserId` (announcements to the city hall). */
export async function everyoneBut(tx: Db, scope: TenantScope, exceptUserId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(ofTenant(users, scope), ne(users.id, exceptUserId)));
  return rows.map((r) => r.id);
}

/** Marks one of the user's own notifications read (404 for anyone else's). */
export async function markRead(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  userId: number,
  id: number,
): Promise<{ id: number; unread: number }> {
  const [row] = await tx
    .update(notifications)
    .set({ isRead: true })
    .where(and(ofTenant(notifications, scope), eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(NOTIFICATION_MSG.notFound);
  const unread = await unreadCount(tx, scope, userId);
  out.emit(room.user(userId), 'notification.read', { id, unread }, scope.municipalityId);
  return { id, unread };
}

/** Marks all of the user's notifications read (spec §4 Notification). */
export async function markAllRead(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  userId: number,
): Promise<{ updated: number; unread: number }> {
  const rows = await tx
    .update(notifications)
    .set({ isRead: true })
    .where(and(ofTenant(notifications, scope), eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  out.emit(room.user(userId), 'notification.read', { id: null, unread: 0 }, scope.municipalityId);
  return { updated: rows.length, unread: 0 };
}
