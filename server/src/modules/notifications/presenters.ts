import type { Notification, NotificationType } from '@tombo/shared';
import type { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** Row → API shape (HTTP and the `notification.created` event). */
export const presentNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  userId: r.userId,
  title: r.title,
  description: r.description,
  type: r.type as NotificationType,
  link: r.link,
  timestamp: r.createdAt.toISOString(),
  isRead: r.isRead,
});
