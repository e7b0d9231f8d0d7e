import type { Db } from '../../db/client';
import { imovelHistorico } from '../../db/schema';
import type { Outbox } from '../../db/tx';

/** A line of the property's history, written by the actor of the change (none for the system). */
export async function addImovelHistory(
  tx: Db,
  out: Outbox,
  municipalityId: number,
  imovelId: number,
  action: string,
  details: string,
): Promise<void> {
  await tx.insert(imovelHistorico).values({
    imovelId,
    municipalityId,
    action,
    details,
    userId: out.actor?.id ?? null,
    userName: out.actor?.name ?? null,
  });
}
