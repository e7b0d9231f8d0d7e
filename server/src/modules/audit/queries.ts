import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  APP_TIME_ZONE,
  AUDIT_COUNT_CAP,
  AUDIT_MSG,
  type AuditAuthor,
  type AuditFilters,
  type AuditList,
  type AuditListQuery,
  type AuditLog,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { auditLogs, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentLogs, type AuditRow } from './presenters';

const newestFirst = [desc(auditLogs.createdAt), desc(auditLogs.id)];

/** The filters as conditions; a period is Brasília calendar days, both ends included. */
function filterConds(scope: TenantScope, q: AuditFilters): SQL[] {
  const conds: SQL[] = [ofTenant(auditLogs, scope)];
  if (q.userId != null) conds.push(eq(auditLogs.userId, q.userId));
  if (q.entityType) conds.push(eq(auditLogs.entityType, q.entityType));
  if (q.action) conds.push(eq(auditLogs.action, q.action));
  if (q.from) conds.push(sql`${auditLogs.createdAt} >= (${q.from}::date::timestamp at time zone ${APP_TIME_ZONE})`);
  if (q.to) conds.push(sql`${auditLogs.createdAt} < ((${q.to}::date + 1)::timestamp at time zone ${APP_TIME_ZONE})`);
  return conds;
}

/**
 * Entries older than the one with id `before` in (created_at, id) order: one index range bound on
 * created_at, ties on the same instant broken by id (the timestamp travels as text: microseconds kept).
 */
async function olderThan(tx: Db, scope: TenantScope, before: number): Promise<SQL> {
  const [at] = await tx
    .select({ t: sql<string>`${auditLogs.createdAt}::text` })
    .from(auditLogs)
    .where(and(ofTenant(auditLogs, scope), eq(auditLogs.id, before)));
  if (!at) throw badRequest(AUDIT_MSG.invalidCursor, { before: AUDIT_MSG.invalidCursor });
  return sql`(${auditLogs.createdAt} <= ${at.t}::timestamptz and (${auditLogs.createdAt} < ${at.t}::timestamptz or ${auditLogs.id} < ${before}))`;
}

/**
 * How many entries pass the filters: counted exactly up to AUDIT_COUNT_CAP (an index range cut at
 * cap + 1 rows), past it the planner's estimate of the same query, never below cap + 1.
 */
async function countUpTo(tx: Db, where: SQL): Promise<{ total: number; totalIsEstimate: boolean }> {
  const capped = tx
    .select({ one: sql`1` })
    .from(auditLogs)
    .where(where)
    .limit(AUDIT_COUNT_CAP + 1)
    .as('capped');
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(capped);
  if (n <= AUDIT_COUNT_CAP) return { total: n, totalIsEstimate: false };
  const plan = await tx.execute(sql`explain (format json) select 1 from ${auditLogs} where ${where}`);
  const first = (plan as unknown as { rows: Array<Record<string, unknown>> }).rows[0];
  const json = first['QUERY PLAN'] as Array<{ Plan: { 'Plan Rows': number } }> | string;
  const rows = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan['Plan Rows'];
  return { total: Math.max(AUDIT_COUNT_CAP + 1, Math.round(rows)), totalIsEstimate: true };
}

/**
 * A page of the municipality's activity log, newest first, with its filters: by cursor (`before`) or by
 * page number (the first AUDIT_COUNT_CAP entries), plus whether older entries follow.
 */
export async function listAudit(tx: Db, scope: TenantScope, q: AuditListQuery): Promise<AuditList> {
  const conds = filterConds(scope, q);
  const where = and(...conds)!;
  const pageWhere = q.before != null ? and(where, await olderThan(tx, scope, q.before))! : where;
  const rows = await tx
    .select()
    .from(auditLogs)
    .where(pageWhere)
    .orderBy(...newestFirst)
    .limit(q.pageSize + 1)
    .offset(q.before == null ? ((q.page ?? 1) - 1) * q.pageSize : 0);
  const hasMore = rows.length > q.pageSize;
  const counted = await countUpTo(tx, where);
  return {
    logs: await presentLogs(tx, rows.slice(0, q.pageSize), scope.municipalityId),
    ...counted,
    hasMore,
    page: q.before != null ? null : (q.page ?? 1),
    pageSize: q.pageSize,
  };
}

/** What the caller may see of the log: everything (`audit:read`), the entries about assets they see, or nothing. */
export type AuditSight = 'all' | 'assets' | 'none';

/**
 * The latest entries the caller may see ('Atividade Recente'): the whole log for `audit:read`; else the
 * entries about assets of the caller's scope (a `usuario`: one ordered index range per own sector, merged).
 */
export async function recentAudit(tx: Db, scope: TenantScope, sight: AuditSight, limit: number): Promise<AuditLog[]> {
  if (sight === 'none' || scope.sectorIds?.length === 0) return [];
  let rows: AuditRow[];
  if (sight === 'all' || scope.sectorIds == null) {
    const conds = [ofTenant(auditLogs, scope)];
    if (sight === 'assets') conds.push(isNotNull(auditLogs.sectorId));
    rows = await tx
      .select()
      .from(auditLogs)
      .where(and(...conds))
      .orderBy(...newestFirst)
      .limit(limit);
  } else {
    const perSector = scope.sectorIds.map((sectorId) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(ofTenant(auditLogs, scope), eq(auditLogs.sectorId, sectorId)))
        .orderBy(...newestFirst)
        .limit(limit),
    );
    const [first, second, ...rest] = perSector;
    rows = second
      ? await unionAll(first, second, ...rest)
          .orderBy(sql`created_at desc, id desc`)
          .limit(limit)
      : await first;
  }
  return presentLogs(tx, rows, scope.municipalityId);
}

/** The municipality's users by name, for the log's author filter. */
export async function listAuthors(tx: Db, scope: TenantScope): Promise<{ authors: AuditAuthor[] }> {
  const authors = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(ofTenant(users, scope))
    .orderBy(asc(users.name), asc(users.id));
  return { authors };
}
