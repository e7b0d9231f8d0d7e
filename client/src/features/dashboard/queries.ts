import { useQuery } from '@tanstack/react-query';
import type {
  AdministracaoResumo,
  AprovacoesPendentes,
  AssetStats,
  EmprestimosResumo,
  InventariosEmAndamento,
  PendenciasStats,
  PrimeirosPassos,
} from '@tombo/shared';
import { http } from '../../lib/http';
import { dashboardKeys } from './keys';

/** Asset figures of the dashboard; refetched when any asset the user can see changes (live.ts). */
export function useAssetStats() {
  return useQuery({ queryKey: dashboardKeys.assetStats, queryFn: () => http.get<AssetStats>('/dashboard/bens') });
}

/** 'Pendências e Alertas' figures over what the user sees. */
export const usePendencias = () =>
  useQuery({ queryKey: dashboardKeys.pendencias, queryFn: () => http.get<PendenciasStats>('/dashboard/pendencias') });

/** Transfer and donation requests awaiting a decision (admin, supervisor). */
export const useAprovacoes = () =>
  useQuery({
    queryKey: dashboardKeys.aprovacoes,
    queryFn: () => http.get<AprovacoesPendentes>('/dashboard/aprovacoes'),
  });

/** The pending requests a usuario sees: its own and its sectors'. */
export const useSolicitacoes = () =>
  useQuery({
    queryKey: dashboardKeys.solicitacoes,
    queryFn: () => http.get<AprovacoesPendentes>('/dashboard/minhas-solicitacoes'),
  });

/** Inventories in progress the user sees. */
export const useInventariosEmAndamento = () =>
  useQuery({
    queryKey: dashboardKeys.inventarios,
    queryFn: () => http.get<InventariosEmAndamento>('/dashboard/inventarios'),
  });

/** Loans of the user's scope: the overdue ones, or all open ones. */
export const useEmprestimosResumo = (status: 'atrasados' | 'abertos') =>
  useQuery({
    queryKey: dashboardKeys.emprestimos(status),
    queryFn: () => http.get<EmprestimosResumo>(`/dashboard/emprestimos/${status}`),
  });

/** Locked users and failed jobs of the municipality (admin). */
export const useAdministracao = () =>
  useQuery({
    queryKey: dashboardKeys.administracao,
    queryFn: () => http.get<AdministracaoResumo>('/dashboard/administracao'),
  });

/** The new municipality's checklist (who configures it: settings:update). */
export const usePrimeirosPassos = (enabled: boolean) =>
  useQuery({
    queryKey: dashboardKeys.primeirosPassos,
    queryFn: () => http.get<PrimeirosPassos>('/dashboard/primeiros-passos'),
    enabled,
  });
