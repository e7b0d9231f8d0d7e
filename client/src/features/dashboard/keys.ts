import type { Painel } from '@tombo/shared';

/** Query keys of the dashboard's figures and layouts. */
export const dashboardKeys = {
  assetStats: ['dashboard', 'bens'] as const,
  pendencias: ['dashboard', 'pendencias'] as const,
  aprovacoes: ['dashboard', 'aprovacoes'] as const,
  inventarios: ['dashboard', 'inventarios'] as const,
  emprestimos: (status: 'atrasados' | 'abertos') => ['dashboard', 'emprestimos', status] as const,
  solicitacoes: ['dashboard', 'minhas-solicitacoes'] as const,
  administracao: ['dashboard', 'administracao'] as const,
  primeirosPassos: ['dashboard', 'primeiros-passos'] as const,
  layout: (painel: Painel) => ['dashboard', 'layout', painel] as const,
};
