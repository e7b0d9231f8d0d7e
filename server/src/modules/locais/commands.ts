import { and, eq } from 'drizzle-orm';
import { MSG, room, type Local, type LocalCreate, type LocalUpdate } from '@tombo/shared';
import type { Db } from '../../db/client';
import { locais } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { conflict, isForeignKeyViolation, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentLocal } from './presenters';
import { sectorNameFor } from './queries';

const NOT_FOUND = 'Local não encontrado.';

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'locais_name_uq')) throw conflict(MSG.locais.nameTaken, 'DUPLICATE');
  throw err;
}

/** Creates a location in a sector of the scope's municipality (422 for another one's sector). */
export async function createLocal(tx: Db, out: Outbox, scope: TenantScope, input: LocalCreate): Promise<Local> {
  const sectorName = await sectorNameFor(tx, scope, input.sectorId);
  const [row] = await tx
    .insert(locais)
    .values({ municipalityId: scope.municipalityId, sectorId: input.sectorId, name: input.name })
    .returning()
    .catch(duplicate);
  const local = presentLocal(row, sectorName);
  await record(
    tx,
    out,
    {
      action: 'LOCAL_CREATE',
      entityType: 'Local',
      entityId: row.id,
      label: row.name,
      details: { new_value: { name: row.name, sector: sectorName } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'local.created', local),
  );
  return local;
}

/** Renames a location or moves it to another sector (409 on a stale version or a taken name). */
export async function updateLocal(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: LocalUpdate,
): Promise<Local> {
  const old = await lockOwned(tx, locais, id, scope.municipalityId, input.version, NOT_FOUND);
  const sectorId = input.sectorId ?? old.sectorId;
  const sectorName = await sectorNameFor(tx, scope, sectorId);
  const [row] = await tx
    .update(locais)
    .set({ name: input.name ?? old.name, sectorId, updatedAt: new Date(), version: old.version + 1 })
    .where(and(eq(locais.id, id), ofTenant(locais, scope)))
    .returning()
    .catch(duplicate);
  const local = presentLocal(row, sectorName);
  await record(
    tx,
    out,
    {
      action: 'LOCAL_UPDATE',
      entityType: 'Local',
      entityId: id,
      label: row.name,
      details: {
        old_value: { name: old.name, sectorId: old.sectorId },
        new_value: { name: row.name, sectorId: row.sectorId },
      },
    },
    liveEvent(room.municipality(scope.municipalityId), 'local.updated', local),
  );
  return local;
}

/** Deletes a location nothing points at (409 IN_USE otherwise). */
export async function deleteLocal(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, locais, id, scope.municipalityId, undefined, NOT_FOUND);
  try {
    await tx.delete(locais).where(and(eq(locais.id, id), ofTenant(locais, scope)));
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MSG.locais.inUse, 'IN_USE');
    throw err;
  }
  await record(
    tx,
    out,
    {
      action: 'LOCAL_DELETE',
      entityType: 'Local',
      entityId: id,
      label: old.name,
      details: { old_value: { name: old.name, sectorId: old.sectorId } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'local.deleted', { id }),
  );
}
