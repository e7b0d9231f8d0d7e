import { and, eq } from 'drizzle-orm';
import { CATALOG_MSG, room, type TipoBem, type TipoBemCreate, type TipoBemUpdate } from '@tombo/shared';
import type { Db } from '../../db/client';
import { tiposBens } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { mapeamentoColumns, validarMapeamento } from '../contabilidade';
import { conflict, isForeignKeyViolation, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentTipoBem, tipoBemSnapshot as snapshot } from './presenters';

const M = CATALOG_MSG.tipos;

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'tipos_bens_name_uq')) throw conflict(M.nameTaken, 'DUPLICATE');
  throw err;
}

/** The live event of any change: clients refetch the catalogue. */
const changed = (scope: TenantScope) =>
  liveEvent(room.municipality(scope.municipalityId), 'catalog.changed', { catalog: 'tipos-bens' });

const thisRow = (scope: TenantScope, id: number) => and(eq(tiposBens.id, id), ofTenant(tiposBens, scope));

/** Creates an asset type of the scope's municipality (409 for a taken name). */
export async function createTipoBem(tx: Db, out: Outbox, scope: TenantScope, input: TipoBemCreate): Promise<TipoBem> {
  const [row] = await tx
    .insert(tiposBens)
    .values({
      municipalityId: scope.municipalityId,
      name: input.name,
      active: input.active ?? true,
      usefulLifeMonths: input.usefulLifeMonths ?? null,
      residualValuePct: input.residualValuePct ?? null,
      depreciable: input.depreciavel ?? true,
    })
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'TIPO_BEM_CREATE',
      entityType: 'TipoBem',
      entityId: row.id,
      label: row.name,
      details: { new_value: snapshot(row) },
    },
    changed(scope),
  );
  return presentTipoBem(row);
}

/** Changes an asset type (409 on a stale version or a taken name). */
export async function updateTipoBem(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: TipoBemUpdate,
): Promise<TipoBem> {
  const old = await lockOwned(tx, tiposBens, id, scope.municipalityId, input.version, M.notFound);
  if (input.contas) await validarMapeamento(tx, scope, input.contas);
  const [row] = await tx
    .update(tiposBens)
    .set({
      ...(input.contas ? mapeamentoColumns(input.contas) : {}),
      name: input.name ?? old.name,
      active: input.active ?? old.active,
      usefulLifeMonths: input.usefulLifeMonths === undefined ? old.usefulLifeMonths : input.usefulLifeMonths,
      residualValuePct: input.residualValuePct === undefined ? old.residualValuePct : input.residualValuePct,
      depreciable: input.depreciavel ?? old.depreciable,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(thisRow(scope, id))
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'TIPO_BEM_UPDATE',
      entityType: 'TipoBem',
      entityId: id,
      label: row.name,
      details: { old_value: snapshot(old), new_value: snapshot(row) },
    },
    changed(scope),
  );
  return presentTipoBem(row);
}

/** Activates an inactive asset type or deactivates an active one (409 on a stale version). */
export async function toggleTipoBem(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: { version: number },
): Promise<TipoBem> {
  const old = await lockOwned(tx, tiposBens, id, scope.municipalityId, input.version, M.notFound);
  const [row] = await tx
    .update(tiposBens)
    .set({ active: !old.active, updatedAt: new Date(), version: old.version + 1 })
    .where(thisRow(scope, id))
    .returning();
  await record(
    tx,
    out,
    {
      action: row.active ? 'TIPO_BEM_ACTIVATE' : 'TIPO_BEM_DEACTIVATE',
      entityType: 'TipoBem',
      entityId: id,
      label: row.name,
      details: `Tipo de Bem '${row.name}' ${row.active ? 'ativado' : 'desativado'}.`,
    },
    changed(scope),
  );
  return presentTipoBem(row);
}

/** Deletes an asset type no asset uses (409 IN_USE otherwise: deactivate it instead). */
export async function deleteTipoBem(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, tiposBens, id, scope.municipalityId, undefined, M.notFound);
  try {
    await tx.delete(tiposBens).where(thisRow(scope, id));
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(M.inUse, 'IN_USE');
    throw err;
  }
  await record(
    tx,
    out,
    {
      action: 'TIPO_BEM_DELETE',
      entityType: 'TipoBem',
      entityId: id,
      label: old.name,
      details: { old_value: snapshot(old) },
    },
    changed(scope),
  );
}
