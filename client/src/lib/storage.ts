import { MSG, STORAGE_KEYS } from '@tombo/shared';

/** Validates a value read from or written to storage; return false to reject it. */
export type StorageValidator<T> = (value: unknown) => value is T;

function assertKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.trim() === '') throw new Error(MSG.storage.keyInvalid);
}

function backend(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * JSON storage helper (spec §5/§8 errors). Reads never throw: a missing,
 * unparseable or invalid value reads as null.
 */
export const storage = {
  get<T>(key: string, validate?: StorageValidator<T>): T | null {
    assertKey(key);
    const raw = backend()?.getItem(key);
    if (raw == null) return null;
    try {
      const value: unknown = JSON.parse(raw);
      if (validate && !validate(value)) return null;
      return value as T;
    } catch {
      return null;
    }
  },

  set<T>(key: string, value: T, validate?: StorageValidator<T>): void {
    assertKey(key);
    if (value === undefined) throw new Error(MSG.storage.undefinedValue);
    if (validate && !validate(value)) throw new Error(MSG.storage.validationFailed + key);
    try {
      const store = backend();
      if (!store) throw new Error('no storage');
      store.setItem(key, JSON.stringify(value));
    } catch {
      throw new Error(MSG.storage.writeFailed + key);
    }
  },

  /** Like set, but a failure is swallowed (used for caches). */
  trySet<T>(key: string, value: T): boolean {
    try {
      storage.set(key, value);
      return true;
    } catch {
      return false;
    }
  },

  remove(key: string): void {
    assertKey(key);
    try {
      backend()?.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};

export const SESSION_KEYS = [STORAGE_KEYS.user, STORAGE_KEYS.token, STORAGE_KEYS.refreshToken] as const;

export function clearSessionStorage(): void {
  for (const key of SESSION_KEYS) storage.remove(key);
}
