import type { LiveEvent } from '../common';
import type { Notification } from './types';

/** Sent to the recipient's own room (`u:<id>`) only. */
export interface NotificationEvents {
  'notification.created': (e: LiveEvent<Notification>) => void;
  /** One (`id`) or all (`id` null) of the user's notifications were marked read; `unread` is the new count. */
  'notification.read': (e: LiveEvent<{ id: number | null; unread: number }>) => void;
}
