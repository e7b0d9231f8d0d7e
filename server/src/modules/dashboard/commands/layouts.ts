import { and, eq, sql } from 'drizzle-orm';
import {
  DASHBOARD_MSG,
  defaultLayout,
  room,
  widgetAllowed,
  type DashboardLayoutBody,
  type DashboardLayoutResponse,
  type Painel,
  type Role,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../../db/tx';
import { badRequest, conflict } from '../../../http/errors';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { requirePainel } from '../layouts';
import { presentLayout } from '../presenters';
import { dashboardLayouts } from '../schema';

interface LayoutUser {
  id: number;
  role: Role;
}

/** The user's other tabs and devices follow the change (their own room only). */
function tell(out: Outbox, scope: TenantScope, user: LayoutUser, layout: DashboardLayoutResponse) {
  out.emit(room.user(user.id), 'dashboard.layout_changed', layout, scope.municipalityId);
}

/**
 * Saves the user's layout of a dashboard: 400 for a widget the role may not place, 409 when `version` is not
 * the stored one (0 = nothing saved yet). A personal preference: no audit entry (like a read mark).
 */
export async function saveLayout(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  user: LayoutUser,
  painel: Painel,
  input: DashboardLayoutBody,
): Promise<DashboardLayoutResponse> {
  requirePainel(painel, user.role);
  const denied = input.layout.find((w) => !widgetAllowed(w.id, user.role));
  if (denied) throw badRequest(DASHBOARD_MSG.widgetNegado, { layout: DASHBOARD_MSG.widgetNegado });
  const own = and(
    ofTenant(dashboardLayouts, scope),
    eq(dashboardLayouts.userId, user.id),
    eq(dashboardLayouts.dashboard, painel),
  );
  const rows =
    input.version === 0
      ? await tx
          .insert(dashboardLayouts)
          .values({
            municipalityId: scope.municipalityId,
            userId: user.id,
            dashboard: painel,
            layout: input.layout,
            version: 1,
          })
          .onConflictDoNothing()
          .returning()
      : await tx
          .update(dashboardLayouts)
          .set({ layout: input.layout, version: sql`${dashboardLayouts.version} + 1`, updatedAt: new Date() })
          .where(and(own, eq(dashboardLayouts.version, input.version)))
          .returning();
  if (!rows.length) throw conflict(DASHBOARD_MSG.versaoAntiga);
  const saved = presentLayout(painel, input.layout, rows[0].version, true);
  tell(out, scope, user, saved);
  return saved;
}

/** Forgets the user's layout of a dashboard: back to the role's default. */
export async function resetLayout(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  user: LayoutUser,
  painel: Painel,
): Promise<DashboardLayoutResponse> {
  requirePainel(painel, user.role);
  await tx
    .delete(dashboardLayouts)
    .where(
      and(
        ofTenant(dashboardLayouts, scope),
        eq(dashboardLayouts.userId, user.id),
        eq(dashboardLayouts.dashboard, painel),
      ),
    );
  const reset = presentLayout(painel, defaultLayout(painel, user.role), 0, false);
  tell(out, scope, user, reset);
  return reset;
}
