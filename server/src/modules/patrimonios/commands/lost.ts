import { and, inArray, ne, sql } from 'drizzle-orm';
import { HISTORICO_ACTIONS } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { auditLogs, patrimonios } from '../../../db/schema';
import type { ChangeEvent, Outbox } from '../../../db/tx';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { statusLabel } from '../format';
import { addHistory } from '../history';
import { assetChanged } from '../rooms';
import type { Row } from '../presenters';

export interface MarkLost {
  ids: number[];
  /** The history line's and audit row's reason ('Não encontrado no inventário …'). */
  details: (row: Row) => string;
  /** The audit action of each asset's row. */
  action: string;
}

/** Above this many assets, one event per asset is not sent (the lists refetch on the inventory's event). */
export const LOST_EVENTS_MAX = 1000;

/**
 * Sets assets to 'extraviado' inside the caller's transaction — those already lost (or written off)
 * are left as they are — with one history line and one audit row each, written in bulk (a large
 * inventory may mark thousands at once). Returns the changed rows and their live events.
 */
export async function markLost(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: MarkLost,
): Promise<{ rows: Row[]; events: ChangeEvent[] }> {
  if (!input.ids.length) return { rows: [], events: [] };
  const before = new Map<number, string>();
  const rows: Row[] = [];
  const chunk = 5000;
  for (let i = 0; i < input.ids.length; i += chunk) {
    const ids = input.ids.slice(i, i + chunk);
    const old = await tx
      .select({ id: patrimonios.id, status: patrimonios.status })
      .from(patrimonios)
      .where(
        and(
          ofTenant(patrimonios, scope),
          inArray(patrimonios.id, ids),
          sql`${patrimonios.status} not in ('extraviado', 'baixado')`,
        ),
      )
      .orderBy(patrimonios.id)
      .for('update');
    for (const o of old) before.set(o.id, o.status);
    if (!old.length) continue;
    rows.push(
      ...(await tx
        .update(patrimonios)
        .set({ status: 'extraviado', updatedAt: new Date(), version: sql`${patrimonios.version} + 1` })
        .where(
          and(
            inArray(
              patrimonios.id,
              old.map((o) => o.id),
            ),
            ne(patrimonios.status, 'extraviado'),
          ),
        )
        .returning()),
    );
  }
  if (!rows.length) return { rows, events: [] };
  const details = new Map(rows.map((r) => [r.id, input.details(r)]));
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    await addHistory(
      tx,
      out,
      part.map((r) => ({
        patrimonioId: r.id,
        action: HISTORICO_ACTIONS.status,
        details: `${details.get(r.id)} (status anterior: '${statusLabel(before.get(r.id) ?? '')}')`,
      })),
      scope.municipalityId,
    );
    await tx.insert(auditLogs).values(
      part.map((r) => ({
        municipalityId: scope.municipalityId,
        userId: out.actor?.id ?? null,
        userName: out.actor?.name ?? null,
        action: input.action,
        entityType: 'Patrimonio',
        entityId: String(r.id),
        entityLabel: r.numeroPatrimonio,
        sectorId: r.sectorId,
        details: JSON.stringify({
          old_value: { status: before.get(r.id) },
          new_value: { status: 'extraviado', motivo: details.get(r.id) },
        }),
      })),
    );
  }
  const events = rows.length <= LOST_EVENTS_MAX ? rows.flatMap((r) => assetChanged(r)) : [];
  return { rows, events };
}
