import type { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@tombo/shared';
import type { LiveHandlers } from '../../lib/feature';
import { rereadInFlight } from '../../lib/cache';
import { toast } from '../../lib/toast';
import { notificationKeys, type NotificationListKey } from './keys';

// Cache patches live here (not in queries.ts) so that the session-wide handlers stay out of the screens' chunks.

function cachedLists(qc: QueryClient) {
  return qc
    .getQueriesData<NotificationList>({ queryKey: notificationKeys.lists })
    .filter((entry): entry is [NotificationListKey, NotificationList] => !!entry[1]);
}

/**
 * A new notification goes first on every cached first page that shows unread ones, and counts as unread
 * everywhere; later pages shift, so they are refetched. A copy already there (a fetch beat the event) is skipped.
 * A page being read right now may miss it: it is read again.
 */
export function addNotification(qc: QueryClient, n: Notification) {
  rereadInFlight(qc, notificationKeys.lists);
  for (const [key, data] of cachedLists(qc)) {
    if (data.notifications.some((x) => x.id === n.id)) continue;
    const [, , filter, page] = key;
    const counted = { ...data, unread: data.unread + 1 };
    if (filter === 'read') qc.setQueryData(key, counted);
    else if (page === 1) {
      const notifications = [n, ...data.notifications].slice(0, data.pageSize);
      qc.setQueryData(key, { ...counted, notifications, total: data.total + 1 });
    } else {
      qc.setQueryData(key, { ...counted, total: data.total + 1 });
      void qc.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

/**
 * One (`id`) or all (`id` null) notifications were read: they show as read with the new count; the
 * read and unread filters gain or lose rows, so those pages are refetched.
 */
export function applyRead(qc: QueryClient, id: number | null, unread: number) {
  for (const [key, data] of cachedLists(qc)) {
    const notifications = data.notifications.map((x) =>
      !x.isRead && (id === null || x.id === id) ? { ...x, isRead: true } : x,
    );
    qc.setQueryData(key, { ...data, notifications, unread });
    if (key[2] !== 'all') void qc.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** A new notification is said in a toast and counted at once; a read in another tab updates the count. */
export const live: LiveHandlers = {
  'notification.created': (e, { queryClient }) => {
    addNotification(queryClient, e.data);
    toast.notice(e.data.description, e.data.title);
  },
  'notification.read': (e, { queryClient }) => applyRead(queryClient, e.data.id, e.data.unread),
};
