/** pt-BR texts of the standing commissions (issue 37); `MSG.comissoes`. */
export const COMISSAO_MSG = {
  loadFailed: 'Falha ao carregar comissões.',
  created: 'Comissão criada com sucesso.',
  updated: 'Comissão atualizada com sucesso.',
  notFound: 'Comissão não encontrada.',
  tipo: 'Selecione o tipo da comissão.',
  dataInvalida: 'Data inválida (use AAAA-MM-DD).',
  validadeAntes: 'A validade deve ser igual ou posterior à data do ato.',
  membrosMin: 'A comissão deve ter pelo menos 3 membros.',
  membrosMax: 'A comissão pode ter no máximo 30 membros.',
  membroRepetido: 'Um membro foi informado mais de uma vez.',
  presidenteMembro: 'O presidente deve ser um dos membros.',
  membroInvalido: 'Um dos membros não é usuário ativo deste município.',
  vencida: (ate: string) => `A comissão está vencida desde ${ate}: renove o ato para que ela possa atuar.`,
  naoVigente: (de: string) => `A comissão só pode atuar a partir de ${de}.`,
  incompleta: 'A comissão tem menos de 3 membros ativos: complete-a para que ela possa atuar.',
  tipoErrado: (esperado: string) => `Escolha uma comissão de ${esperado}.`,
} as const;
