import { and, eq } from 'drizzle-orm';
import {
  TRANSFER_MSG,
  missingRejectionReason,
  type TransferDecisionBody,
  type TransferStatus,
  type TransferType,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { transferencias } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { HttpError, conflict, forbidden, notFound } from '../../../http/errors';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { notify } from '../../notifications';
import { findOwn, moveAsset, setTransferPending, toListItem, writeOffAsset } from '../../patrimonios';
import { recordAutomaticTermos } from '../../termos';
import { toTransferencia } from '../presenters';
import { transferEvent } from '../rooms';
import type { TransferResult } from './request';

export interface TransferDecision extends TransferDecisionBody {
  id: number;
}

/**
 * Spec §4, in the caller's one transaction: the request becomes 'aprovada' or 'rejeitada' with the
 * approver's fields; an approved transfer moves the asset (`moveAsset`), an approved donation writes
 * it off as `doado` (`writeOffAsset`); `transferencia_pendente` becomes false and the spec's history
 * line goes to the front; the requester is notified; one audit row. The request row is locked first,
 * so of two approvers deciding at once the second sees it decided and gets 409: the asset changes once.
 */
export async function decideTransfer(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: TransferDecision,
): Promise<TransferResult> {
  const actor = out.actor;
  if (!actor) throw forbidden();
  const [old] = await tx
    .select()
    .from(transferencias)
    .where(and(ofTenant(transferencias, scope), eq(transferencias.id, input.id)))
    .for('update');
  if (!old) throw notFound(TRANSFER_MSG.notFound);
  if (old.status !== 'pendente')
    throw conflict(TRANSFER_MSG.alreadyDecided(old.status as TransferStatus, old.approverName));
  if (old.version !== input.version) throw conflict(TRANSFER_MSG.stale);
  const noReason = missingRejectionReason(input);
  if (noReason) throw new HttpError(422, 'UNPROCESSABLE', noReason, { comentariosAprovador: noReason });
  const type = old.type as TransferType;
  const asset = await findOwn(tx, scope, old.patrimonioId, true);
  if (input.status === 'aprovada') {
    if (asset.status === 'baixado') throw conflict(TRANSFER_MSG.assetWrittenOff);
    if (type === 'transferencia') {
      if (old.destinationSectorId == null) throw conflict(TRANSFER_MSG.destinoGone);
      await moveAsset(tx, out, scope, {
        id: asset.id,
        sectorId: old.destinationSectorId,
        localId: old.destinationLocalId,
      });
    } else {
      const motivo = TRANSFER_MSG.donationWriteOff(old.recipient ?? '—');
      await writeOffAsset(tx, out, scope, { id: asset.id, motivo, doado: true });
    }
  }
  const history = {
    action: TRANSFER_MSG.historyAction(type),
    details: TRANSFER_MSG.historyDetails(type, input.status, old.reason),
  };
  const assetRow = await setTransferPending(tx, out, scope, { id: asset.id, pending: false, history });
  // The custody terms of the sectors the asset left and entered get a new version (issue 11).
  if (input.status === 'aprovada')
    await recordAutomaticTermos(tx, out, scope, {
      kind: 'transfer',
      numero: asset.numeroPatrimonio,
      fromSectorId: asset.sectorId,
      toSectorId: type === 'transferencia' ? old.destinationSectorId : null,
    });
  const comentarios = input.comentariosAprovador ? input.comentariosAprovador : null;
  const [row] = await tx
    .update(transferencias)
    .set({
      status: input.status,
      approverId: actor.id,
      approverName: actor.name,
      decidedAt: new Date(),
      approverComments: comentarios,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(and(eq(transferencias.id, old.id), eq(transferencias.version, old.version)))
    .returning();
  if (!row) throw conflict(TRANSFER_MSG.stale);
  await record(
    tx,
    out,
    {
      action: input.status === 'aprovada' ? 'TRANSFER_APPROVE' : 'TRANSFER_REJECT',
      entityType: 'Transferencia',
      entityId: row.id,
      details: {
        old_value: { numero_patrimonio: row.numeroPatrimonio, type, status: old.status },
        new_value: { status: row.status, ...(comentarios ? { comentariosAprovador: comentarios } : {}) },
      },
    },
    transferEvent('transferencia.updated', row, assetRow.sectorId),
  );
  if (row.requesterId != null)
    await notify(tx, out, scope, [row.requesterId], {
      title: TRANSFER_MSG.notificationTitle(input.status),
      description: TRANSFER_MSG.notificationDescription(row.numeroPatrimonio, input.status, comentarios),
      type: 'transfer',
      link: `/bens-cadastrados/ver/${row.patrimonioId}`,
    });
  return { transferencia: toTransferencia(row), patrimonio: toListItem(assetRow) };
}
