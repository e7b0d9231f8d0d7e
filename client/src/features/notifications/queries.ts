import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { NOTIFICATION_MSG, type Notification } from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from './api';
import { notificationKeys, type NotificationFilter } from './keys';
import { applyRead } from './live';

/** One page of the caller's notifications; live events patch it (new ones first, reads, the count). */
export function useNotifications(filter: NotificationFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: notificationKeys.list(filter, page, pageSize),
    queryFn: () => fetchNotifications(filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** Mark one or all read; the answer's count patches every cached page (the other tabs get the event). */
export function useNotificationMutations() {
  const qc = useQueryClient();
  const onError = (err: unknown) => {
    toast.fromError(err);
    if (err instanceof ApiError && err.status === 404) void qc.invalidateQueries({ queryKey: notificationKeys.all });
  };
  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (r) => applyRead(qc, r.id, r.unread),
    onError,
  });
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (r) => {
      applyRead(qc, null, r.unread);
      toast.success(NOTIFICATION_MSG.allRead);
    },
    onError,
  });
  return { markRead, markAll };
}

/** Opening a notification marks it read and follows its link inside the app. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const { markRead } = useNotificationMutations();
  return (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    after?.();
    if (n.link?.startsWith('/') && !n.link.startsWith('//')) void navigate(n.link);
  };
}
