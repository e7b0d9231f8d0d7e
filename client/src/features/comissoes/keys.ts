/** Query keys of the standing commissions. */
export const comissaoKeys = {
  all: ['comissoes'] as const,
  list: () => ['comissoes', 'list'] as const,
  membros: ['comissoes', 'membros'] as const,
};
