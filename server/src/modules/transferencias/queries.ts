import { and, count, desc, eq, exists, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  TRANSFER_MSG,
  type TransferCounts,
  type TransferFilters,
  type TransferList,
  type TransferListQuery,
  type TransferReport,
  type Transferencia,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { patrimonios, transferencias as t } from '../../db/schema';
import { notFound } from '../../http/errors';
import { TIME_ZONE } from '../../jobs/format';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { toTransferencia } from './presenters';

/**
 * The requests `viewerId` may read in the scope: all of the municipality for those who see every
 * asset; for a `usuario`, those whose origin or destination sector is theirs, whose asset is in one of
 * their sectors now, and their own.
 */
export function visibleTo(scope: TenantScope, viewerId: number): SQL {
  const tenant = ofTenant(t, scope);
  if (scope.sectorIds == null) return tenant;
  const own = eq(t.requesterId, viewerId);
  if (scope.sectorIds.length === 0) return and(tenant, own) as SQL;
  const ids = [...scope.sectorIds];
  const assetThere = exists(
    sql`(select 1 from ${patrimonios} where ${patrimonios.id} = ${t.patrimonioId} and ${inArray(patrimonios.sectorId, ids)})`,
  );
  return and(tenant, or(own, inArray(t.originSectorId, ids), inArray(t.destinationSectorId, ids), assetThere)) as SQL;
}

/** The start of a wall-clock day (YYYY-MM-DD) in the city hall's time zone, as an instant. */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${TIME_ZONE})`;
const nextDayStart = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${TIME_ZONE})`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters the list, the report and the export share. */
export function filterWhere(f: Partial<TransferFilters>): SQL[] {
  const where: SQL[] = [];
  if (f.status?.length) where.push(inArray(t.status, f.status));
  if (f.type) where.push(eq(t.type, f.type));
  if (f.sectorId) where.push(or(eq(t.originSectorId, f.sectorId), eq(t.destinationSectorId, f.sectorId)) as SQL);
  if (f.dataDe) where.push(gte(t.requestedAt, dayStart(f.dataDe)));
  if (f.dataAte) where.push(lt(t.requestedAt, nextDayStart(f.dataAte)));
  if (f.numero) where.push(ilike(t.numeroPatrimonio, `${escapeLike(f.numero)}%`));
  return where;
}

/** A page of the requests the viewer may read, newest first (GET /api/transferencias). */
export async function listTransferencias(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
  q: TransferListQuery,
): Promise<TransferList> {
  const where = and(visibleTo(scope, viewerId), ...filterWhere(q));
  const rows = await tx
    .select()
    .from(t)
    .where(where)
    .orderBy(desc(t.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ n }] = await tx.select({ n: count() }).from(t).where(where);
  return { transferencias: rows.map(toTransferencia), total: n, page: q.page, pageSize: q.pageSize };
}

/** One request the viewer may read (404 otherwise). */
export async function getTransferencia(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
  id: number,
): Promise<Transferencia> {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(visibleTo(scope, viewerId), eq(t.id, id)));
  if (!row) throw notFound(TRANSFER_MSG.notFound);
  return toTransferencia(row);
}

const counts = {
  total: sql<number>`count(*)::int`,
  transferencias: sql<number>`(count(*) filter (where ${t.type} = 'transferencia'))::int`,
  doacoes: sql<number>`(count(*) filter (where ${t.type} = 'doacao'))::int`,
  pendentes: sql<number>`(count(*) filter (where ${t.status} = 'pendente'))::int`,
  aprovadas: sql<number>`(count(*) filter (where ${t.status} = 'aprovada'))::int`,
  rejeitadas: sql<number>`(count(*) filter (where ${t.status} = 'rejeitada'))::int`,
};

/** GET /api/relatorios/transferencias: the filtered requests counted in total, by origin sector and by month. */
export async function transferReport(
  tx: Db,
  scope: TenantScope,
  viewerId: number,
  f: TransferFilters,
): Promise<TransferReport> {
  const where = and(visibleTo(scope, viewerId), ...filterWhere(f));
  const [totals] = await tx.select(counts).from(t).where(where);
  const porSetor = await tx
    .select({ sectorId: t.originSectorId, setor: t.originSectorName, ...counts })
    .from(t)
    .where(where)
    .groupBy(t.originSectorId, t.originSectorName)
    .orderBy(t.originSectorName);
  const mes = sql<string>`to_char(${t.requestedAt} at time zone ${TIME_ZONE}, 'YYYY-MM')`;
  // By position: the same expression twice would carry two parameters that PostgreSQL cannot match.
  const porMes = await tx
    .select({ mes, ...counts })
    .from(t)
    .where(where)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return { totals: totals as TransferCounts, porSetor, porMes };
}
