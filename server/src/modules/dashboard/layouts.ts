import { and, eq } from 'drizzle-orm';
import {
  DASHBOARD_MSG,
  PAINEL_ROLES,
  defaultLayout,
  widgetAllowed,
  type DashboardLayoutResponse,
  type LayoutWidget,
  type Painel,
  type Role,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentLayout } from './presenters';
import { dashboardLayouts } from './schema';

/** 403 when the role may not open the dashboard (spec §6: /dashboard/admin for admin only…). */
export function requirePainel(painel: Painel, role: Role): void {
  if (!PAINEL_ROLES[painel].includes(role)) throw new HttpError(403, 'FORBIDDEN', DASHBOARD_MSG.painelNegado);
}

/** A stored layout keeps only the widgets the role may still place (a role's permissions can change). */
export const allowedOnly = (layout: LayoutWidget[], role: Role) => layout.filter((w) => widgetAllowed(w.id, role));

/** The user's own layout of a dashboard, or the role's default (version 0) when they never saved one. */
export async function getLayout(
  tx: Db,
  scope: TenantScope,
  user: { id: number; role: Role },
  painel: Painel,
): Promise<DashboardLayoutResponse> {
  requirePainel(painel, user.role);
  const [row] = await tx
    .select()
    .from(dashboardLayouts)
    .where(
      and(
        ofTenant(dashboardLayouts, scope),
        eq(dashboardLayouts.userId, user.id),
        eq(dashboardLayouts.dashboard, painel),
      ),
    );
  if (!row) return presentLayout(painel, defaultLayout(painel, user.role), 0, false);
  return presentLayout(painel, allowedOnly(row.layout as LayoutWidget[], user.role), row.version, true);
}
