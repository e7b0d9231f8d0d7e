import { sql, type SQL } from 'drizzle-orm';
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
    name: formasAquisicao.name,
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

/** What a page of entries needs looked up: record ids by entity type, and whether the asset form's labels. */
export interface Wanted {
  ids: Map<string, Set<number>>;
  fields: boolean;
}
export interface Found {
  /** Names by entity type and id. */
  names: Map<string, Map<number, string>>;
  /**
   * The municipality's asset-form labels: built-in fields by key ('descricao_bem'), custom ones as
   * their values are stored in details ('customFields.<key>').
   */
  fields: Map<string, string>;
}

const FIELDS = '#fields';

/**
 * Everything a page of entries needs looked up, in one statement (one `union all` part per entity
 * type, plus the form's labels). Only the municipality's records (`municipalityId` null: any, the
 * superuser's view).
 */
export async function lookUp(tx: Db, wanted: Wanted, municipalityId: number | null): Promise<Found> {
  const parts: SQL[] = [];
  for (const [type, set] of wanted.ids) {
    const named = NAMED_ENTITIES[type];
    const ids = [...set].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
    if (!named || !ids.length) continue;
    const own =
      named.municipalityId && municipalityId != null ? sql` and ${named.municipalityId} = ${municipalityId}` : sql``;
    parts.push(
      sql`select ${type}::text as t, ${named.id}::text as k, ${named.name}::text as v from ${named.table} where ${named.id} in ${ids}${own}`,
    );
  }
  if (wanted.fields && municipalityId != null)
    parts.push(sql`select ${FIELDS}::text as t, case when ${assetFormFields.isCustom} then 'customFields.' || ${assetFormFields.key} else ${assetFormFields.key} end as k, ${assetFormFields.label} as v
      from ${assetFormFields} where ${assetFormFields.municipalityId} = ${municipalityId}`);
  const found: Found = { names: new Map(), fields: new Map() };
  if (!parts.length) return found;
  const res = (await tx.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: Array<{ t: string; k: string; v: string }>;
  };
  for (const r of res.rows) {
    if (r.t === FIELDS) found.fields.set(r.k, r.v);
    else {
      if (!found.names.has(r.t)) found.names.set(r.t, new Map());
      found.names.get(r.t)!.set(Number(r.k), r.v);
    }
  }
  return found;
}
