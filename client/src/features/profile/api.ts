import type {
  ActiveSession,
  ProfileResponse,
  RecoveryCodesResponse,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@tombo/shared';
import { http } from '../../lib/http';
import { uploadFile } from '../../lib/upload';

export const saveName = (name: string) => http.put<ProfileResponse>('/auth/profile', { name });
export const uploadAvatar = (file: File) => uploadFile<ProfileResponse>('/auth/avatar', file, file.name);

export const fetchTwoFactor = () => http.get<TwoFactorStatus>('/auth/2fa');
export const startSetup = () => http.post<TwoFactorSetup>('/auth/2fa/setup', {});
export const enableTwoFactor = (code: string) => http.post<RecoveryCodesResponse>('/auth/2fa/enable', { code });
export const disableTwoFactor = (password: string) => http.post<{ message: string }>('/auth/2fa/disable', { password });
export const regenerateCodes = (password: string) =>
  http.post<RecoveryCodesResponse>('/auth/2fa/recovery-codes', { password });

export const fetchSessions = async () => (await http.get<{ sessions: ActiveSession[] }>('/auth/sessions')).sessions;
export const revokeSession = (id: string) => http.delete<void>(`/auth/sessions/${id}`);
export const revokeOthers = () => http.post<{ revoked: number; message: string }>('/auth/sessions/revoke-others', {});
