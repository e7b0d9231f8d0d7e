import { sql, type SQL } from 'drizzle-orm';
import {
  INVENTARIO_MSG,
  ITEM_STATUSES,
  type InventarioDetail,
  type InventarioItem,
  type InventarioItens,
  type InventarioItensQuery,
  type InventarioLeitura,
  type InventarioLeituras,
  type InventarioLeiturasQuery,
  type InventarioList,
  type InventarioListItem,
  type InventarioListQuery,
  type ItemStatus,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { containsPattern, ITEM_COLUMNS, LEITURA_COLUMNS, LIST_COLUMNS, rowsOf, toListItem } from './presenters';

/** The inventory columns commands need (from `inventarios i`). */
export interface InventarioHead {
  id: number;
  municipalityId: number;
  title: string;
  status: 'in_progress' | 'completed';
  sectorId: number;
  scope: string;
  locationType: string | null;
  specificLocationId: number | null;
  totalItens: number;
  version: number;
  /** Whether the viewer is in the commission. */
  member: boolean;
}

/**
 * Who sees an inventory: everyone of the municipality with `inventarios:read`, except a `usuario`, who
 * sees those of its sectors and those whose commission it is in.
 */
export function visibleWhere(scope: TenantScope, viewerId: number): SQL {
  const own = sql`i.municipality_id = ${scope.municipalityId}`;
  if (!scope.sectorIds) return own;
  const sectors = scope.sectorIds.length
    ? sql`i.sector_id in (${sql.join(
        scope.sectorIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
  return sql`${own} and (${sectors} or exists (select 1 from inventario_comissao vc
    where vc.inventario_id = i.id and vc.user_id = ${viewerId}))`;
}

/**
 * One inventory the viewer sees (404 'Inventário não encontrado.' otherwise). `lock`: 'update' for a
 * change of the inventory itself (waits for readings in flight), 'key share' for a batch of readings
 * (batches run side by side; a finalize waits for them and they for it).
 */
export async function findInventario(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
  id: number,
  lock?: 'update' | 'key share',
): Promise<InventarioHead> {
  const [row] = rowsOf<InventarioHead>(
    await tx.execute(sql`select i.id, i.municipality_id as "municipalityId", i.title, i.status, i.sector_id as "sectorId",
      i.scope, i.location_type as "locationType", i.specific_location_id as "specificLocationId",
      i.total_items as "totalItens", i.version,
      exists (select 1 from inventario_comissao mc where mc.inventario_id = i.id and mc.user_id = ${viewerId}) as member
      from inventarios i where i.id = ${id} and ${visibleWhere(scope, viewerId)}
      ${lock ? sql.raw(`for ${lock} of i`) : sql``}`),
  );
  if (!row) throw notFound(INVENTARIO_MSG.notFound);
  return row;
}

/** Whether the user is in the inventory's commission. */
export async function inComissao(tx: Db, inventarioId: number, userId: number): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(
      sql`select 1 from inventario_comissao where inventario_id = ${inventarioId} and user_id = ${userId}`,
    ),
  );
  return rows.length > 0;
}

/** The list item of inventories by id (no visibility check: callers checked it). */
export async function listItemsByIds(tx: Db, ids: number[]): Promise<InventarioListItem[]> {
  if (!ids.length) return [];
  const rows = rowsOf<InventarioListItem>(
    await tx.execute(
      sql`select ${LIST_COLUMNS} from inventarios i where i.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by i.id desc`,
    ),
  );
  return rows.map(toListItem);
}

export async function listItemById(tx: Db, id: number): Promise<InventarioListItem> {
  const [row] = await listItemsByIds(tx, [id]);
  if (!row) throw notFound(INVENTARIO_MSG.notFound);
  return row;
}

/** GET /api/inventarios: newest first, filtered by status, sector and title/description. */
export async function listInventarios(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
  q: InventarioListQuery,
): Promise<InventarioList> {
  const conds: SQL[] = [visibleWhere(scope, viewerId)];
  if (q.status) conds.push(sql`i.status = ${q.status}`);
  if (q.sectorId) conds.push(sql`i.sector_id = ${q.sectorId}`);
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(sql`(i.title ilike ${like} or i.description ilike ${like} or i.sector_name ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const rows = rowsOf<InventarioListItem & { __n: number }>(
    await tx.execute(sql`select ${LIST_COLUMNS}, count(*) over ()::int as "__n" from inventarios i where ${where}
      order by i.id desc limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  let total = rows[0]?.__n ?? 0;
  if (!rows.length && q.page > 1) {
    const [c] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from inventarios i where ${where}`),
    );
    total = c.n;
  }
  return {
    inventarios: rows.map(({ __n: _n, ...r }) => toListItem(r)),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Items by status (every status present, 0 when none). */
export async function countsByStatus(tx: Db, inventarioId: number): Promise<Record<ItemStatus, number>> {
  const rows = rowsOf<{ status: ItemStatus; n: number }>(
    await tx.execute(sql`select status, count(*)::int as n from inventario_items
      where inventario_id = ${inventarioId} group by status`),
  );
  const out = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as Record<ItemStatus, number>;
  for (const r of rows) out[r.status] = r.n;
  return out;
}

/** Readings per counter, most first. */
export async function countsByCounter(
  tx: Db,
  inventarioId: number,
): Promise<{ userId: number | null; name: string; leituras: number }[]> {
  return rowsOf(
    await tx.execute(sql`select read_by_id as "userId", coalesce(max(read_by_name), '—') as name,
      count(*)::int as leituras from inventario_readings where inventario_id = ${inventarioId}
      group by read_by_id order by 3 desc, 2`),
  );
}

/** GET /api/inventarios/:id */
export async function getInventario(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
  id: number,
): Promise<InventarioDetail> {
  await findInventario(tx, scope, viewerId, id);
  const item = await listItemById(tx, id);
  const porStatus = await countsByStatus(tx, id);
  const [oc] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from inventario_readings
      where inventario_id = ${id} and result in ('nao_inventariado', 'nao_cadastrado')`),
  );
  const contadores = (await countsByCounter(tx, id))
    .filter((c) => c.userId != null)
    .map((c) => ({ id: c.userId!, name: c.name, leituras: c.leituras }));
  return { ...item, porStatus, ocorrencias: oc.n, contadores };
}

/** GET /api/inventarios/:id/itens: by number, filtered by status, registered location and number/description. */
export async function listItens(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
  id: number,
  q: InventarioItensQuery,
): Promise<InventarioItens> {
  await findInventario(tx, scope, viewerId, id);
  const conds: SQL[] = [sql`it.inventario_id = ${id}`];
  if (q.status) conds.push(sql`it.status = ${q.status}`);
  if (q.localId) conds.push(sql`it.local_id = ${q.localId}`);
  if (q.q) {
    const like = containsPattern(q.q);
    conds.push(sql`(it.numero_patrimonio ilike ${like} or it.descricao_bem ilike ${like})`);
  }
  const where = sql.join(conds, sql` and `);
  const itens = rowsOf<InventarioItem>(
    await tx.execute(sql`select ${ITEM_COLUMNS} from inventario_items it where ${where}
      order by it.numero_patrimonio, it.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  const [c] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from inventario_items it where ${where}`),
  );
  return { itens, total: c.n, page: q.page, pageSize: q.pageSize };
}

/** GET /api/inventarios/:id/leituras: the reading log, newest first, by cursor (`seq`). */
export async function listLeituras(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
  id: number,
  q: InventarioLeiturasQuery,
): Promise<InventarioLeituras> {
  await findInventario(tx, scope, viewerId, id);
  const after = q.after ? sql`and l.seq < ${q.after}::bigint` : sql``;
  const rows = rowsOf<InventarioLeitura>(
    await tx.execute(sql`select ${LEITURA_COLUMNS} from inventario_readings l
      left join inventario_items it on it.id = l.item_id
      where l.inventario_id = ${id} ${after} order by l.seq desc limit ${q.pageSize + 1}`),
  );
  const more = rows.length > q.pageSize;
  const leituras = rows.slice(0, q.pageSize);
  return { leituras, nextCursor: more ? leituras[leituras.length - 1].seq : null };
}
