import { eq } from 'drizzle-orm';
import {
  LOAN_HISTORY_ACTIONS,
  LOAN_MSG,
  loanToday,
  type EmprestimoListItem,
  type ProrrogacaoBody,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { emprestimos } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { badRequest, conflict } from '../../../http/errors';
import type { TenantScope } from '../../../tenancy/scope';
import { addHistory, assetChanged, assetRooms, findOwn } from '../../patrimonios';
import { toLoanItem } from '../presenters';
import { findLoan } from '../queries';

/**
 * Extends an open loan to a later expected return date (409 once returned or on a stale `version`). The
 * daily job's reminder and overdue marks are cleared, so the new date gets its own reminder and warning.
 */
export async function extendLoan(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  body: ProrrogacaoBody,
): Promise<EmprestimoListItem> {
  const current = await findLoan(tx, scope, id, true);
  if (current.loan.returnedAt) throw conflict(LOAN_MSG.extendReturned);
  if (current.loan.version !== body.version) throw conflict();
  const de = current.loan.dueDate;
  if (body.dataPrevistaDevolucao <= de) {
    const message = LOAN_MSG.extendNotLater(de);
    throw badRequest(message, { dataPrevistaDevolucao: message });
  }
  const [loan] = await tx
    .update(emprestimos)
    .set({
      dueDate: body.dataPrevistaDevolucao,
      overdueNotifiedAt: null,
      reminderSentAt: null,
      updatedAt: new Date(),
      version: current.loan.version + 1,
    })
    .where(eq(emprestimos.id, id))
    .returning();
  const asset = await findOwn(tx, scope, loan.patrimonioId);
  const details = LOAN_MSG.extendedDetails({
    tomadorNome: loan.borrowerName,
    de,
    para: loan.dueDate,
    motivo: body.motivo,
  });
  await addHistory(
    tx,
    out,
    [{ patrimonioId: asset.id, action: LOAN_HISTORY_ACTIONS.lent, details }],
    scope.municipalityId,
  );
  const item = toLoanItem({ ...current, loan }, loanToday());
  await record(
    tx,
    out,
    {
      action: 'EMPRESTIMO_EXTEND',
      entityType: 'Emprestimo',
      entityId: id,
      details: {
        old_value: { numero_patrimonio: asset.numeroPatrimonio, dataPrevistaDevolucao: de },
        new_value: {
          dataPrevistaDevolucao: loan.dueDate,
          ...(body.motivo ? { motivo: body.motivo } : {}),
        },
      },
    },
    liveEvent(assetRooms(scope.municipalityId, asset.sectorId), 'emprestimo.updated', item),
    // The asset's list row is unchanged, but an open record refetches its history on this event.
    ...assetChanged(asset),
  );
  return item;
}
