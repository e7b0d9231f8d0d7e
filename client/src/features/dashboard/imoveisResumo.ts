import { useQuery } from '@tanstack/react-query';
import type { ImovelResumo } from '@tombo/shared';
import type { LiveContext, LiveHandlers } from '../../lib/feature';
import { http } from '../../lib/http';

/** Query key of the 'Resumo de Imóveis' figures. */
export const imovelResumoKey = ['dashboard', 'imoveis'] as const;

/** 'Resumo de Imóveis' figures; refetched when a property or a maintenance task changes (below). */
export const useImovelResumo = () =>
  useQuery({
    queryKey: imovelResumoKey,
    queryFn: () => http.get<ImovelResumo>('/dashboard/imoveis'),
    // A change seen while the dashboard was closed marked it stale: refetched when it opens again.
    refetchOnMount: true,
  });

const changed = (_e: unknown, { queryClient }: LiveContext) =>
  void queryClient.invalidateQueries({ queryKey: imovelResumoKey });

/**
 * Events of the register and maintenance areas that move the figures. They are declared by those areas,
 * so they are named here as strings (an event not sent by this version is never received: harmless).
 */
const EVENTS = [
  'imovel.created',
  'imovel.updated',
  'imovel.deleted',
  'imovel.bulk_created',
  'imovel.imported',
  'manutencao.created',
  'manutencao.updated',
  'manutencao.deleted',
  'manutencao.completed',
];
export const imovelResumoLive = Object.fromEntries(EVENTS.map((e) => [e, changed])) as LiveHandlers;
