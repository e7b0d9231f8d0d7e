import { and, eq } from 'drizzle-orm';
import { MSG, room, type Sector, type SectorCreate, type SectorUpdate } from '@tombo/shared';
import type { Db } from '../../db/client';
import { sectors } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { conflict, isForeignKeyViolation, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentSector } from './presenters';
import { countLocais } from './queries';

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'sectors_code_uq')) throw conflict(MSG.sectors.codeTaken, 'DUPLICATE');
  if (isUniqueViolation(err, 'sectors_name_uq')) throw conflict(MSG.sectors.nameTaken, 'DUPLICATE');
  throw err;
}

/** Creates a sector of the scope's municipality. */
export async function createSector(tx: Db, out: Outbox, scope: TenantScope, input: SectorCreate): Promise<Sector> {
  const [row] = await tx
    .insert(sectors)
    .values({ municipalityId: scope.municipalityId, name: input.name, code: input.code })
    .returning()
    .catch(duplicate);
  const sector = presentSector(row, 0);
  await record(
    tx,
    out,
    {
      action: 'SECTOR_CREATE',
      entityType: 'Sector',
      entityId: row.id,
      label: row.name,
      details: { new_value: { name: row.name, code: row.code } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'sector.created', sector),
  );
  return sector;
}

/** Renames or recodes a sector (409 on a stale version or a taken name/code). */
export async function updateSector(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: SectorUpdate,
): Promise<Sector> {
  const old = await lockOwned(tx, sectors, id, scope.municipalityId, input.version, MSG.sectors.notFound);
  const [row] = await tx
    .update(sectors)
    .set({
      name: input.name ?? old.name,
      code: input.code ?? old.code,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(and(eq(sectors.id, id), ofTenant(sectors, scope)))
    .returning()
    .catch(duplicate);
  const sector = presentSector(row, await countLocais(tx, id));
  await record(
    tx,
    out,
    {
      action: 'SECTOR_UPDATE',
      entityType: 'Sector',
      entityId: id,
      label: row.name,
      details: { old_value: { name: old.name, code: old.code }, new_value: { name: row.name, code: row.code } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'sector.updated', sector),
  );
  return sector;
}

/** Deletes a sector nothing points at (409 IN_USE otherwise: every reference is ON DELETE RESTRICT). */
export async function deleteSector(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, sectors, id, scope.municipalityId, undefined, MSG.sectors.notFound);
  try {
    await tx.delete(sectors).where(eq(sectors.id, id));
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(MSG.sectors.inUse, 'IN_USE');
    throw err;
  }
  await record(
    tx,
    out,
    {
      action: 'SECTOR_DELETE',
      entityType: 'Sector',
      entityId: id,
      label: old.name,
      details: { old_value: { name: old.name, code: old.code } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'sector.deleted', { id }),
  );
}
