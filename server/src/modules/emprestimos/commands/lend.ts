import { and, eq, isNull } from 'drizzle-orm';
import {
  LOAN_HISTORY_ACTIONS,
  LOAN_MSG,
  loanToday,
  type EmprestimoCreate,
  type EmprestimoListItem,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { emprestimos, sectors } from '../../../db/schema';
import { liveEvent, type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { HttpError, badRequest, conflict, isUniqueViolation } from '../../../http/errors';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { addHistory, assetChanged, assetRooms, findOwn } from '../../patrimonios';
import { toLoanItem } from '../presenters';
import { unavailableReason } from '../queries';

/** The destination sector of the scope's municipality (404 for any other), never the asset's own. */
async function destination(tx: Db, scope: TenantScope, id: number, assetSectorId: number): Promise<string> {
  const [s] = await tx
    .select({ name: sectors.name })
    .from(sectors)
    .where(and(eq(sectors.id, id), ofTenant(sectors, scope)));
  if (!s) throw new HttpError(404, 'NOT_FOUND', LOAN_MSG.sectorNotFound, { setorDestinoId: LOAN_MSG.sectorNotFound });
  if (id === assetSectorId) throw badRequest(LOAN_MSG.sameSector, { setorDestinoId: LOAN_MSG.sameSector });
  return s.name;
}

/**
 * Lends an asset the scope may change (404 otherwise) to a person, optionally for another sector: 409
 * when it is written off, donated, lost, pending transfer or already lent (the partial unique index
 * settles concurrent requests). Writes the loan, the asset's history line, the audit row and the events.
 */
export async function lendAsset(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: EmprestimoCreate,
): Promise<EmprestimoListItem> {
  const asset = await findOwn(tx, scope, input.patrimonioId, true);
  const setorDestino =
    input.setorDestinoId != null ? await destination(tx, scope, input.setorDestinoId, asset.sectorId) : null;
  const [openLoan] = await tx
    .select({ id: emprestimos.id })
    .from(emprestimos)
    .where(and(eq(emprestimos.patrimonioId, asset.id), isNull(emprestimos.returnedAt)));
  const refused = unavailableReason(asset, !!openLoan);
  if (refused) throw conflict(refused);
  const actor = out.actor;
  let loan;
  try {
    [loan] = await tx
      .insert(emprestimos)
      .values({
        municipalityId: scope.municipalityId,
        patrimonioId: asset.id,
        borrowerName: input.tomadorNome,
        borrowerDocument: input.tomadorDocumento,
        borrowerContact: input.tomadorContato,
        destinationSectorId: input.setorDestinoId ?? null,
        destinationSectorName: setorDestino,
        dueDate: input.dataPrevistaDevolucao,
        notes: input.observacoes,
        createdById: actor?.id ?? null,
        createdByName: actor?.name ?? null,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err, 'emprestimos_open_uq')) throw conflict(LOAN_MSG.alreadyOpen);
    throw err;
  }
  const details = LOAN_MSG.lentDetails({ ...input, setorDestino });
  await addHistory(
    tx,
    out,
    [{ patrimonioId: asset.id, action: LOAN_HISTORY_ACTIONS.lent, details }],
    scope.municipalityId,
  );
  const item = toLoanItem(
    {
      loan,
      numeroPatrimonio: asset.numeroPatrimonio,
      descricaoBem: asset.descricaoBem,
      sectorId: asset.sectorId,
      setorNome: asset.setorNome,
      setorDestinoNome: setorDestino,
    },
    loanToday(),
  );
  await record(
    tx,
    out,
    {
      action: 'EMPRESTIMO_CREATE',
      entityType: 'Emprestimo',
      entityId: loan.id,
      details: {
        new_value: {
          numero_patrimonio: asset.numeroPatrimonio,
          tomadorNome: loan.borrowerName,
          tomadorDocumento: loan.borrowerDocument,
          setorDestino,
          dataPrevistaDevolucao: loan.dueDate,
        },
      },
    },
    liveEvent(assetRooms(scope.municipalityId, asset.sectorId), 'emprestimo.created', item),
    // The asset's list row is unchanged, but an open record refetches its history on this event.
    ...assetChanged(asset),
  );
  return item;
}
