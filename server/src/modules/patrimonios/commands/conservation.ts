import { eq } from 'drizzle-orm';
import type { EstadoConservacao } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { patrimonios } from '../../../db/schema';
import type { TenantScope } from '../../../tenancy/scope';
import type { Row } from '../presenters';
import { findOwn } from '../queries';

/**
 * Sets an asset's conservation state inside the caller's transaction (a loan's return records the
 * condition it came back in); the caller writes the history line, the audit row and the events of its
 * change. Returns the row, unchanged (same version) when the state was already that.
 */
export async function setConservation(tx: Db, scope: TenantScope, id: number, estado: EstadoConservacao): Promise<Row> {
  const old = await findOwn(tx, scope, id, true);
  if (old.estadoConservacao === estado) return old;
  const [row] = await tx
    .update(patrimonios)
    .set({ estadoConservacao: estado, updatedAt: new Date(), version: old.version + 1 })
    .where(eq(patrimonios.id, id))
    .returning();
  return row;
}
