import { sql } from 'drizzle-orm';
import { type InventarioCreate, type InventarioListItem } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import type { TenantScope } from '../../../tenancy/scope';
import { rowsOf } from '../presenters';
import { listItemById } from '../queries';
import { listRooms } from '../rooms';
import { comissaoUsers, resolveScope, snapshotItems, writeComissao } from './snapshot';

/**
 * POST /api/inventarios: the inventory `in_progress`, its commission, and the snapshot of the assets
 * in scope as `not_found` items — one transaction.
 */
export async function createInventario(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: InventarioCreate,
): Promise<{ inventario: InventarioListItem }> {
  const m = scope.municipalityId;
  const s = await resolveScope(tx, scope, input);
  const members = await comissaoUsers(tx, m, input.comissao);
  const actor = out.actor;
  const [{ id }] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into inventarios (municipality_id, title, description, kind, sector_id, sector_name, scope,
        location_type, specific_location_id, local_name, start_date, created_by_id, created_by_name)
      values (${m}, ${input.title}, ${input.description}, ${input.tipo}, ${s.sectorId}, ${s.sectorName}, ${s.scope},
        ${s.locationType}, ${s.specificLocationId}, ${s.localName}, ${input.dataInicio}, ${actor?.id ?? null},
        ${actor?.name ?? null})
      returning id`),
  );
  await writeComissao(tx, m, id, members);
  const total = await snapshotItems(tx, m, id, s);
  const inventario = await listItemById(tx, id);
  await record(
    tx,
    out,
    {
      action: 'INVENTARIO_CREATE',
      entityType: 'Inventario',
      entityId: id,
      label: input.title,
      details: {
        new_value: {
          title: input.title,
          tipo: input.tipo,
          setor: s.sectorName,
          scope: s.scope,
          ...(s.locationType ? { locationType: s.locationType } : {}),
          ...(s.localName ? { local: s.localName } : {}),
          dataInicio: input.dataInicio,
          comissao: members.map((u) => u.name),
          itens: total,
        },
      },
    },
    liveEvent(listRooms(m, s.sectorId, input.comissao), 'inventario.created', { id }),
  );
  return { inventario };
}
