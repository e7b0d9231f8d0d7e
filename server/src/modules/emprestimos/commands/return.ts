import { and, eq } from 'drizzle-orm';
import {
  LOAN_HISTORY_ACTIONS,
  LOAN_MSG,
  loanToday,
  type DevolucaoBody,
  type EmprestimoListItem,
  type EstadoConservacao,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { emprestimos } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { conflict, notFound } from '../../../http/errors';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { addHistory, assetChanged, assetRooms, findOwn, setConservation } from '../../patrimonios';
import { recordAutomaticTermos } from '../../termos';
import { loanStatus, toLoanItem } from '../presenters';
import { findLoan } from '../queries';

/**
 * Registers the return of an open loan (409 if already returned, or on a stale `version`): the loan
 * closes with the asset's condition, which becomes the asset's conservation state; history line,
 * audit row and events. The asset is locked before the loan, in the same order as a new loan.
 */
export async function returnLoan(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  body: DevolucaoBody,
): Promise<EmprestimoListItem> {
  const [peek] = await tx
    .select({ patrimonioId: emprestimos.patrimonioId })
    .from(emprestimos)
    .where(and(eq(emprestimos.id, id), ofTenant(emprestimos, scope)));
  if (!peek) throw notFound(LOAN_MSG.notFound);
  let asset = await findOwn(tx, scope, peek.patrimonioId, true);
  const current = await findLoan(tx, scope, id, true);
  if (current.loan.returnedAt) throw conflict(LOAN_MSG.alreadyReturned);
  if (current.loan.version !== body.version) throw conflict();
  const today = loanToday();
  const atrasado = loanStatus(current.loan, today) === 'atrasado';
  const actor = out.actor;
  const now = new Date();
  const [loan] = await tx
    .update(emprestimos)
    .set({
      returnedAt: now,
      returnCondition: body.estadoDevolucao,
      returnNotes: body.observacoes,
      returnedById: actor?.id ?? null,
      returnedByName: actor?.name ?? null,
      updatedAt: now,
      version: current.loan.version + 1,
    })
    .where(eq(emprestimos.id, id))
    .returning();
  const estadoAnterior = asset.estadoConservacao as EstadoConservacao | null;
  asset = await setConservation(tx, scope, asset.id, body.estadoDevolucao);
  const details = LOAN_MSG.returnedDetails({
    tomadorNome: loan.borrowerName,
    estadoDevolucao: body.estadoDevolucao,
    estadoAnterior,
    atrasado,
    observacoes: body.observacoes,
  });
  await addHistory(
    tx,
    out,
    [{ patrimonioId: asset.id, action: LOAN_HISTORY_ACTIONS.returned, details }],
    scope.municipalityId,
  );
  // The custody term of the asset's sector gets a new version (issue 11).
  await recordAutomaticTermos(tx, out, scope, {
    kind: 'loanReturn',
    numero: asset.numeroPatrimonio,
    sectorId: asset.sectorId,
  });
  const item = toLoanItem({ ...current, loan, sectorId: asset.sectorId, setorNome: asset.setorNome }, today);
  await record(
    tx,
    out,
    {
      action: 'EMPRESTIMO_RETURN',
      entityType: 'Emprestimo',
      entityId: id,
      details: {
        old_value: { numero_patrimonio: asset.numeroPatrimonio, estado_conservacao: estadoAnterior },
        new_value: {
          estadoDevolucao: body.estadoDevolucao,
          atrasado,
          ...(body.observacoes ? { observacoes: body.observacoes } : {}),
        },
      },
    },
    liveEvent(assetRooms(scope.municipalityId, asset.sectorId), 'emprestimo.updated', item),
    ...assetChanged(asset),
  );
  return item;
}
