import { and, asc, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  PATRIMONIO_BULK_STANDARD_KEYS,
  PATRIMONIO_BULK_MSG,
  PATRIMONIO_LIMITS,
  PATRIMONIO_MSG,
  type PatrimonioBulk,
  type PatrimonioBulkCampos,
  type PatrimonioBulkRecusado,
  type PatrimonioBulkResult,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import { patrimonios } from '../../../db/schema';
import { type Outbox } from '../../../db/tx';
import { recordMany } from '../../audit';
import { acompanharEdicao, autorDe, estornarBaixa } from '../../contabilidade';
import { HttpError, badRequest, notFound } from '../../../http/errors';
import { requireAccess } from '../../../tenancy/access';
import { inScope, ofTenant, type TenantScope } from '../../../tenancy/scope';
import { fieldRules, type FieldRules } from '../../form-fields';
import { amongIds, filterWhere } from '../filters';
import { addHistory, describeChanges, type Changes } from '../history';
import { heldAmong } from '../holds';
import type { Row } from '../presenters';
import { checkCustom, formaRef, localRefusal, localRef, sectorRef, tipoRef, unprocessable } from '../refs';
import { assetChanged } from '../rooms';
import { checkStandard } from '../standard';
import { moveRefusal, notYourSector } from './move';

const LIMIT = PATRIMONIO_LIMITS.bulkMax;
const tooMany = () => new HttpError(413, 'TOO_LARGE', PATRIMONIO_BULK_MSG.tooMany(LIMIT), undefined, { limite: LIMIT });

/**
 * The selected assets, locked: `ids` (404 if any is not the caller's to edit, 409 with the stale ids) or
 * what `filtro` matches within the caller's scope, as the list does (400 none, 409 another count than `esperado`).
 * More than `bulkMax` is 413.
 */
async function selection(tx: Db, scope: TenantScope, input: PatrimonioBulk): Promise<Row[]> {
  const locked = (where: ReturnType<typeof and>) =>
    tx
      .select()
      .from(patrimonios)
      .where(where)
      .orderBy(asc(patrimonios.id))
      .limit(LIMIT + 1)
      .for('update');
  if (input.ids) {
    if (input.ids.length > LIMIT) throw tooMany();
    const ids = input.ids.map((x) => x.id);
    await requireAccess(tx, scope, 'patrimonio.update', ids, PATRIMONIO_MSG.notFound);
    // Read again under the lock: a row moved or deleted since the access check is not the caller's any more.
    const rows = await locked(and(ofTenant(patrimonios, scope), amongIds(patrimonios.id, ids)));
    if (rows.length !== ids.length || rows.some((r) => !inScope(scope, r.sectorId)))
      throw notFound(PATRIMONIO_MSG.notFound);
    const seen = new Map(input.ids.map((x) => [x.id, x.version]));
    const stale = rows.filter((r) => r.version !== seen.get(r.id)).map((r) => r.id);
    if (stale.length)
      throw new HttpError(409, 'CONFLICT', PATRIMONIO_BULK_MSG.stale(stale.length), undefined, { ids: stale });
    return rows;
  }
  const rows = await locked(await filterWhere(tx, scope, input.filtro ?? {}));
  if (rows.length > LIMIT) throw tooMany();
  if (!rows.length) throw badRequest(PATRIMONIO_BULK_MSG.noMatch);
  const esperado = input.esperado ?? 0;
  if (rows.length !== esperado)
    throw new HttpError(409, 'CONFLICT', PATRIMONIO_BULK_MSG.countChanged(esperado, rows.length), undefined, {
      esperado,
      atual: rows.length,
    });
  return rows;
}

interface Named {
  id: number | null;
  name: string | null;
}
/** The new values of the references `campos` names, with their names; undefined: not changed. */
interface Target {
  sector?: { id: number; name: string };
  local?: Named & { sectorId: number | null };
  tipo?: Named;
  forma?: Named;
}

/**
 * The references of `campos`, checked once for the whole selection as the single edit checks them: of the
 * municipality (422), a type or form newly chosen for some asset active (422), a required type not cleared
 * (400), the local in the new sector (422), and the new sector one the caller may place assets in (403).
 */
async function resolveTarget(
  tx: Db,
  scope: TenantScope,
  c: PatrimonioBulkCampos,
  rows: Row[],
  rules: FieldRules,
): Promise<Target> {
  const m = scope.municipalityId;
  const t: Target = {};
  if (c.tipoId === null && rules.tipoRequired)
    throw badRequest(PATRIMONIO_MSG.tipoRequired, { tipoId: PATRIMONIO_MSG.tipoRequired });
  if (c.sectorId !== undefined) t.sector = { id: c.sectorId, name: (await sectorRef(tx, m, c.sectorId)).name };
  if (c.localId !== undefined) {
    const l = c.localId === null ? null : await localRef(tx, m, c.localId);
    const why = l && t.sector ? localRefusal(l, t.sector.id) : null;
    if (why) throw unprocessable('localId', why);
    t.local = { id: c.localId, name: l?.name ?? null, sectorId: l?.sectorId ?? null };
  }
  if (c.tipoId !== undefined) {
    const id = c.tipoId;
    t.tipo = {
      id,
      name:
        id === null
          ? null
          : await tipoRef(
              tx,
              m,
              id,
              rows.some((r) => r.tipoId !== id),
            ),
    };
  }
  if (c.formaAquisicaoId !== undefined) {
    const id = c.formaAquisicaoId;
    const active = rows.some((r) => r.formaAquisicaoId !== id);
    t.forma = { id, name: id === null ? null : await formaRef(tx, m, id, active) };
  }
  if (t.sector && !inScope(scope, t.sector.id)) throw notYourSector();
  return t;
}

/** The asset as `campos` leaves it (the described fields); a new sector without a local drops the old one. */
function nextOf(old: Row, t: Target, c: PatrimonioBulkCampos) {
  const sectorId = t.sector?.id ?? old.sectorId;
  const local = t.local ?? (sectorId === old.sectorId ? { id: old.localId, name: old.localNome } : null);
  return {
    ...old,
    tipoId: t.tipo ? t.tipo.id : old.tipoId,
    tipoNome: t.tipo ? t.tipo.name : old.tipoNome,
    sectorId,
    setorNome: t.sector?.name ?? old.setorNome,
    localId: local?.id ?? null,
    localNome: local?.name ?? null,
    formaAquisicaoId: t.forma ? t.forma.id : old.formaAquisicaoId,
    formaNome: t.forma ? t.forma.name : old.formaNome,
    status: c.status ?? old.status,
    estadoConservacao: c.estado_conservacao === undefined ? old.estadoConservacao : c.estado_conservacao,
    observacoes: c.observacoes === undefined ? old.observacoes : c.observacoes,
    ...Object.fromEntries(PATRIMONIO_BULK_STANDARD_KEYS.map((k) => [k, c[k] === undefined ? old[k] : c[k]])),
  };
}

/** The one UPDATE of the changed assets: what `nextOf` computes, in SQL; each version + 1. */
function setOf(t: Target, c: PatrimonioBulkCampos, customIn: Record<string, unknown> | null) {
  const set: PgUpdateSetSource<typeof patrimonios> = {
    updatedAt: new Date(),
    version: sql`${patrimonios.version} + 1`,
  };
  if (t.tipo) Object.assign(set, { tipoId: t.tipo.id, tipoNome: t.tipo.name });
  if (t.forma) Object.assign(set, { formaAquisicaoId: t.forma.id, formaNome: t.forma.name });
  if (t.sector) {
    Object.assign(set, { sectorId: t.sector.id, setorNome: t.sector.name });
    const stays = sql`${patrimonios.sectorId} = ${t.sector.id}`;
    if (!t.local)
      Object.assign(set, {
        localId: sql`case when ${stays} then ${patrimonios.localId} end`,
        localNome: sql`case when ${stays} then ${patrimonios.localNome} end`,
      });
  }
  if (t.local) Object.assign(set, { localId: t.local.id, localNome: t.local.name });
  if (c.status !== undefined) set.status = c.status;
  if (c.estado_conservacao !== undefined) set.estadoConservacao = c.estado_conservacao;
  if (c.observacoes !== undefined) set.observacoes = c.observacoes;
  for (const k of PATRIMONIO_BULK_STANDARD_KEYS) if (c[k] !== undefined) Object.assign(set, { [k]: c[k] });
  if (customIn) set.customFields = sql`${patrimonios.customFields} || ${JSON.stringify(customIn)}::jsonb`;
  return set;
}

/**
 * Bulk edit (PATCH /api/patrimonios), in the caller's transaction: `campos` applied to the selected assets
 * under the single edit's rules. An asset `campos` would not change is left alone; one the per-asset rules
 * refuse (a pending transfer's place, a lent asset's sector, a required type missing, a local of another
 * sector) makes the whole edit 422 with the list, or with `recusados: "ignorar"` is skipped and answered.
 * The rest is one UPDATE (version + 1), its history lines (as the single edit and `moveAsset` word them),
 * one `PATRIMONIO_UPDATE` audit row per asset and each asset's live events after the commit.
 */
export async function bulkUpdatePatrimonios(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: PatrimonioBulk,
): Promise<PatrimonioBulkResult> {
  const c = input.campos;
  const rows = await selection(tx, scope, input);
  checkStandard(c);
  const rules = await fieldRules(tx, scope);
  const customIn = c.customFields === undefined ? null : checkCustom(rules, c.customFields, false);
  const t = await resolveTarget(tx, scope, c, rows, rules);
  const leaving = t.sector ? rows.filter((r) => r.sectorId !== t.sector!.id).map((r) => r.id) : [];
  const moveHolds = await heldAmong(tx, leaving, 'move');

  const recusados: PatrimonioBulkRecusado[] = [];
  const changed: Array<{ old: Row; changes: Changes }> = [];
  for (const old of rows) {
    const next = nextOf(old, t, c);
    const changes = describeChanges(old.id, old, next, customIn, rules);
    if (!changes.history.length) continue;
    const motivo =
      (t.local?.sectorId != null ? localRefusal({ sectorId: t.local.sectorId }, next.sectorId) : null) ??
      moveRefusal(old, next, moveHolds.get(old.id) ?? null) ??
      (rules.tipoRequired && next.tipoId == null ? PATRIMONIO_MSG.tipoRequired : null);
    if (motivo) recusados.push({ id: old.id, numero_patrimonio: old.numeroPatrimonio, motivo });
    else changed.push({ old, changes });
  }
  if (recusados.length && input.recusados !== 'ignorar')
    throw new HttpError(422, 'UNPROCESSABLE', PATRIMONIO_BULK_MSG.refused(recusados.length), undefined, {
      recusados,
    });
  if (!changed.length) return { atualizados: 0, ids: [], recusados };

  const ids = changed.map((x) => x.old.id);
  const autor = autorDe(out);
  // A written-off asset given another status is back in service: its write-off entry is reversed.
  if (c.status !== undefined) {
    for (const { old } of changed)
      if (old.status === 'baixado') await estornarBaixa(tx, scope, autor, old.id, 'bem reativado (baixa desfeita)');
  }
  const updated = await tx
    .update(patrimonios)
    .set(setOf(t, c, customIn))
    .where(and(ofTenant(patrimonios, scope), amongIds(patrimonios.id, ids)))
    .returning();
  const byId = new Map(updated.map((r) => [r.id, r]));
  // A new type moves the assets' balances to its accounts (one reclassification entry each, when they differ).
  if (c.tipoId !== undefined)
    for (const { old } of changed) await acompanharEdicao(tx, scope, autor, old.id, old, byId.get(old.id)!);
  await addHistory(
    tx,
    out,
    changed.flatMap((x) => x.changes.history),
    scope.municipalityId,
  );
  await recordMany(
    tx,
    out,
    changed.map(({ old, changes }) => {
      const row = byId.get(old.id)!;
      return {
        entry: {
          action: 'PATRIMONIO_UPDATE',
          entityType: 'Patrimonio',
          entityId: old.id,
          label: old.numeroPatrimonio,
          sectorId: row.sectorId,
          details: {
            old_value: { numero_patrimonio: old.numeroPatrimonio, ...changes.oldValues },
            new_value: changes.newValues,
          },
        },
        events: assetChanged(row, old.sectorId),
      };
    }),
  );
  return { atualizados: ids.length, ids, recusados };
}
