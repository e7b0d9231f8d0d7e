import { sql } from 'drizzle-orm';
import { INVENTARIO_MSG, type FinalizarResponse } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { conflict } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { markLost } from '../../patrimonios';
import { rowsOf } from '../presenters';
import { findInventario, listItemById } from '../queries';
import { inventarioUpdated } from '../rooms';

/**
 * POST /api/inventarios/:id/finalizar — one transaction: the inventory `completed` (it waits for the
 * batches of readings in flight: they hold its row `FOR KEY SHARE`), and every item still `not_found`
 * sets its asset to 'extraviado' (unless it already is) with a history line and an audit row.
 */
export async function finalizeInventario(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  viewerId: number,
  id: number,
): Promise<FinalizarResponse> {
  const head = await findInventario(tx, scope, viewerId, id, 'update');
  if (head.status === 'completed') throw conflict(INVENTARIO_MSG.alreadyCompleted);
  await tx.execute(sql`update inventarios set status = 'completed', finalized_at = now(),
      finalized_by_id = ${out.actor?.id ?? null}, finalized_by_name = ${out.actor?.name ?? null},
      updated_at = now(), version = version + 1 where id = ${id}`);
  const missing = rowsOf<{ patrimonioId: number }>(
    await tx.execute(sql`select patrimonio_id as "patrimonioId" from inventario_items
      where inventario_id = ${id} and status = 'not_found' and patrimonio_id is not null order by patrimonio_id`),
  );
  const lost = await markLost(tx, out, scope, {
    ids: missing.map((r) => r.patrimonioId),
    action: 'INVENTARIO_EXTRAVIADO',
    details: () => INVENTARIO_MSG.extraviadoDetails(head.title, id),
  });
  const inventario = await listItemById(tx, id);
  const extraviados = lost.rows
    .map((r) => ({ id: r.id, numero_patrimonio: r.numeroPatrimonio, descricao_bem: r.descricaoBem }))
    .sort((a, b) => a.numero_patrimonio.localeCompare(b.numero_patrimonio));
  await record(
    tx,
    out,
    {
      action: 'INVENTARIO_FINALIZE',
      entityType: 'Inventario',
      entityId: id,
      label: head.title,
      details: {
        old_value: { status: 'in_progress' },
        new_value: {
          status: 'completed',
          itens: inventario.totalItens,
          encontrados: inventario.encontrados,
          divergentes: inventario.divergentes,
          nao_encontrados: missing.length,
          extraviados: extraviados.length,
        },
      },
    },
    inventarioUpdated(scope.municipalityId, inventario),
    ...lost.events,
  );
  return { inventario, extraviados };
}
