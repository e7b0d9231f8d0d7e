import { and, asc, eq } from 'drizzle-orm';
import { CATALOG_MSG, room, type TipoBem, type TipoBemCreate, type TipoBemUpdate } from '@tombo/shared';
import type { AppContext } from '../../context';
import { tiposBens } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { lockOwned } from '../../db/owned';
import { conflict, isForeignKeyViolation, isUniqueViolation } from '../../http/errors';

type Row = typeof tiposBens.$inferSelect;
type MunicipalActor = Actor & { municipalityId: number };

export const toTipoBem = (r: Row): TipoBem => ({
  id: r.id,
  name: r.name,
  active: r.active,
  usefulLifeMonths: r.usefulLifeMonths,
  residualValuePct: r.residualValuePct == null ? null : Number(r.residualValuePct).toFixed(2),
  municipalityId: r.municipalityId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});
const snapshot = (r: Row) => ({
  name: r.name,
  active: r.active,
  usefulLifeMonths: r.usefulLifeMonths,
  residualValuePct: r.residualValuePct,
});

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'tipos_bens_name_uq')) throw conflict(CATALOG_MSG.tipos.nameTaken, 'DUPLICATE');
  throw err;
}

export async function listTipos(
  ctx: Pick<AppContext, 'db'>,
  municipalityId: number,
  onlyActive = false,
): Promise<TipoBem[]> {
  const where = onlyActive
    ? and(eq(tiposBens.municipalityId, municipalityId), eq(tiposBens.active, true))
    : eq(tiposBens.municipalityId, municipalityId);
  const rows = await ctx.db.select().from(tiposBens).where(where).orderBy(asc(tiposBens.name));
  return rows.map(toTipoBem);
}

export async function createTipo(ctx: AppContext, actor: MunicipalActor, input: TipoBemCreate): Promise<TipoBem> {
  return mutate(ctx, actor, async (tx, out) => {
    const [row] = await tx
      .insert(tiposBens)
      .values({
        municipalityId: actor.municipalityId,
        name: input.name,
        active: input.active ?? true,
        usefulLifeMonths: input.usefulLifeMonths ?? null,
        residualValuePct: input.residualValuePct ?? null,
      })
      .returning()
      .catch(duplicate);
    await audit(tx, out, {
      action: 'TIPO_BEM_CREATE',
      entityType: 'TipoBem',
      entityId: row.id,
      details: { new_value: snapshot(row) },
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'tipos-bens' });
    return toTipoBem(row);
  });
}

export async function updateTipo(
  ctx: AppContext,
  actor: MunicipalActor,
  id: number,
  input: TipoBemUpdate,
): Promise<TipoBem> {
  return mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, tiposBens, id, actor.municipalityId, input.version, CATALOG_MSG.tipos.notFound);
    const [row] = await tx
      .update(tiposBens)
      .set({
        name: input.name ?? old.name,
        active: input.active ?? old.active,
        usefulLifeMonths: input.usefulLifeMonths === undefined ? old.usefulLifeMonths : input.usefulLifeMonths,
        residualValuePct: input.residualValuePct === undefined ? old.residualValuePct : input.residualValuePct,
        updatedAt: new Date(),
        version: old.version + 1,
      })
      .where(eq(tiposBens.id, id))
      .returning()
      .catch(duplicate);
    await audit(tx, out, {
      action: 'TIPO_BEM_UPDATE',
      entityType: 'TipoBem',
      entityId: id,
      details: { old_value: snapshot(old), new_value: snapshot(row) },
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'tipos-bens' });
    return toTipoBem(row);
  });
}

export async function toggleTipo(ctx: AppContext, actor: MunicipalActor, id: number): Promise<TipoBem> {
  return mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, tiposBens, id, actor.municipalityId, undefined, CATALOG_MSG.tipos.notFound);
    const [row] = await tx
      .update(tiposBens)
      .set({ active: !old.active, updatedAt: new Date(), version: old.version + 1 })
      .where(eq(tiposBens.id, id))
      .returning();
    await audit(tx, out, {
      action: row.active ? 'TIPO_BEM_ACTIVATE' : 'TIPO_BEM_DEACTIVATE',
      entityType: 'TipoBem',
      entityId: id,
      details: `Tipo de Bem '${row.name}' ${row.active ? 'ativado' : 'desativado'}.`,
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'tipos-bens' });
    return toTipoBem(row);
  });
}

export async function deleteTipo(ctx: AppContext, actor: MunicipalActor, id: number): Promise<void> {
  await mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, tiposBens, id, actor.municipalityId, undefined, CATALOG_MSG.tipos.notFound);
    try {
      await tx.delete(tiposBens).where(eq(tiposBens.id, id));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(CATALOG_MSG.tipos.inUse, 'IN_USE');
      throw err;
    }
    await audit(tx, out, {
      action: 'TIPO_BEM_DELETE',
      entityType: 'TipoBem',
      entityId: id,
      details: { old_value: snapshot(old) },
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'tipos-bens' });
  });
}
