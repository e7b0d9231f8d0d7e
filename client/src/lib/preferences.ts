import { create } from 'zustand';
import { STORAGE_KEYS, STORAGE_PREFIX } from '@tombo/shared';
import { storage } from './storage';

export type ThemeMode = 'light' | 'dark' | 'system';
const isThemeMode = (v: unknown): v is ThemeMode => v === 'light' || v === 'dark' || v === 'system';

const SIDEBAR_KEY = `${STORAGE_PREFIX}_sidebar_expanded`;
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';

interface PreferencesState {
  /** Persisted locally; default light (spec §4 Theme). */
  themeMode: ThemeMode;
  sidebarExpanded: boolean;
  setThemeMode: (mode: ThemeMode) => void;
  setSidebarExpanded: (expanded: boolean) => void;
}

export const usePreferences = create<PreferencesState>()((set) => ({
  themeMode: storage.get(STORAGE_KEYS.theme, isThemeMode) ?? 'light',
  sidebarExpanded: storage.get(SIDEBAR_KEY, isBool) ?? true,
  setThemeMode: (themeMode) => {
    storage.trySet(STORAGE_KEYS.theme, themeMode);
    set({ themeMode });
  },
  setSidebarExpanded: (sidebarExpanded) => {
    storage.trySet(SIDEBAR_KEY, sidebarExpanded);
    set({ sidebarExpanded });
  },
}));
