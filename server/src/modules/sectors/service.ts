import { and, asc, eq, sql } from 'drizzle-orm';
import { MSG, room, type Sector, type SectorCreate, type SectorUpdate } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { locais, sectors } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { lockOwned } from '../../db/owned';
import { conflict, isForeignKeyViolation, isUniqueViolation } from '../../http/errors';

type Row = typeof sectors.$inferSelect;
const toSector = (r: Row, locaisCount: number): Sector => ({
  id: r.id,
  name: r.name,
  code: r.code,
  municipalityId: r.municipalityId,
  locaisCount,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});
const countLocais = (db: Db, id: number) => db.$count(locais, eq(locais.sectorId, id));

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'sectors_code_uq')) throw conflict(MSG.sectors.codeTaken, 'DUPLICATE');
  if (isUniqueViolation(err, 'sectors_name_uq')) throw conflict(MSG.sectors.nameTaken, 'DUPLICATE');
  throw err;
}

export async function listSectors(ctx: Pick<AppContext, 'db'>, municipalityId: number): Promise<Sector[]> {
  const rows = await ctx.db
    .select({ s: sectors, n: sql<number>`(select count(*) from locais l where l.sector_id = "sectors"."id")::int` })
    .from(sectors)
    .where(eq(sectors.municipalityId, municipalityId))
    .orderBy(asc(sectors.name));
  return rows.map((r) => toSector(r.s, r.n));
}

export async function createSector(
  ctx: AppContext,
  actor: Actor & { municipalityId: number },
  input: SectorCreate,
): Promise<Sector> {
  return mutate(ctx, actor, async (tx, out) => {
    const [row] = await tx
      .insert(sectors)
      .values({ municipalityId: actor.municipalityId, name: input.name, code: input.code })
      .returning()
      .catch(duplicate);
    const sector = toSector(row, 0);
    await audit(tx, out, {
      action: 'SECTOR_CREATE',
      entityType: 'Sector',
      entityId: row.id,
      details: { new_value: { name: row.name, code: row.code } },
    });
    out.emit(room.municipality(actor.municipalityId), 'sector.created', sector);
    return sector;
  });
}

export async function updateSector(
  ctx: AppContext,
  actor: Actor & { municipalityId: number },
  id: number,
  input: SectorUpdate,
): Promise<Sector> {
  return mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, sectors, id, actor.municipalityId, input.version, 'Setor não encontrado.');
    const [row] = await tx
      .update(sectors)
      .set({
        name: input.name ?? old.name,
        code: input.code ?? old.code,
        updatedAt: new Date(),
        version: old.version + 1,
      })
      .where(and(eq(sectors.id, id), eq(sectors.municipalityId, actor.municipalityId)))
      .returning()
      .catch(duplicate);
    const sector = toSector(row, await countLocais(tx, id));
    await audit(tx, out, {
      action: 'SECTOR_UPDATE',
      entityType: 'Sector',
      entityId: id,
      details: { old_value: { name: old.name, code: old.code }, new_value: { name: row.name, code: row.code } },
    });
    out.emit(room.municipality(actor.municipalityId), 'sector.updated', sector);
    return sector;
  });
}

export async function deleteSector(
  ctx: AppContext,
  actor: Actor & { municipalityId: number },
  id: number,
): Promise<void> {
  await mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, sectors, id, actor.municipalityId, undefined, 'Setor não encontrado.');
    // Every table that points at a sector does so with ON DELETE RESTRICT: in use = FK violation.
    try {
      await tx.delete(sectors).where(eq(sectors.id, id));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(MSG.sectors.inUse, 'IN_USE');
      throw err;
    }
    await audit(tx, out, {
      action: 'SECTOR_DELETE',
      entityType: 'Sector',
      entityId: id,
      details: { old_value: { name: old.name, code: old.code } },
    });
    out.emit(room.municipality(actor.municipalityId), 'sector.deleted', { id });
  });
}
