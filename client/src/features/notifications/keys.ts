import type { NotificationListQuery } from '@tombo/shared';

export type NotificationFilter = NotificationListQuery['filter'];

/** How many of the latest notifications the header bell shows. */
export const BELL_PAGE_SIZE = 8;

/** Query keys of the caller's notifications (one query per filter, page and page size). */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (filter: NotificationFilter, page: number, pageSize: number) =>
    ['notifications', 'list', filter, page, pageSize] as const,
};
export type NotificationListKey = ReturnType<typeof notificationKeys.list>;
