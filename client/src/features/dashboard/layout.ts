import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DASHBOARD_WIDGETS,
  widgetAllowed,
  type DashboardLayoutResponse,
  type LayoutWidget,
  type Painel,
  type Role,
  type WidgetId,
  type WidgetSize,
} from '@tombo/shared';
import type { LiveContext } from '../../lib/feature';
import { http } from '../../lib/http';
import { toast } from '../../lib/toast';
import { dashboardKeys } from './keys';

const url = (painel: Painel) => `/dashboard/layouts/${painel}`;

/**
 * The user's layout of a dashboard, kept on the server (it follows them to another device); each change is
 * shown at once and saved in order (one save at a time, each with the version the previous one returned).
 */
export function useDashboardLayout(painel: Painel, role: Role | undefined) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.layout(painel);
  const query = useQuery({
    queryKey: key,
    queryFn: () => http.get<DashboardLayoutResponse>(url(painel)),
    staleTime: Infinity,
  });
  const current = () => queryClient.getQueryData<DashboardLayoutResponse>(key);
  const save = useMutation({
    scope: { id: `dashboard-layout-${painel}` },
    mutationFn: async (change: { layout: LayoutWidget[] } | 'reset') => {
      const saved =
        change === 'reset'
          ? await http.delete<DashboardLayoutResponse>(url(painel))
          : await http.put<DashboardLayoutResponse>(url(painel), {
              layout: change.layout,
              version: current()?.version ?? 0,
            });
      queryClient.setQueryData(key, saved);
      return saved;
    },
    onMutate: (change) => {
      const now = current();
      if (now && change !== 'reset') queryClient.setQueryData(key, { ...now, layout: change.layout });
    },
    onError: (err) => {
      // A stale version (409: another tab saved first) or any failure: show what the server keeps.
      toast.fromError(err);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const layout = query.data?.layout ?? [];
  const set = (next: LayoutWidget[]) => save.mutate({ layout: next });
  const available = DASHBOARD_WIDGETS.filter(
    (w) => !!role && widgetAllowed(w.id, role) && !layout.some((x) => x.id === w.id),
  );
  return {
    query,
    layout,
    personalizado: query.data?.personalizado ?? false,
    available,
    saving: save.isPending,
    add: (id: WidgetId) => set([...layout, { id, size: 'medio' }]),
    remove: (id: WidgetId) => set(layout.filter((w) => w.id !== id)),
    resize: (id: WidgetId, size: WidgetSize) => set(layout.map((w) => (w.id === id ? { ...w, size } : w))),
    move: (id: WidgetId, delta: -1 | 1) => {
      const i = layout.findIndex((w) => w.id === id);
      const j = i + delta;
      if (i < 0 || j < 0 || j >= layout.length) return;
      const next = layout.slice();
      [next[i], next[j]] = [next[j], next[i]];
      set(next);
    },
    restoreDefault: () => save.mutate('reset'),
  };
}

/** Another tab or device of the same user saved a layout: show it here too (a newer version only). */
export function layoutChanged(e: { data: DashboardLayoutResponse }, { queryClient }: LiveContext) {
  const key = dashboardKeys.layout(e.data.painel);
  const now = queryClient.getQueryData<DashboardLayoutResponse>(key);
  if (!now || e.data.version === 0 || e.data.version > now.version) queryClient.setQueryData(key, e.data);
}
