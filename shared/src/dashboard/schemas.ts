import { z } from 'zod';
import { version } from '../common';
import { DASHBOARD_MSG } from './messages';
import { PAINEIS, WIDGET_IDS, WIDGET_SIZES } from './widgets';

/** Params of /api/dashboard/layouts/:painel. */
export const painelParam = z.strictObject({ painel: z.enum(PAINEIS, { error: DASHBOARD_MSG.painelInvalido }) });
export type PainelParam = z.infer<typeof painelParam>;

const layoutWidget = z.strictObject({
  id: z.enum(WIDGET_IDS, { error: DASHBOARD_MSG.widgetDesconhecido }),
  size: z.enum(WIDGET_SIZES, { error: DASHBOARD_MSG.tamanhoInvalido }),
});

/** The widgets in order; each at most once. Whether the role may place them is the server's check (it knows the role). */
export const dashboardLayout = z
  .array(layoutWidget, { error: DASHBOARD_MSG.layoutInvalido })
  .max(WIDGET_IDS.length, { error: DASHBOARD_MSG.layoutInvalido })
  .refine((l) => new Set(l.map((x) => x.id)).size === l.length, { error: DASHBOARD_MSG.widgetRepetido });

/** Body of PUT /api/dashboard/layouts/:painel: the layout and the version read (0 when none was saved yet). */
export const dashboardLayoutBody = z.strictObject({ layout: dashboardLayout, version });
export type DashboardLayoutBody = z.infer<typeof dashboardLayoutBody>;
