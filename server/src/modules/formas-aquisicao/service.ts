import { and, asc, eq } from 'drizzle-orm';
import {
  CATALOG_MSG,
  formaAquisicaoAuditText as text,
  room,
  type FormaAquisicao,
  type FormaAquisicaoCreate,
  type FormaAquisicaoUpdate,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import { formasAquisicao } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { lockOwned } from '../../db/owned';
import { conflict, isForeignKeyViolation, isUniqueViolation } from '../../http/errors';

type Row = typeof formasAquisicao.$inferSelect;
type MunicipalActor = Actor & { municipalityId: number };

export const toForma = (r: Row): FormaAquisicao => ({
  id: r.id,
  nome: r.nome,
  ativo: r.ativo,
  municipalityId: r.municipalityId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'formas_aquisicao_nome_uq')) throw conflict(CATALOG_MSG.formas.nameTaken, 'DUPLICATE');
  throw err;
}

export async function listFormas(
  ctx: Pick<AppContext, 'db'>,
  municipalityId: number,
  onlyActive = false,
): Promise<FormaAquisicao[]> {
  const where = onlyActive
    ? and(eq(formasAquisicao.municipalityId, municipalityId), eq(formasAquisicao.ativo, true))
    : eq(formasAquisicao.municipalityId, municipalityId);
  const rows = await ctx.db.select().from(formasAquisicao).where(where).orderBy(asc(formasAquisicao.nome));
  return rows.map(toForma);
}

export async function createForma(
  ctx: AppContext,
  actor: MunicipalActor,
  input: FormaAquisicaoCreate,
): Promise<FormaAquisicao> {
  return mutate(ctx, actor, async (tx, out) => {
    const [row] = await tx
      .insert(formasAquisicao)
      .values({ municipalityId: actor.municipalityId, nome: input.nome, ativo: input.ativo ?? true })
      .returning()
      .catch(duplicate);
    await audit(tx, out, {
      action: 'FORMA_AQUISICAO_CREATE',
      entityType: 'FormaAquisicao',
      entityId: row.id,
      details: text.created(row.nome),
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'formas-aquisicao' });
    return toForma(row);
  });
}

export async function updateForma(
  ctx: AppContext,
  actor: MunicipalActor,
  id: number,
  input: FormaAquisicaoUpdate,
): Promise<FormaAquisicao> {
  return mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(
      tx,
      formasAquisicao,
      id,
      actor.municipalityId,
      input.version,
      CATALOG_MSG.formas.notFound,
    );
    const [row] = await tx
      .update(formasAquisicao)
      .set({
        nome: input.nome ?? old.nome,
        ativo: input.ativo ?? old.ativo,
        updatedAt: new Date(),
        version: old.version + 1,
      })
      .where(eq(formasAquisicao.id, id))
      .returning()
      .catch(duplicate);
    await audit(tx, out, {
      action: 'FORMA_AQUISICAO_UPDATE',
      entityType: 'FormaAquisicao',
      entityId: id,
      details: text.updated(row.nome),
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'formas-aquisicao' });
    return toForma(row);
  });
}

export async function toggleForma(ctx: AppContext, actor: MunicipalActor, id: number): Promise<FormaAquisicao> {
  return mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, formasAquisicao, id, actor.municipalityId, undefined, CATALOG_MSG.formas.notFound);
    const [row] = await tx
      .update(formasAquisicao)
      .set({ ativo: !old.ativo, updatedAt: new Date(), version: old.version + 1 })
      .where(eq(formasAquisicao.id, id))
      .returning();
    await audit(tx, out, {
      action: row.ativo ? 'FORMA_AQUISICAO_ACTIVATE' : 'FORMA_AQUISICAO_DEACTIVATE',
      entityType: 'FormaAquisicao',
      entityId: id,
      details: row.ativo ? text.activated(row.nome) : text.deactivated(row.nome),
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'formas-aquisicao' });
    return toForma(row);
  });
}

export async function deleteForma(ctx: AppContext, actor: MunicipalActor, id: number): Promise<void> {
  await mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, formasAquisicao, id, actor.municipalityId, undefined, CATALOG_MSG.formas.notFound);
    try {
      await tx.delete(formasAquisicao).where(eq(formasAquisicao.id, id));
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(CATALOG_MSG.formas.inUse, 'IN_USE');
      throw err;
    }
    await audit(tx, out, {
      action: 'FORMA_AQUISICAO_DELETE',
      entityType: 'FormaAquisicao',
      entityId: id,
      details: text.deleted(old.nome),
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'formas-aquisicao' });
  });
}
