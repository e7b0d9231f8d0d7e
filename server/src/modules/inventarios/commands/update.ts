import { sql } from 'drizzle-orm';
import {
  INVENTARIO_MSG,
  SECTOR_RESTRICTED_ROLES,
  room,
  type InventarioListItem,
  type InventarioUpdate,
} from '@tombo/shared';
import { notifyPrincipals } from '../../../auth/principal-cache';
import type { Db } from '../../../db/client';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { conflict } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { rowsOf } from '../presenters';
import { findInventario, listItemById } from '../queries';
import { inventarioUpdated, listRooms } from '../rooms';
import { comissaoUsers, resolveScope, snapshotItems, writeComissao } from './snapshot';

const hasReadings = async (tx: Db, id: number) =>
  rowsOf(await tx.execute(sql`select 1 from inventario_readings where inventario_id = ${id} limit 1`)).length > 0;

/**
 * Who may have lost sight of the inventory: the members taken off its commission and, when it moved, the
 * sector-restricted users of its former sector. Every node checks their sockets' counting rooms again.
 */
async function notifyLostSight(tx: Db, before: InventarioListItem, after: InventarioListItem): Promise<void> {
  const kept = new Set(after.comissao.map((c) => c.id));
  const ids = before.comissao.flatMap((c) => (c.id != null && !kept.has(c.id) ? [c.id] : []));
  if (after.sectorId !== before.sectorId) {
    const roles = sql.join(
      SECTOR_RESTRICTED_ROLES.map((r) => sql`${r}`),
      sql`, `,
    );
    const former = rowsOf<{ id: number }>(
      await tx.execute(sql`select us.user_id as id from user_sectors us join users u on u.id = us.user_id
        where us.sector_id = ${before.sectorId} and u.role in (${roles})`),
    );
    ids.push(...former.map((u) => u.id));
  }
  await notifyPrincipals(tx, ids);
}

/**
 * PUT /api/inventarios/:id (in progress only). A new sector or scope takes a new snapshot of the
 * assets, which is refused (409) once readings exist.
 */
export async function updateInventario(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  viewerId: number,
  id: number,
  input: InventarioUpdate,
): Promise<{ inventario: InventarioListItem }> {
  const m = scope.municipalityId;
  const head = await findInventario(tx, scope, viewerId, id, 'update');
  if (head.status === 'completed') throw conflict(INVENTARIO_MSG.completed);
  if (head.version !== input.version) throw conflict(INVENTARIO_MSG.versionConflict);
  const before = await listItemById(tx, id);
  const newScope = input.scope ?? before.scope;
  const wanted = {
    sectorId: input.sectorId ?? before.sectorId,
    scope: newScope,
    locationType: input.locationType !== undefined ? input.locationType : before.locationType,
    specificLocationId: input.specificLocationId !== undefined ? input.specificLocationId : before.specificLocationId,
  };
  const scopeChanged =
    wanted.sectorId !== before.sectorId ||
    wanted.scope !== before.scope ||
    (wanted.scope === 'location' && wanted.locationType !== before.locationType) ||
    (wanted.scope === 'specific_location' && wanted.specificLocationId !== before.specificLocationId);
  const changes: Record<string, [unknown, unknown]> = {};
  const set: ReturnType<typeof sql>[] = [];
  const put = (col: string, key: string, from: unknown, to: unknown) => {
    if (to === undefined || to === from) return;
    changes[key] = [from, to];
    set.push(sql`${sql.raw(col)} = ${to}`);
  };
  put('title', 'title', before.title, input.title);
  put('description', 'description', before.description, input.description);
  put('kind', 'tipo', before.tipo, input.tipo);
  put('start_date', 'dataInicio', before.dataInicio, input.dataInicio);
  if (scopeChanged) {
    if (await hasReadings(tx, id)) throw conflict(INVENTARIO_MSG.scopeLocked);
    const s = await resolveScope(tx, scope, wanted);
    put('sector_id', 'sectorId', before.sectorId, s.sectorId);
    put('sector_name', 'setor', before.setor, s.sectorName);
    put('scope', 'scope', before.scope, s.scope);
    put('location_type', 'locationType', before.locationType, s.locationType);
    put('specific_location_id', 'specificLocationId', before.specificLocationId, s.specificLocationId);
    put('local_name', 'local', before.local, s.localName);
    await tx.execute(sql`delete from inventario_items where inventario_id = ${id}`);
    await snapshotItems(tx, m, id, s);
  }
  const formerIds = before.comissao.map((c) => c.id);
  if (input.comissao) {
    const members = await comissaoUsers(tx, m, input.comissao);
    const same = members.length === formerIds.length && members.every((u) => formerIds.includes(u.id));
    if (!same) {
      changes.comissao = [before.comissao.map((c) => c.name), members.map((u) => u.name)];
      await writeComissao(tx, m, id, members);
    }
  }
  if (!Object.keys(changes).length) return { inventario: before };
  set.push(sql`updated_at = now()`, sql`version = version + 1`);
  await tx.execute(sql`update inventarios set ${sql.join(set, sql`, `)} where id = ${id}`);
  const inventario = await listItemById(tx, id);
  await notifyLostSight(tx, before, inventario);
  await record(
    tx,
    out,
    {
      action: 'INVENTARIO_UPDATE',
      entityType: 'Inventario',
      entityId: id,
      label: inventario.title,
      details: {
        old_value: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v[0]])),
        new_value: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v[1]])),
      },
    },
    inventarioUpdated(
      m,
      inventario,
      formerIds.filter((x): x is number => x != null),
    ),
    ...(before.sectorId !== inventario.sectorId
      ? [liveEvent(room.sectorAssets(m, before.sectorId), 'inventario.deleted', { id })]
      : []),
  );
  return { inventario };
}

/** DELETE /api/inventarios/:id: in progress only (a completed inventory is the legal record: 409). */
export async function deleteInventario(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  viewerId: number,
  id: number,
): Promise<void> {
  const head = await findInventario(tx, scope, viewerId, id, 'update');
  if (head.status === 'completed') throw conflict(INVENTARIO_MSG.completedCannotDelete);
  const before = await listItemById(tx, id);
  await tx.execute(sql`delete from inventarios where id = ${id}`);
  await record(
    tx,
    out,
    {
      action: 'INVENTARIO_DELETE',
      entityType: 'Inventario',
      entityId: id,
      label: before.title,
      details: {
        old_value: {
          title: before.title,
          setor: before.setor,
          itens: before.totalItens,
          encontrados: before.encontrados,
        },
      },
    },
    liveEvent(
      [
        room.inventario(id),
        ...listRooms(
          scope.municipalityId,
          before.sectorId,
          before.comissao.map((c) => c.id),
        ),
      ],
      'inventario.deleted',
      { id },
    ),
  );
}
