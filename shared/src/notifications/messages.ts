/** pt-BR texts of the notifications area. */
export const NOTIFICATION_MSG = {
  notFound: 'Notificação não encontrada.',
  allRead: 'Todas as notificações foram marcadas como lidas.',
} as const;
