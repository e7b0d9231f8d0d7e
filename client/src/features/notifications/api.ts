import type { NotificationList } from '@tombo/shared';
import { http } from '../../lib/http';
import type { NotificationFilter } from './keys';

/** One page of the caller's own notifications, newest first, with the unread count. */
export function fetchNotifications(filter: NotificationFilter, page: number, pageSize: number) {
  return http.get<NotificationList>(`/notificacoes?filter=${filter}&page=${page}&pageSize=${pageSize}`);
}

/** Marks one of the caller's notifications read; answers the new unread count. */
export function markNotificationRead(id: number) {
  return http.post<{ id: number; unread: number }>(`/notificacoes/${id}/lida`);
}

/** Marks all of the caller's notifications read. */
export function markAllNotificationsRead() {
  return http.post<{ updated: number; unread: number }>('/notificacoes/lidas');
}
