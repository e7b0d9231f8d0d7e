import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as api from './api';
import { superuserKeys } from './keys';

/** The dashboard: kept live by events (municipalities, users, backups, every job's state: see live.ts). */
export const useDashboard = () => useQuery({ queryKey: superuserKeys.dashboard, queryFn: api.fetchDashboard });

export const useMunicipalities = () =>
  useQuery({ queryKey: superuserKeys.municipalities, queryFn: api.fetchMunicipalities });

export const useSuperuserUsers = (f: api.UsersFilter) =>
  useQuery({
    queryKey: [...superuserKeys.users, f],
    queryFn: () => api.fetchUsers(f),
    placeholderData: keepPreviousData,
  });

export const useAssetsByUser = (f: api.AssetsByUserFilter) =>
  useQuery({
    queryKey: [...superuserKeys.assetsByUser, f],
    queryFn: () => api.fetchAssetsByUser(f),
    placeholderData: keepPreviousData,
  });

export const useSystemInformation = () =>
  useQuery({ queryKey: superuserKeys.system, queryFn: api.fetchSystemInformation, refetchInterval: 30_000 });

export const usePublicSearch = () => useQuery({ queryKey: superuserKeys.publicSearch, queryFn: api.fetchPublicSearch });
