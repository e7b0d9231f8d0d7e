import type {
  AssetsByUserPage,
  Municipality,
  MunicipalityCreate,
  MunicipalityCreated,
  MunicipalityUpdate,
  PublicSearchOverview,
  SuperuserDashboard,
  SuperuserUserPage,
  SuperuserUserUpdate,
  SystemInformation,
  User,
  UserCreate,
} from '@tombo/shared';
import { http } from '../../lib/http';

/** Query string of the defined, non-empty values. */
const qs = (params: Record<string, string | number | undefined | null>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

export const fetchDashboard = () => http.get<SuperuserDashboard>('/superuser/dashboard');

export const fetchMunicipalities = () =>
  http.get<{ municipalities: Municipality[]; total: number }>('/superuser/municipalities');
export const createMunicipality = (body: MunicipalityCreate) =>
  http.post<MunicipalityCreated>('/superuser/municipalities', body);
export const updateMunicipality = async (id: number, body: MunicipalityUpdate) =>
  (await http.put<{ municipality: Municipality }>(`/superuser/municipalities/${id}`, body)).municipality;

export interface UsersFilter {
  municipalityId?: number;
  role?: string;
  status?: 'active' | 'locked';
  q?: string;
  page: number;
  pageSize: number;
}
export const fetchUsers = (f: UsersFilter) => http.get<SuperuserUserPage>(`/superuser/users${qs({ ...f })}`);
export const createUser = (body: UserCreate) => http.post<User>('/superuser/users', body);
export const updateUser = (id: number, body: SuperuserUserUpdate) => http.put<User>(`/superuser/users/${id}`, body);
export const inviteUser = (id: number) => http.post<{ sent: boolean }>(`/superuser/users/${id}/invitation`);
/** "Revogar convite": the link stops working; the user answers. */
export const revokeInvitation = (id: number) => http.delete<User>(`/superuser/users/${id}/invitation`);

export interface AssetsByUserFilter {
  by: 'registered' | 'holder';
  municipalityId?: number;
  q?: string;
  page: number;
  pageSize: number;
}
export const fetchAssetsByUser = (f: AssetsByUserFilter) =>
  http.get<AssetsByUserPage>(`/superuser/assets-by-user${qs({ ...f })}`);

export const fetchSystemInformation = () => http.get<SystemInformation>('/superuser/system-information');

export const fetchPublicSearch = () => http.get<PublicSearchOverview>('/superuser/public-search');
export const setMunicipalityPublicSearch = (municipalityId: number, isPublicSearchEnabled: boolean) =>
  http.put('/superuser/public-search', { municipalityId, isPublicSearchEnabled });
export const setInstallationPublicSearch = (isPublicSearchEnabled: boolean) =>
  http.put('/superuser/public-search/installation', { isPublicSearchEnabled });

/** Turns off any other user's two-step sign-in (200 with the user; 404 when it is off). */
export const resetUserTwoFactor = (id: number) => http.delete<User>(`/superuser/users/${id}/2fa`);
