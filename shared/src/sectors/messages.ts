/** pt-BR texts of the sectors (toasts of spec §8 and the server's errors); `MSG.sectors`. */
export const SECTOR_MSG = {
  loadFailed: 'Falha ao carregar setores.',
  created: 'Setor criado com sucesso.',
  updated: 'Setor atualizado com sucesso.',
  deleted: 'Setor excluído com sucesso.',
  inUse: 'Este setor não pode ser excluído porque possui locais ou usuários vinculados.',
  codeTaken: 'Já existe um setor com este código.',
  nameTaken: 'Já existe um setor com este nome.',
  notFound: 'Setor não encontrado.',
} as const;
