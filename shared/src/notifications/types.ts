import type { NotificationType } from './schemas';

/** A notification as the API returns it (spec §3 Notification). */
export interface Notification {
  id: number;
  userId: number;
  title: string;
  description: string;
  type: NotificationType;
  link: string | null;
  timestamp: string;
  isRead: boolean;
}
export interface NotificationList {
  notifications: Notification[];
  total: number;
  /** The caller's unread notifications, whatever the filter. */
  unread: number;
  page: number;
  pageSize: number;
}
