import type { LancamentosFiltro, LivroFiltro } from './api';

/** Query keys of the accounting screens. */
export const contabilidadeKeys = {
  all: ['contabilidade'] as const,
  plano: ['contabilidade', 'plano'] as const,
  config: ['contabilidade', 'config'] as const,
  contasImoveis: ['contabilidade', 'contas-imoveis'] as const,
  lancamentos: (f: LancamentosFiltro) => ['contabilidade', 'lancamentos', f] as const,
  rmb: (competencia: string) => ['contabilidade', 'rmb', competencia] as const,
  livro: (f: LivroFiltro) => ['contabilidade', 'livro', f] as const,
};
