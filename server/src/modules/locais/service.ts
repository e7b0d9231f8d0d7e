import { and, asc, eq } from 'drizzle-orm';
import { MSG, room, type Local, type LocalCreate, type LocalUpdate } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { locais, sectors } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { lockOwned } from '../../db/owned';
import { HttpError, conflict, isForeignKeyViolation, isUniqueViolation } from '../../http/errors';

type Row = typeof locais.$inferSelect;
const toLocal = (r: Row, sectorName: string): Local => ({
  id: r.id,
  name: r.name,
  sectorId: r.sectorId,
  sectorName,
  municipalityId: r.municipalityId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** A sector named in a body must be one of the caller's municipality. */
async function sectorName(tx: Db, sectorId: number, municipalityId: number): Promise<string> {
  const [s] = await tx
    .select({ name: sectors.name })
    .from(sectors)
    .where(and(eq(sectors.id, sectorId), eq(sectors.municipalityId, municipalityId)));
  if (!s) throw new HttpError(422, 'UNPROCESSABLE', 'Setor não encontrado.', { sectorId: 'Setor não encontrado.' });
  return s.name;
}

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'locais_name_uq')) throw conflict(MSG.locais.nameTaken, 'DUPLICATE');
  throw err;
}

export async function listLocais(ctx: AppContext, municipalityId: number, sectorId?: number): Promise<Local[]> {
  const where = sectorId
    ? and(eq(locais.municipalityId, municipalityId), eq(locais.sectorId, sectorId))
    : eq(locais.municipalityId, municipalityId);
  const rows = await ctx.db
    .select({ l: locais, sectorName: sectors.name })
    .from(locais)
    .innerJoin(sectors, eq(sectors.id, locais.sectorId))
    .where(where)
    .orderBy(asc(locais.name));
  return rows.map((r) => toLocal(r.l, r.sectorName));
}

type MunicipalActor = Actor & { municipalityId: number };

export async function createLocal(ctx: AppContext, actor: MunicipalActor, input: LocalCreate): Promise<Local> {
  return mutate(ctx, actor, async (tx, out) => {
    const sName = await sectorName(tx, input.sectorId, actor.municipalityId);
    const [row] = await tx
      .insert(locais)
      .values({ municipalityId: actor.municipalityId, sectorId: input.sectorId, name: input.name })
      .returning()
      .catch(duplicate);
    const local = toLocal(row, sName);
    await audit(tx, out, {
      action: 'LOCAL_CREATE',
      entityType: 'Local',
      entityId: row.id,
      details: { new_value: { name: row.name, sector: sName } },
    });
    out.emit(room.municipality(actor.municipalityId), 'local.created', local);
    return local;
  });
}

export async function updateLocal(
  ctx: AppContext,
  actor: MunicipalActor,
  id: number,
  input: LocalUpdate,
): Promise<Local> {
  return mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, locais, id, actor.municipalityId, input.version, 'Local não encontrado.');
    const sectorId = input.sectorId ?? old.sectorId;
    const sName = await sectorName(tx, sectorId, actor.municipalityId);
    const [row] = await tx
      .update(locais)
      .set({ name: input.name ?? old.name, sectorId, updatedAt: new Date(), version: old.version + 1 })
      .where(eq(locais.id, id))
      .returning()
      .catch(duplicate);
    const local = toLocal(row, sName);
    await audit(tx, out, {
      action: 'LOCAL_UPDATE',
      entityType: 'Local',
      entityId: id,
      details: {
        old_value: { name: old.name, sectorId: old.sectorId },
        new_value: { name: row.name, sectorId: row.sectorId },
      },
    });
    out.emit(room.municipality(actor.municipalityId), 'local.updated', local);
    return local;
  });
}

export async function deleteLocal(ctx: AppContext, actor: MunicipalActor, id: number): Promise<void> {
  await mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, locais, id, actor.municipalityId, undefined, 'Local não encontrado.');
    try {
      await tx.delete(locais).where(eq(locais.id, id));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(MSG.locais.inUse, 'IN_USE');
      throw err;
    }
    await audit(tx, out, {
      action: 'LOCAL_DELETE',
      entityType: 'Local',
      entityId: id,
      details: { old_value: { name: old.name, sectorId: old.sectorId } },
    });
    out.emit(room.municipality(actor.municipalityId), 'local.deleted', { id });
  });
}
