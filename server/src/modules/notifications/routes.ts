import { idParam, notificationListQuery } from '@tombo/shared';
import { route } from '../../http/route';
import { markAllRead, markRead } from './commands';
import { listNotifications } from './queries';

/** The caller's own notifications (spec §4 Notification): no permission, every query filters by the caller. */
export const notificationRoutes = [
  route({
    method: 'get',
    path: '/notificacoes',
    audience: 'municipal',
    query: notificationListQuery,
    handler: (c) => c.read((tx) => listNotifications(tx, c.scope, c.principal.id, c.query)),
  }),
  route({
    method: 'post',
    path: '/notificacoes/lidas',
    audience: 'municipal',
    handler: (c) => c.command((tx, out) => markAllRead(tx, out, c.scope, c.principal.id)),
  }),
  route({
    method: 'post',
    path: '/notificacoes/:id/lida',
    audience: 'municipal',
    params: idParam,
    handler: (c) => c.command((tx, out) => markRead(tx, out, c.scope, c.principal.id, c.params.id)),
  }),
];
