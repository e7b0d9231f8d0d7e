import type {
  EnrolledLogin,
  InvitationInfo,
  LoginResponse,
  LoginResult,
  SessionUser,
  TwoFactorSetup,
} from '@tombo/shared';
import { ApiError, http } from '../../lib/http';
import { getSession, hasPermission } from '../../lib/session';
import { queryClient } from '../../lib/queryClient';
import { fetchUsers, usersKeys } from '../users';

/** The session, or the second step the user needs (2FA code, or enrolment when required). */
export async function login(email: string, password: string): Promise<LoginResult> {
  return http.post<LoginResult>('/auth/login', { email, password }, { anonymous: true });
}

/** Second step: a code of the authenticator app or a recovery code. */
export const verifyTwoFactor = (challengeToken: string, proof: { code: string } | { recoveryCode: string }) =>
  http.post<LoginResponse>('/auth/2fa/verify', { challengeToken, ...proof }, { anonymous: true });
export const enrolSetup = (challengeToken: string) =>
  http.post<TwoFactorSetup>('/auth/2fa/enrol/setup', { challengeToken }, { anonymous: true });
export const enrolConfirm = (challengeToken: string, code: string) =>
  http.post<EnrolledLogin>('/auth/2fa/enrol/confirm', { challengeToken, code }, { anonymous: true });

export async function fetchMe(): Promise<SessionUser> {
  const data = await http.get<{ user: SessionUser }>('/auth/me');
  return data.user;
}

export async function forgotPassword(email: string): Promise<string> {
  const data = await http.post<{ message: string }>('/auth/forgot-password', { email }, { anonymous: true });
  return data.message;
}

export async function resetPassword(token: string, password: string): Promise<string> {
  const data = await http.post<{ message: string }>('/auth/reset-password', { token, password }, { anonymous: true });
  return data.message;
}

/** Whom an invitation link is for (404 with the pt-BR message when it is no longer live). */
export const fetchInvitation = (token: string) =>
  http.get<InvitationInfo>(`/auth/invitations/${encodeURIComponent(token)}`, { anonymous: true });

/** Creates the invited person's own password with the link's token; the server's message. */
export async function acceptInvitation(token: string, password: string): Promise<string> {
  const data = await http.post<{ message: string }>(
    '/auth/accept-invitation',
    { token, password },
    { anonymous: true },
  );
  return data.message;
}

export async function changeOwnPassword(currentPassword: string, password: string): Promise<string> {
  const data = await http.put<{ message: string }>('/auth/password', { currentPassword, password });
  return data.message;
}

/** Ends the session: revokes the refresh token (failures ignored) and clears everything local. */
export async function logout(expired = false): Promise<void> {
  const { refreshToken } = getSession();
  getSession().clear(expired);
  queryClient.clear();
  if (refreshToken) {
    try {
      await http.post('/auth/logout', { refreshToken }, { anonymous: true });
    } catch {
      /* the token expires by itself */
    }
  }
}

let bootstrap: Promise<void> | null = null;

/**
 * Startup (spec §4): with a stored user and token, restore them and fetch the current user
 * again (and the user list for those who may read it). A session the server refuses is cleared; a network
 * failure keeps the restored user.
 */
export function bootstrapSession(): Promise<void> {
  if (bootstrap) return bootstrap;
  bootstrap = (async () => {
    const session = getSession();
    if (session.status !== 'loading') return;
    try {
      const user = await fetchMe();
      if (getSession().token) {
        getSession().setUser(user);
        if (hasPermission(user, 'users:read') && !user.mustChangePassword)
          void queryClient.prefetchQuery({ queryKey: usersKeys.list, queryFn: fetchUsers });
      }
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        getSession().clear(true);
        return;
      }
    }
    getSession().markReady();
  })();
  return bootstrap;
}
