/** pt-BR texts of the locations (toasts of spec §8 and the server's errors); `MSG.locais`. */
export const LOCAL_MSG = {
  loadFailed: 'Falha ao carregar locais.',
  created: 'Local criado com sucesso.',
  updated: 'Local atualizado com sucesso.',
  deleted: 'Local excluído com sucesso.',
  inUse: 'Este local não pode ser excluído porque está em uso.',
  nameTaken: 'Já existe um local com este nome neste setor.',
} as const;
