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
  show: (toast: Omit<Toast, 'id'>) => void;
  dismiss: (id?: number) => void;
}

let nextId = 1;
export const useToastStore = create<ToastState>()((set) => ({
  current: null,
  show: (toast) => set({ current: { ...toast, id: nextId++ } }),
  dismiss: (id) => set((s) => (id === undefined || s.current?.id === id ? { current: null } : s)),
}));

export const toast = {
  success: (message: string, title?: string) => useToastStore.getState().show({ message, title, severity: 'success' }),
  info: (message: string, title?: string) => useToastStore.getState().show({ message, title, severity: 'info' }),
  /** Error toasts use the destructive style, titled 'Erro'. */
  error: (message: string, title: string = MSG.genericError) =>
    useToastStore.getState().show({ message, title, severity: 'error' }),
  fromError: (error: unknown, fallback?: string) => toast.error(errorMessage(error, fallback)),
};
