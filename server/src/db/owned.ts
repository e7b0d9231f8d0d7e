import { and, eq, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { conflict, notFound } from '../http/errors';

type Owned = PgTable & { id: PgColumn; municipalityId: PgColumn; version: PgColumn };

/**
 * Locks a row of the caller's municipality for update. Another municipality's row is a 404
 * (ids must not be probeable); a stale `version` is a 409.
 */
export async function lockOwned<T extends Owned>(
  tx: Db,
  table: T,
  id: number,
  municipalityId: number,
  version?: number,
  notFoundMessage?: string,
): Promise<InferSelectModel<T>> {
  const rows = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.municipalityId, municipalityId)))
    .for('update');
  const row = rows[0] as InferSelectModel<T> | undefined;
  if (!row) throw notFound(notFoundMessage);
  if (version !== undefined && version !== (row as { version: number }).version) throw conflict();
  return row;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
