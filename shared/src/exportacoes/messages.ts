/** Toasts (spec §8) and server messages of data export. */
export const EXPORT_MSG = {
  saved: 'Modelo de exportação salvo com sucesso.',
  deleted: 'Modelo de exportação excluído.',
  notFound: 'Modelo de exportação não encontrado.',
  nameTaken: 'Já existe um modelo de exportação com este nome.',
  unknownColumn: (key: string) => `Coluna desconhecida: "${key}".`,
  duplicateColumn: (key: string) => `A coluna "${key}" aparece mais de uma vez.`,
  noColumns: 'Escolha ao menos uma coluna.',
  requested: 'Exportação solicitada. Acompanhe o progresso abaixo ou em Downloads.',
  loadFailed: 'Não foi possível carregar os modelos de exportação.',
  systemTemplate: 'Modelo do sistema',
  systemReadOnly: 'Modelo do sistema: pode ser usado ou copiado, mas só o superusuário o altera.',
  copyOf: (name: string) => `Cópia de ${name}`,
};
