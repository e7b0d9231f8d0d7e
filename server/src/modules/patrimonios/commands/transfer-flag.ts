import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { patrimonios } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import type { TenantScope } from '../../../tenancy/scope';
import { addHistory } from '../history';
import type { Row } from '../presenters';
import { findOwn } from '../queries';
import { assetChanged } from '../rooms';

export interface TransferFlag {
  id: number;
  /** `transferencia_pendente`: true while a transfer or donation request waits for its decision. */
  pending: boolean;
  /** A history line written last, so it stands at the front of the asset's history (spec §4). */
  history?: { action: string; details: string };
}

/**
 * Sets an asset's pending-transfer flag in the caller's transaction, with an optional history line
 * signed by the actor, and its live events. The transfer's own audit row covers it (none here).
 */
export async function setTransferPending(tx: Db, out: Outbox, scope: TenantScope, input: TransferFlag): Promise<Row> {
  const old = await findOwn(tx, scope, input.id, true);
  const [row] = await tx
    .update(patrimonios)
    .set({ transferenciaPendente: input.pending, updatedAt: new Date(), version: old.version + 1 })
    .where(eq(patrimonios.id, old.id))
    .returning();
  if (input.history) await addHistory(tx, out, [{ patrimonioId: old.id, ...input.history }], old.municipalityId);
  await record(tx, out, null, ...assetChanged(row, old.sectorId));
  return row;
}
