import { and, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { ofTenant, type TenantScope } from './scope';

export type Id = number | string;

/** An access rule: which of `ids` the scope may use for one purpose (the rest will be answered 404). */
export type AccessRule = (tx: Db, scope: TenantScope, ids: readonly Id[]) => Promise<Iterable<Id>>;

type Owned = PgTable & { id: PgColumn; municipalityId: PgColumn };

/** The commonest rule: the rows of the scope's municipality. */
export function ownedBy(table: Owned): AccessRule {
  return async (tx, scope, ids) => {
    const rows = (await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(ofTenant(table, scope), inArray(table.id, [...ids])))) as Array<{ id: Id }>;
    return rows.map((r) => r.id);
  };
}
