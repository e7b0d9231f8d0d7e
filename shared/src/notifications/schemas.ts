import { z } from 'zod';
import { int4FromText } from '../common';

/** Spec §3 Notification types: 'document', 'transfer', and the ones Tombo adds (loans). */
export const NOTIFICATION_TYPES = ['document', 'transfer', 'loan', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const PAGE_MSG = 'Página inválida.';
export const notificationListQuery = z.strictObject({
  /** 'unread' = only unread; 'read' = only read; absent = all. */
  filter: z.enum(['all', 'unread', 'read'], { error: 'Filtro inválido.' }).default('all'),
  page: int4FromText(PAGE_MSG).min(1, { error: PAGE_MSG }).default(1),
  pageSize: int4FromText(PAGE_MSG).min(1, { error: PAGE_MSG }).max(100, { error: PAGE_MSG }).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;
