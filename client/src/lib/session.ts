import { create } from 'zustand';
import { STORAGE_KEYS, isRole, type SessionAccess, type SessionUser } from '@tombo/shared';
import { clearSessionStorage, storage } from './storage';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
  refreshToken: string | null;
  /** Set when the session ended by itself (idle time-out, failed refresh, revoked). */
  expired: boolean;
  signIn: (user: SessionUser, token: string, refreshToken: string) => void;
  setTokens: (token: string, refreshToken: string) => void;
  setUser: (user: SessionUser) => void;
  /** The server re-derived what the user may do (`session.permissions`): menus, guards and buttons follow. */
  applyAccess: (access: SessionAccess) => void;
  markReady: () => void;
  /** Ends the session locally. `expired` marks it as ended by time-out or a failed refresh. */
  clear: (expired?: boolean) => void;
}

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const u = value as Partial<SessionUser>;
  return typeof u.id === 'number' && typeof u.name === 'string' && typeof u.email === 'string' && isRole(u.role);
}
const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

function readStored() {
  const user = storage.get(STORAGE_KEYS.user, isSessionUser);
  const token = storage.get(STORAGE_KEYS.token, isString);
  const refreshToken = storage.get(STORAGE_KEYS.refreshToken, isString);
  if (user && token) {
    return {
      status: 'loading' as const,
      user: { ...user, permissions: user.permissions ?? [], sectorIds: user.sectorIds ?? [] },
      token,
      refreshToken,
    };
  }
  // Spec §4: on startup with nothing stored, every session key is cleared.
  clearSessionStorage();
  return { status: 'anonymous' as const, user: null, token: null, refreshToken: null };
}

export const useSession = create<SessionState>()((set) => ({
  ...readStored(),
  expired: false,
  signIn: (user, token, refreshToken) => {
    storage.trySet(STORAGE_KEYS.user, user);
    storage.trySet(STORAGE_KEYS.token, token);
    storage.trySet(STORAGE_KEYS.refreshToken, refreshToken);
    set({ status: 'authenticated', user, token, refreshToken, expired: false });
  },
  setTokens: (token, refreshToken) => {
    storage.trySet(STORAGE_KEYS.token, token);
    storage.trySet(STORAGE_KEYS.refreshToken, refreshToken);
    set({ token, refreshToken });
  },
  setUser: (user) => {
    storage.trySet(STORAGE_KEYS.user, user);
    set({ user });
  },
  applyAccess: (access) => {
    const user = useSession.getState().user;
    if (!user) return;
    const next = { ...user, role: access.role, permissions: access.permissions, sectorIds: access.sectorIds };
    storage.trySet(STORAGE_KEYS.user, next);
    set({ user: next });
  },
  markReady: () => set((s) => ({ status: s.user && s.token ? 'authenticated' : 'anonymous' })),
  clear: (expired = false) => {
    clearSessionStorage();
    set({ status: 'anonymous', user: null, token: null, refreshToken: null, expired });
  },
}));

export const getSession = () => useSession.getState();

/**
 * Whether that user holds the permission, for code outside components (live handlers, bootstrap); components
 * use `useCan` (`lib/permissions.ts`), which re-renders when the server changes the permissions.
 */
export function hasPermission(user: SessionUser | null | undefined, permission: string): boolean {
  return !!user?.permissions?.includes(permission);
}
