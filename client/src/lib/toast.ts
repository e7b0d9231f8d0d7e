import { create } from 'zustand';
import { MSG } from '@tombo/shared';
import { errorMessage } from './http';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  id: number;
  title?: string;
  message: string;
  severity: ToastSeverity;
}

interface ToastState {
  /** Only one toast is shown at a time (spec §9): a new one replaces the current one. */
  current: Toast | null;
  /** Notices that arrived while a toast was shown: each waits for its turn (see `toast.notice`). */
  waiting: Toast[];
  show: (toast: Omit<Toast, 'id'>) => void;
  queue: (toast: Omit<Toast, 'id'>) => void;
  dismiss: (id?: number) => void;
}

/** Notices kept waiting at most: a burst of live events never builds a long tail of toasts. */
const MAX_WAITING = 3;

let nextId = 1;
export const useToastStore = create<ToastState>()((set) => ({
  current: null,
  waiting: [],
  show: (toast) => set({ current: { ...toast, id: nextId++ } }),
  queue: (toast) =>
    set((s) =>
      s.current
        ? { waiting: [...s.waiting, { ...toast, id: nextId++ }].slice(-MAX_WAITING) }
        : { current: { ...toast, id: nextId++ } },
    ),
  dismiss: (id) =>
    set((s) =>
      id === undefined || s.current?.id === id ? { current: s.waiting[0] ?? null, waiting: s.waiting.slice(1) } : s,
    ),
}));

export const toast = {
  success: (message: string, title?: string) => useToastStore.getState().show({ message, title, severity: 'success' }),
  info: (message: string, title?: string) => useToastStore.getState().show({ message, title, severity: 'info' }),
  /**
   * Something the user did not just do (a live notification, a permission change): it waits for the toast on
   * screen to close instead of replacing it, so the answer to the user's own action is never swallowed.
   */
  notice: (message: string, title?: string) => useToastStore.getState().queue({ message, title, severity: 'info' }),
  /** Error toasts use the destructive style, titled 'Erro'. */
  error: (message: string, title: string = MSG.genericError) =>
    useToastStore.getState().show({ message, title, severity: 'error' }),
  fromError: (error: unknown, fallback?: string) => toast.error(errorMessage(error, fallback)),
};
