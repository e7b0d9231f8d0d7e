/** Query keys of loans: list pages by their API query, the new-loan picker by its search. */
export const loanKeys = {
  all: ['emprestimos'] as const,
  lists: ['emprestimos', 'list'] as const,
  list: (params: Record<string, string>) => ['emprestimos', 'list', params] as const,
  bens: (q: string) => ['emprestimos', 'bens', q] as const,
};
