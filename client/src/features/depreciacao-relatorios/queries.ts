import { useQuery } from '@tanstack/react-query';
import type { DepreciacaoRelatorioFiltros } from '@tombo/shared';
import { fetchRelatorioDepreciacao } from './api';
import { depreciacaoRelatorioKeys } from './keys';

/** The preview of a report (null filters: nothing asked yet). */
export const useRelatorioDepreciacao = (f: DepreciacaoRelatorioFiltros | null) =>
  useQuery({
    queryKey: depreciacaoRelatorioKeys.dados(f ?? { tipo: 'setor' }),
    queryFn: () => fetchRelatorioDepreciacao(f!),
    enabled: f != null,
  });
