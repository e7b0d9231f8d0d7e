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
  const [s] = await tx
    .select({ name: sectors.name, code: sectors.code })
    .from(sectors)
    .where(and(eq(sectors.id, ids.sectorId), eq(sectors.municipalityId, m)));
  if (!s) throw unprocessable('sectorId', PATRIMONIO_MSG.sectorNotFound);
  let localNome: string | null = null;
  if (ids.localId != null) {
    const [l] = await tx
      .select({ name: locais.name, sectorId: locais.sectorId })
      .from(locais)
      .where(and(eq(locais.id, ids.localId), eq(locais.municipalityId, m)));
    if (!l) throw unprocessable('localId', PATRIMONIO_MSG.localNotFound);
    if (l.sectorId !== ids.sectorId) throw unprocessable('localId', PATRIMONIO_MSG.localOtherSector);
    localNome = l.name;
  }
  let tipoNome: string | null = null;
  if (ids.tipoId != null) {
    const [t] = await tx
      .select({ name: tiposBens.name, active: tiposBens.active })
      .from(tiposBens)
      .where(and(eq(tiposBens.id, ids.tipoId), eq(tiposBens.municipalityId, m)));
    if (!t) throw unprocessable('tipoId', PATRIMONIO_MSG.tipoNotFound);
    if (requireActive.tipo && !t.active) throw unprocessable('tipoId', CATALOG_MSG.tipos.inactive);
    tipoNome = t.name;
  }
  let formaNome: string | null = null;
  if (ids.formaAquisicaoId != null) {
    const [f] = await tx
      .select({ nome: formasAquisicao.nome, ativo: formasAquisicao.ativo })
      .from(formasAquisicao)
      .where(and(eq(formasAquisicao.id, ids.formaAquisicaoId), eq(formasAquisicao.municipalityId, m)));
    if (!f) throw unprocessable('formaAquisicaoId', PATRIMONIO_MSG.formaNotFound);
    if (requireActive.forma && !f.ativo) throw unprocessable('formaAquisicaoId', CATALOG_MSG.formas.inactive);
    formaNome = f.nome;
  }
  return { ...ids, setorNome: s.name, sectorCode: s.code, localNome, tipoNome, formaNome };
}

/** Custom-field values checked against the municipality's definitions (400 naming the field). */
export function checkCustom(rules: FieldRules, values: CustomFieldValues, complete: boolean): CustomFieldValues {
  const r = checkCustomValues(rules, values, complete);
  const first = Object.values(r.errors)[0];
  if (first) throw badRequest(first, r.errors);
  return r.values;
}
