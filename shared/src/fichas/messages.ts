/** pt-BR texts of the record sheets. */
export const FICHA_MSG = {
  notFound: 'Modelo de ficha não encontrado.',
  patrimonioNotFound: 'Bem patrimonial não encontrado.',
  created: 'Modelo de ficha criado com sucesso!',
  updated: 'Modelo de ficha atualizado com sucesso!',
  deleted: 'Modelo de ficha excluído com sucesso!',
  nameTaken: 'Já existe um modelo de ficha com este nome.',
  noDefault: 'Nenhum modelo de ficha padrão encontrado.',
  title: 'Ficha Patrimonial',
  jobTitle: (n: number, numero?: string) =>
    n === 1 && numero ? `Ficha do bem ${numero} (PDF)` : `Fichas de ${n} bens (PDF)`,
  generating: 'Gerando ficha…',
} as const;
