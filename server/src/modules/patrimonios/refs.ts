import { and, eq } from 'drizzle-orm';
import { CATALOG_MSG, PATRIMONIO_MSG, type CustomFieldValues } from '@tombo/shared';
import type { Db } from '../../db/client';
import { formasAquisicao, locais, sectors, tiposBens } from '../../db/schema';
import { HttpError, badRequest } from '../../http/errors';
import { checkCustomValues, type FieldRules } from '../form-fields';

/** A 422 naming the field. */
export const unprocessable = (field: string, message: string) =>
  new HttpError(422, 'UNPROCESSABLE', message, { [field]: message });

export interface Refs {
  sectorId: number;
  setorNome: string;
  sectorCode: string;
  localId: number | null;
  localNome: string | null;
  tipoId: number | null;
  tipoNome: string | null;
  formaAquisicaoId: number | null;
  formaNome: string | null;
}

/** A sector of municipality `m` (422 otherwise). */
export async function sectorRef(tx: Db, m: number, id: number): Promise<{ name: string; code: string }> {
  const [s] = await tx
    .select({ name: sectors.name, code: sectors.code })
    .from(sectors)
    .where(and(eq(sectors.id, id), eq(sectors.municipalityId, m)));
  if (!s) throw unprocessable('sectorId', PATRIMONIO_MSG.sectorNotFound);
  return s;
}

/** A local of municipality `m` with its sector (422 otherwise). */
export async function localRef(tx: Db, m: number, id: number): Promise<{ name: string; sectorId: number }> {
  const [l] = await tx
    .select({ name: locais.name, sectorId: locais.sectorId })
    .from(locais)
    .where(and(eq(locais.id, id), eq(locais.municipalityId, m)));
  if (!l) throw unprocessable('localId', PATRIMONIO_MSG.localNotFound);
  return l;
}

/** An asset type of municipality `m`, active when `requireActive` (422 otherwise). */
export async function tipoRef(tx: Db, m: number, id: number, requireActive: boolean): Promise<string> {
  const [t] = await tx
    .select({ name: tiposBens.name, active: tiposBens.active })
    .from(tiposBens)
    .where(and(eq(tiposBens.id, id), eq(tiposBens.municipalityId, m)));
  if (!t) throw unprocessable('tipoId', PATRIMONIO_MSG.tipoNotFound);
  if (requireActive && !t.active) throw unprocessable('tipoId', CATALOG_MSG.tipos.inactive);
  return t.name;
}

/** An acquisition form of municipality `m`, active when `requireActive` (422 otherwise). */
export async function formaRef(tx: Db, m: number, id: number, requireActive: boolean): Promise<string> {
  const [f] = await tx
    .select({ nome: formasAquisicao.name, ativo: formasAquisicao.active })
    .from(formasAquisicao)
    .where(and(eq(formasAquisicao.id, id), eq(formasAquisicao.municipalityId, m)));
  if (!f) throw unprocessable('formaAquisicaoId', PATRIMONIO_MSG.formaNotFound);
  if (requireActive && !f.ativo) throw unprocessable('formaAquisicaoId', CATALOG_MSG.formas.inactive);
  return f.nome;
}

/** Why the local cannot be an asset's in sector `sectorId` (it belongs to another sector), or null. */
export const localRefusal = (local: { sectorId: number }, sectorId: number): string | null =>
  local.sectorId === sectorId ? null : PATRIMONIO_MSG.localOtherSector;

/**
 * The sector, local, type and acquisition form named by a body must be the caller's municipality's
 * (422 otherwise), and the local must belong to the sector. `requireActive` lists the catalogue
 * entries that must be active (the ones newly chosen).
 */
export async function resolveRefs(
  tx: Db,
  m: number,
  ids: { sectorId: number; localId: number | null; tipoId: number | null; formaAquisicaoId: number | null },
  requireActive: { tipo: boolean; forma: boolean },
): Promise<Refs> {
  const s = await sectorRef(tx, m, ids.sectorId);
  let localNome: string | null = null;
  if (ids.localId != null) {
    const l = await localRef(tx, m, ids.localId);
    const why = localRefusal(l, ids.sectorId);
    if (why) throw unprocessable('localId', why);
    localNome = l.name;
  }
  const tipoNome = ids.tipoId == null ? null : await tipoRef(tx, m, ids.tipoId, requireActive.tipo);
  const formaNome =
    ids.formaAquisicaoId == null ? null : await formaRef(tx, m, ids.formaAquisicaoId, requireActive.forma);
  return { ...ids, setorNome: s.name, sectorCode: s.code, localNome, tipoNome, formaNome };
}

/** Custom-field values checked against the municipality's definitions (400 naming the field). */
export function checkCustom(rules: FieldRules, values: CustomFieldValues, complete: boolean): CustomFieldValues {
  const r = checkCustomValues(rules, values, complete);
  const first = Object.values(r.errors)[0];
  if (first) throw badRequest(first, r.errors);
  return r.values;
}
