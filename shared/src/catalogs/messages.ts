/** Toasts (spec §8) and server messages of the catalogues. */
export const CATALOG_MSG = {
  tipos: {
    loadFailed: 'Erro ao carregar tipos de bens',
    noUser: 'Usuário não encontrado',
    created: 'Tipo de bem adicionado com sucesso.',
    updated: 'Tipo de bem atualizado com sucesso.',
    deleted: 'Tipo de bem excluído com sucesso.',
    activated: 'Tipo de bem ativado com sucesso.',
    deactivated: 'Tipo de bem desativado com sucesso.',
    notFound: 'Tipo de bem não encontrado.',
    inUse: 'Este tipo de bem não pode ser excluído porque há bens cadastrados com ele. Desative-o em vez de excluir.',
    nameTaken: 'Já existe um tipo de bem com este nome.',
    inactive: 'Este tipo de bem está inativo.',
  },
  formas: {
    loadFailedTitle: 'Erro ao carregar formas de aquisição',
    loadFailed: 'Não foi possível carregar as formas de aquisição.',
    successTitle: 'Sucesso',
    created: 'Forma de aquisição adicionada com sucesso.',
    updated: 'Forma de aquisição atualizada com sucesso.',
    deleted: 'Forma de aquisição excluída com sucesso.',
    activated: 'Forma de aquisição ativada com sucesso.',
    deactivated: 'Forma de aquisição desativada com sucesso.',
    createFailed: 'Não foi possível adicionar a forma de aquisição.',
    updateFailed: 'Não foi possível atualizar a forma de aquisição.',
    deleteFailed: 'Não foi possível excluir a forma de aquisição.',
    toggleFailed: 'Não foi possível alterar o status da forma de aquisição.',
    notFound: 'Forma de aquisição não encontrada.',
    inUse:
      'Esta forma de aquisição não pode ser excluída porque há bens cadastrados com ela. Desative-a em vez de excluir.',
    nameTaken: 'Já existe uma forma de aquisição com este nome.',
    inactive: 'Esta forma de aquisição está inativa.',
  },
} as const;

/** Audit `details` texts of the acquisition-form events (spec §7). */
export const formaAquisicaoAuditText = {
  created: (nome: string) => `Forma de Aquisição '${nome}' adicionada.`,
  updated: (nome: string) => `Forma de Aquisição '${nome}' atualizada.`,
  deleted: (nome: string) => `Forma de Aquisição '${nome}' excluída.`,
  activated: (nome: string) => `Forma de Aquisição '${nome}' ativada.`,
  deactivated: (nome: string) => `Forma de Aquisição '${nome}' desativada.`,
};
