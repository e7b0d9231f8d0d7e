import { lazy } from 'react';
import type { Feature } from '../../lib/feature';

/** The header bell (unread count and the latest notifications); its own chunk, loaded by the main layout. */
export const NotificationBell = lazy(() => import('./NotificationBell'));

/** The caller's own notifications: the /notificacoes page, the header bell, and the live count and toasts. */
export const feature: Feature = {
  mainRoutes: { '/notificacoes': lazy(() => import('./NotificationsPage')) },
};
