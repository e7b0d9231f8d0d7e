import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditRefKind } from '@tombo/shared';
import type { Db } from '../../db/client';
import {
  assetFormFields,
  formasAquisicao,
  locais,
  municipalities,
  patrimonios,
  sectors,
  tiposBens,
  users,
} from '../../db/schema';

interface Named {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  municipalityId: PgColumn | null;
}

/** Where the name of a record of each audited entity type lives (entries written without a label). */
export const NAMED_ENTITIES: Record<string, Named> = {
  Patrimonio: {
    table: patrimonios,
    id: patrimonios.id,
    name: patrimonios.numeroPatrimonio,
    municipalityId: patrimonios.municipalityId,
  },
  User: { table: users, id: users.id, name: users.name, municipalityId: users.municipalityId },
  Sector: { table: sectors, id: sectors.id, name: sectors.name, municipalityId: sectors.municipalityId },
  Local: { table: locais, id: locais.id, name: locais.name, municipalityId: locais.municipalityId },
  TipoBem: { table: tiposBens, id: tiposBens.id, name: tiposBens.name, municipalityId: tiposBens.municipalityId },
  FormaAquisicao: {
    table: formasAquisicao,
    id: formasAquisicao.id,
    name: formasAquisicao.nome,
    municipalityId: formasAquisicao.municipalityId,
  },
  AssetFormField: {
    table: assetFormFields,
    id: assetFormFields.id,
    name: assetFormFields.label,
    municipalityId: assetFormFields.municipalityId,
  },
  Municipality: { table: municipalities, id: municipalities.id, name: municipalities.name, municipalityId: null },
};

/** The records that ids in details point at, by kind. */
export const REF_ENTITIES: Record<AuditRefKind, string> = {
  sector: 'Sector',
  local: 'Local',
  tipo: 'TipoBem',
  forma: 'FormaAquisicao',
  user: 'User',
};

/**
 * Names of some records of one entity type, in one query (a page asks once per type). Only the
 * municipality's records (`municipalityId` null: the superuser's view, any municipality).
 */
export async function namesOf(
  tx: Db,
  entityType: string,
  ids: Iterable<number>,
  municipalityId: number | null,
): Promise<Map<number, string>> {
  const named = NAMED_ENTITIES[entityType];
  const list = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  if (!named || !list.length) return new Map();
  const conds: SQL[] = [inArray(named.id, list)];
  if (named.municipalityId && municipalityId != null) conds.push(eq(named.municipalityId, municipalityId));
  const rows = (await tx
    .select({ id: named.id, name: named.name })
    .from(named.table)
    .where(and(...conds))) as Array<{ id: number; name: string }>;
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The municipality's asset-form labels: built-in fields by key ('descricao_bem'), custom ones as their
 * values are stored in details ('customFields.<key>').
 */
export async function fieldLabels(tx: Db, municipalityId: number): Promise<Map<string, string>> {
  const rows = await tx
    .select({ key: assetFormFields.key, label: assetFormFields.label, isCustom: assetFormFields.isCustom })
    .from(assetFormFields)
    .where(eq(assetFormFields.municipalityId, municipalityId));
  return new Map(rows.map((r) => [r.isCustom ? `customFields.${r.key}` : r.key, r.label]));
}
