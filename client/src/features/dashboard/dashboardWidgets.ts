import { create } from 'zustand';
import { STORAGE_PREFIX } from '@tombo/shared';
import { storage } from '../../lib/storage';

/** Widget catalogue of the unified dashboard (spec §2.5). */
export const WIDGETS = [
  { id: 'stats', title: 'Estatísticas de Bens' },
  { id: 'imoveis', title: 'Resumo de Imóveis' },
  { id: 'status', title: 'Distribuição por Status' },
  { id: 'type', title: 'Distribuição por Categoria' },
  { id: 'activity', title: 'Atividade Recente' },
  { id: 'pending', title: 'Pendências e Alertas' },
] as const;
export type WidgetId = (typeof WIDGETS)[number]['id'];
export const DEFAULT_WIDGETS: WidgetId[] = ['stats', 'imoveis', 'status', 'activity'];
export const widgetTitle = (id: WidgetId) => WIDGETS.find((w) => w.id === id)?.title ?? id;

const KEY = `${STORAGE_PREFIX}_dashboard_widgets`;
const isLayout = (v: unknown): v is WidgetId[] =>
  Array.isArray(v) && v.every((x) => WIDGETS.some((w) => w.id === x)) && new Set(v).size === v.length;

interface DashboardLayoutState {
  widgets: WidgetId[];
  add: (id: WidgetId) => void;
  remove: (id: WidgetId) => void;
  move: (id: WidgetId, delta: -1 | 1) => void;
  restoreDefault: () => void;
}

function persist(widgets: WidgetId[]) {
  storage.trySet(KEY, widgets);
  return { widgets };
}

/** The layout (ordered widget ids) is kept in browser storage; a widget cannot be added twice. */
export const useDashboardLayout = create<DashboardLayoutState>()((set) => ({
  widgets: storage.get(KEY, isLayout) ?? DEFAULT_WIDGETS,
  add: (id) => set((s) => (s.widgets.includes(id) ? s : persist([...s.widgets, id]))),
  remove: (id) => set((s) => persist(s.widgets.filter((w) => w !== id))),
  move: (id, delta) =>
    set((s) => {
      const i = s.widgets.indexOf(id);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= s.widgets.length) return s;
      const next = s.widgets.slice();
      [next[i], next[j]] = [next[j], next[i]];
      return persist(next);
    }),
  restoreDefault: () => set(persist(DEFAULT_WIDGETS)),
}));
