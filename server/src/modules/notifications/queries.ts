import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { NotificationList, NotificationListQuery } from '@tombo/shared';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentNotification } from './presenters';

const own = (scope: TenantScope, userId: number) =>
  and(ofTenant(notifications, scope), eq(notifications.userId, userId)) as SQL;

export async function unreadCount(tx: Db, scope: TenantScope, userId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(own(scope, userId), eq(notifications.isRead, false)));
  return n;
}

/** A page of the user's own notifications, newest first, with their unread count (spec §4). */
export async function listNotifications(
  tx: Db,
  scope: TenantScope,
  userId: number,
  q: NotificationListQuery,
): Promise<NotificationList> {
  const where =
    q.filter === 'all' ? own(scope, userId) : and(own(scope, userId), eq(notifications.isRead, q.filter === 'read'));
  const rows = await tx
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ n }] = await tx.select({ n: count() }).from(notifications).where(where);
  return {
    notifications: rows.map(presentNotification),
    total: n,
    unread: await unreadCount(tx, scope, userId),
    page: q.page,
    pageSize: q.pageSize,
  };
}
