import type { DepreciacaoRelatorioFiltros } from '@tombo/shared';

/** Query keys of the depreciation reports. */
export const depreciacaoRelatorioKeys = {
  all: ['depreciacao-relatorios'] as const,
  dados: (f: DepreciacaoRelatorioFiltros) => ['depreciacao-relatorios', 'dados', f] as const,
};
