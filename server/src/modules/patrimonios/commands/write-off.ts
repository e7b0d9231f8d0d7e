import { eq } from 'drizzle-orm';
import { HISTORICO_ACTIONS, PATRIMONIO_MSG, isoDayOf } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { patrimonios } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { autorDe, lancarBaixa } from '../../contabilidade';
import { conflict } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { heldBy } from '../holds';
import { statusLabel } from '../format';
import { addHistory } from '../history';
import type { Row } from '../presenters';
import { findOwn } from '../queries';
import { assetChanged } from '../rooms';

export interface WriteOff {
  id: number;
  /** Why (a donation, a transfer out, an approval's comment); the history line says it. */
  motivo?: string;
  /** An approved donation (spec §4): the asset is also marked `doado`. */
  doado?: boolean;
  /** The day of the write-off, 'YYYY-MM-DD' (default: the asset's `dataBaixa`, else today). */
  data?: string;
}

/**
 * Writes an asset off (status 'baixado'): it stays in the register, numbered for life. Runs in the
 * caller's transaction with its history line, audit row, live events and its accounting entry (`lancarBaixa`,
 * a donation's when `doado`; 409 if already written off or lent, or when the day's month is locked).
 */
export async function writeOffAsset(tx: Db, out: Outbox, scope: TenantScope, input: WriteOff): Promise<Row> {
  const old = await findOwn(tx, scope, input.id, true);
  if (old.status === 'baixado') throw conflict(PATRIMONIO_MSG.alreadyWrittenOff);
  const held = await heldBy(tx, old.id);
  if (held) throw conflict(held);
  const data = input.data ?? old.dataBaixa ?? isoDayOf(new Date());
  const why = input.motivo ?? 'Bens com movimentações não são excluídos.';
  const autor = autorDe(out);
  await lancarBaixa(tx, scope, autor, old.id, { data, doacao: !!input.doado || old.doado, motivo: why });
  const [row] = await tx
    .update(patrimonios)
    .set({
      status: 'baixado',
      dataBaixa: data,
      ...(input.doado ? { doado: true } : {}),
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(eq(patrimonios.id, old.id))
    .returning();
  const details = `Bem baixado (status anterior: '${statusLabel(old.status)}'). ${why}`;
  await addHistory(
    tx,
    out,
    [{ patrimonioId: old.id, action: HISTORICO_ACTIONS.writtenOff, details }],
    old.municipalityId,
  );
  await record(
    tx,
    out,
    {
      action: 'PATRIMONIO_WRITE_OFF',
      entityType: 'Patrimonio',
      entityId: old.id,
      label: old.numeroPatrimonio,
      sectorId: old.sectorId,
      details: {
        old_value: { numero_patrimonio: old.numeroPatrimonio, status: old.status },
        new_value: {
          status: 'baixado',
          ...(input.doado ? { doado: true } : {}),
          ...(input.motivo ? { motivo: input.motivo } : {}),
        },
      },
    },
    ...assetChanged(row),
  );
  return row;
}
