import type { NotificationType } from './schemas';

/** pt-BR texts of the notifications area. */
export const NOTIFICATION_MSG = {
  notFound: 'Notificação não encontrada.',
  allRead: 'Todas as notificações foram marcadas como lidas.',
  loadFailed: 'Falha ao carregar notificações.',
  markAll: 'Marcar todas como lidas',
  markOne: 'Marcar como lida',
  seeAll: 'Ver todas',
  unreadLabel: 'Não lida',
  empty: {
    all: 'Nenhuma notificação.',
    unread: 'Nenhuma notificação não lida.',
    read: 'Nenhuma notificação lida.',
  },
  emptyHint: 'Avisos de transferências, empréstimos e documentos aparecem aqui.',
} as const;

/** The unread count in words: 'nenhuma não lida', '1 não lida', '3 não lidas'. */
export function unreadText(unread: number): string {
  if (unread === 0) return 'nenhuma não lida';
  return `${unread} ${unread === 1 ? 'não lida' : 'não lidas'}`;
}

/** The header bell's accessible name: 'Notificações, 3 não lidas'. */
export const notificationBellLabel = (unread: number) => `Notificações, ${unreadText(unread)}`;

/** pt-BR names of the notification types. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  document: 'Documento',
  transfer: 'Transferência',
  loan: 'Empréstimo',
  system: 'Sistema',
};
