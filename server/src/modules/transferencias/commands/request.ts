import { and, eq, sql } from 'drizzle-orm';
import {
  TRANSFER_MSG,
  type PatrimonioListItem,
  type Role,
  type TransferCreate,
  type Transferencia,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { locais, rolePermissions, sectors, transferencias } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { record } from '../../audit';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../../http/errors';
import { ofTenant, type TenantScope } from '../../../tenancy/scope';
import { hasOpenLoan } from '../../emprestimos';
import { notify, usersWithRoles } from '../../notifications';
import { findOwn, setTransferPending, toListItem } from '../../patrimonios';
import { toTransferencia } from '../presenters';
import { transferEvent } from '../rooms';

/** What creating or deciding a request answers: the request and the asset's list row after it. */
export interface TransferResult {
  transferencia: Transferencia;
  patrimonio: PatrimonioListItem;
}

/** The destination sector and location of a transfer, checked against the scope's municipality. */
async function destination(tx: Db, scope: TenantScope, input: TransferCreate, currentSectorId: number) {
  const [sector] = await tx
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(and(ofTenant(sectors, scope), eq(sectors.id, input.setorDestinoId!)));
  if (!sector) throw notFound(TRANSFER_MSG.setorDestinoNotFound);
  if (sector.id === currentSectorId)
    throw badRequest(TRANSFER_MSG.sameSector, { setorDestinoId: TRANSFER_MSG.sameSector });
  if (input.localDestinoId == null) return { sector, local: null };
  const [local] = await tx
    .select({ id: locais.id, name: locais.name, sectorId: locais.sectorId })
    .from(locais)
    .where(and(ofTenant(locais, scope), eq(locais.id, input.localDestinoId)));
  if (!local) throw notFound(TRANSFER_MSG.localDestinoNotFound);
  if (local.sectorId !== sector.id)
    throw badRequest(TRANSFER_MSG.localOtherSector, { localDestinoId: TRANSFER_MSG.localOtherSector });
  return { sector, local };
}

/** The municipality's users whose role may decide requests (role permissions are editable). */
export async function approverIds(tx: Db, scope: TenantScope): Promise<number[]> {
  const roles = await tx
    .select({ role: rolePermissions.role })
    .from(rolePermissions)
    .where(sql`'transfers:decide' = any(${rolePermissions.permissions})`);
  return usersWithRoles(
    tx,
    scope,
    roles.map((r) => r.role as Role),
  );
}

/**
 * Spec §4: a request is created 'pendente' and the asset's `transferencia_pendente` becomes true. An
 * asset already pending, written off or donated gets 409; the asset must be the caller's to see (404).
 * The approvers are notified and the rooms that see the request get it live.
 */
export async function requestTransfer(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: TransferCreate,
): Promise<TransferResult> {
  const actor = out.actor;
  if (!actor) throw forbidden();
  const asset = await findOwn(tx, scope, input.patrimonioId, true);
  if (asset.doado) throw conflict(TRANSFER_MSG.donated);
  if (asset.status === 'baixado') throw conflict(TRANSFER_MSG.writtenOff);
  if (asset.transferenciaPendente) throw conflict(TRANSFER_MSG.alreadyPending);
  // The asset row is locked: a loan being made now waits for this request and then sees it pending.
  if (await hasOpenLoan(tx, asset.id)) throw conflict(TRANSFER_MSG.lent);
  const dest = input.type === 'transferencia' ? await destination(tx, scope, input, asset.sectorId) : null;
  let row;
  try {
    [row] = await tx
      .insert(transferencias)
      .values({
        municipalityId: scope.municipalityId,
        patrimonioId: asset.id,
        numeroPatrimonio: asset.numeroPatrimonio,
        descricaoBem: asset.descricaoBem,
        type: input.type,
        reason: input.motivo,
        originSectorId: asset.sectorId,
        originSectorName: asset.setorNome,
        destinationSectorId: dest?.sector.id ?? null,
        destinationSectorName: dest?.sector.name ?? null,
        destinationLocalId: dest?.local?.id ?? null,
        destinationLocalName: dest?.local?.name ?? null,
        recipient: input.type === 'doacao' ? input.destinatario! : null,
        requesterId: actor.id,
        requesterName: actor.name,
      })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err, 'transferencias_pendente_uq')) throw conflict(TRANSFER_MSG.alreadyPending);
    throw err;
  }
  const flagged = await setTransferPending(tx, out, scope, { id: asset.id, pending: true });
  await record(
    tx,
    out,
    {
      action: 'TRANSFER_REQUEST',
      entityType: 'Transferencia',
      entityId: row.id,
      details: {
        new_value: {
          numero_patrimonio: row.numeroPatrimonio,
          type: row.type,
          motivo: row.reason,
          setor_origem: row.originSectorName,
          ...(row.destinationSectorName ? { setor_destino: row.destinationSectorName } : {}),
          ...(row.destinationLocalName ? { local_destino: row.destinationLocalName } : {}),
          ...(row.recipient ? { destinatario: row.recipient } : {}),
        },
      },
    },
    transferEvent('transferencia.created', row),
  );
  const approvers = (await approverIds(tx, scope)).filter((id) => id !== actor.id);
  await notify(tx, out, scope, approvers, {
    title: TRANSFER_MSG.newRequestTitle(row.type as TransferCreate['type']),
    description: TRANSFER_MSG.newRequestDescription(
      actor.name,
      row.numeroPatrimonio,
      row.type as TransferCreate['type'],
      row.destinationSectorName ?? row.recipient ?? '',
    ),
    type: 'transfer',
    link: '/bens/transferencias',
  });
  return { transferencia: toTransferencia(row), patrimonio: toListItem(flagged) };
}
