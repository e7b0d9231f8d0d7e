import { asc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  APP_TIME_ZONE,
  AUDIT_ACCESS_ACTIONS,
  AUDIT_COUNT_CAP,
  AUDIT_MSG,
  auditHidesAccess,
  type AuditAuthor,
  type AuditFilters,
  type AuditList,
  type AuditListQuery,
  type AuditLog,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { auditLogs, users } from '../../db/schema';
import { rowsOf as anyRowsOf } from '../../db/rows';
import { badRequest } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentLogs, type AuditRow } from './presenters';

// The list is read with plain SQL mapped by a precomputed column list (as the asset list): on this hot
// path Drizzle's query builder and per-row mapping were most of a request's CPU.
const COLUMNS = Object.entries(getTableColumns(auditLogs)).map(([key, col]) => ({ key, name: col.name, col }));
const ROW = sql.raw(COLUMNS.map((c) => `"audit_logs"."${c.name}"`).join(', '));
const NEWEST_FIRST = sql`${auditLogs.createdAt} desc, ${auditLogs.id} desc`;

function fromDriver(raw: Record<string, unknown>): AuditRow {
  const row: Record<string, unknown> = {};
  for (const c of COLUMNS) {
    const v = raw[c.name];
    row[c.key] = v == null ? null : c.col.mapFromDriverValue(v);
  }
  return row as AuditRow;
}
const rowsOf = (res: unknown) => anyRowsOf<Record<string, unknown>>(res);

/** The filters as one condition; a period is Brasília calendar days, both ends included. */
function filterWhere(scope: TenantScope, q: AuditFilters): SQL {
  const conds: SQL[] = [ofTenant(auditLogs, scope)];
  if (q.userId != null) conds.push(sql`${auditLogs.userId} = ${q.userId}`);
  if (q.entityType) conds.push(sql`${auditLogs.entityType} = ${q.entityType}`);
  if (q.action) conds.push(sql`${auditLogs.action} = ${q.action}`);
  if (auditHidesAccess(q)) conds.push(sql`${auditLogs.action} not in ${[...AUDIT_ACCESS_ACTIONS]}`);
  if (q.from) conds.push(sql`${auditLogs.createdAt} >= (${q.from}::date::timestamp at time zone ${APP_TIME_ZONE})`);
  if (q.to) conds.push(sql`${auditLogs.createdAt} < ((${q.to}::date + 1)::timestamp at time zone ${APP_TIME_ZONE})`);
  return sql.join(conds, sql` and `);
}

/**
 * Entries older than the one with id `before` in (created_at, id) order: one index range bound on
 * created_at, ties on the same instant broken by id (the timestamp travels as text: microseconds kept).
 */
async function olderThan(tx: Db, scope: TenantScope, before: number): Promise<SQL> {
  const [at] = rowsOf(
    await tx.execute(
      sql`select ${auditLogs.createdAt}::text as t from ${auditLogs} where ${ofTenant(auditLogs, scope)} and ${auditLogs.id} = ${before}`,
    ),
  );
  if (!at) throw badRequest(AUDIT_MSG.invalidCursor, { before: AUDIT_MSG.invalidCursor });
  const t = String(at.t);
  return sql`${auditLogs.createdAt} <= ${t}::timestamptz and (${auditLogs.createdAt} < ${t}::timestamptz or ${auditLogs.id} < ${before})`;
}

/** The entries that pass the filters, counted up to AUDIT_COUNT_CAP + 1 (in index order: an index-only range). */
const cappedCount = (where: SQL) =>
  sql`(select count(*)::int from (select 1 from ${auditLogs} where ${where} order by ${NEWEST_FIRST} limit ${AUDIT_COUNT_CAP + 1}) capped)`;

/** Planner estimates of large totals, per node, for a short while (an estimate needs no more precision). */
const estimates = new Map<string, { total: number; until: number }>();
const ESTIMATE_TTL_MS = 30_000;

/** The total of a list: exact up to AUDIT_COUNT_CAP, past it the planner's estimate, never below cap + 1. */
async function totalOf(
  tx: Db,
  key: string,
  where: SQL,
  n: number,
): Promise<{ total: number; totalIsEstimate: boolean }> {
  if (n <= AUDIT_COUNT_CAP) return { total: n, totalIsEstimate: false };
  const cached = estimates.get(key);
  if (cached && cached.until > Date.now()) return { total: cached.total, totalIsEstimate: true };
  const [first] = rowsOf(await tx.execute(sql`explain (format json) select 1 from ${auditLogs} where ${where}`));
  const json = first['QUERY PLAN'] as Array<{ Plan: { 'Plan Rows': number } }> | string;
  const rows = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan['Plan Rows'];
  const total = Math.max(AUDIT_COUNT_CAP + 1, Math.round(rows));
  if (estimates.size >= 1000) estimates.delete(estimates.keys().next().value!);
  estimates.set(key, { total, until: Date.now() + ESTIMATE_TTL_MS });
  return { total, totalIsEstimate: true };
}

/**
 * A page of the municipality's activity log, newest first, with its filters: by cursor (`before`) or by
 * page number (the first AUDIT_COUNT_CAP entries), plus whether older entries follow.
 */
export async function listAudit(tx: Db, scope: TenantScope, q: AuditListQuery): Promise<AuditList> {
  const where = filterWhere(scope, q);
  const pageWhere = q.before != null ? sql`${where} and ${await olderThan(tx, scope, q.before)}` : where;
  const offset = q.before == null ? ((q.page ?? 1) - 1) * q.pageSize : 0;
  // The page and the capped count in one statement (the count is an uncorrelated subquery, run once).
  const got = rowsOf(
    await tx.execute(sql`select ${ROW}, ${cappedCount(where)} as "__n" from ${auditLogs} where ${pageWhere}
      order by ${NEWEST_FIRST} limit ${q.pageSize + 1} offset ${offset}`),
  );
  // An empty page (past the end, or nothing matches) still answers the total.
  const n = Number((got[0] ?? rowsOf(await tx.execute(sql`select ${cappedCount(where)} as "__n"`))[0]).__n);
  const rows = got.slice(0, q.pageSize).map(fromDriver);
  const key = JSON.stringify([scope.municipalityId, q.userId, q.entityType, q.action, q.from, q.to, q.includeAccess]);
  return {
    logs: await presentLogs(tx, rows, scope.municipalityId),
    ...(await totalOf(tx, key, where, n)),
    hasMore: got.length > q.pageSize,
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
  const own = ofTenant(auditLogs, scope);
  let query: SQL;
  if (sight === 'all' || scope.sectorIds == null) {
    const assets = sight === 'assets' ? sql` and ${auditLogs.sectorId} is not null` : sql``;
    query = sql`select ${ROW} from ${auditLogs} where ${own}${assets} order by ${NEWEST_FIRST} limit ${limit}`;
  } else {
    const parts = scope.sectorIds.map(
      (id) =>
        sql`(select ${ROW} from ${auditLogs} where ${own} and ${auditLogs.sectorId} = ${id} order by ${NEWEST_FIRST} limit ${limit})`,
    );
    query = sql`select * from (${sql.join(parts, sql` union all `)}) audit_logs order by ${NEWEST_FIRST} limit ${limit}`;
  }
  return presentLogs(tx, rowsOf(await tx.execute(query)).map(fromDriver), scope.municipalityId);
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
