import { sql } from 'drizzle-orm';
import { INVENTARIO_MSG, type InventarioScope } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../http/errors';
import { inScope, type TenantScope } from '../../../tenancy/scope';
import { containsPattern, rowsOf } from '../presenters';

/** The scope of an inventory, checked: its sector (and location) of the municipality. */
export interface ResolvedScope {
  sectorId: number;
  sectorName: string;
  scope: InventarioScope;
  locationType: string | null;
  specificLocationId: number | null;
  localName: string | null;
}

/** Checks the sector (in the caller's scope) and the specific location (of that sector); 400 otherwise. */
export async function resolveScope(
  tx: Db,
  scope: TenantScope,
  input: { sectorId: number; scope: InventarioScope; locationType?: string | null; specificLocationId?: number | null },
): Promise<ResolvedScope> {
  const [sector] = rowsOf<{ id: number; name: string }>(
    await tx.execute(
      sql`select id, name from sectors where id = ${input.sectorId} and municipality_id = ${scope.municipalityId}`,
    ),
  );
  if (!sector || !inScope(scope, sector.id))
    throw badRequest(INVENTARIO_MSG.sectorNotFound, { sectorId: INVENTARIO_MSG.sectorNotFound });
  const out: ResolvedScope = {
    sectorId: sector.id,
    sectorName: sector.name,
    scope: input.scope,
    locationType: null,
    specificLocationId: null,
    localName: null,
  };
  if (input.scope === 'location') {
    if (!input.locationType)
      throw badRequest(INVENTARIO_MSG.locationTypeRequired, { locationType: INVENTARIO_MSG.locationTypeRequired });
    out.locationType = input.locationType;
  } else if (input.scope === 'specific_location') {
    const [local] = input.specificLocationId
      ? rowsOf<{ id: number; name: string }>(
          await tx.execute(
            sql`select id, name from locais where id = ${input.specificLocationId} and sector_id = ${sector.id}
                and municipality_id = ${scope.municipalityId}`,
          ),
        )
      : [];
    if (!local)
      throw badRequest(INVENTARIO_MSG.specificLocationNotFound, {
        specificLocationId: INVENTARIO_MSG.specificLocationNotFound,
      });
    out.specificLocationId = local.id;
    out.localName = local.name;
  }
  return out;
}

/**
 * Spec §4, the assets in an inventory's scope: always the sector's; scope 'location' those whose
 * location name contains `locationType` (case-insensitive); 'specific_location' those of that location.
 * Written-off and donated assets are not counted.
 */
function inScopeWhere(m: number, s: ResolvedScope) {
  const base = sql`p.municipality_id = ${m} and p.sector_id = ${s.sectorId} and p.status <> 'baixado' and not p.doado`;
  if (s.scope === 'location') return sql`${base} and p.local_nome ilike ${containsPattern(s.locationType!)}`;
  if (s.scope === 'specific_location') return sql`${base} and p.local_id = ${s.specificLocationId}`;
  return base;
}

/**
 * Snapshots the assets in scope as `not_found` items with ONE `INSERT … SELECT` (100,000 assets in
 * well under the 3 s target) and stores the count on the inventory. Returns the count.
 */
export async function snapshotItems(tx: Db, m: number, inventarioId: number, s: ResolvedScope): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`with ins as (
        insert into inventario_items (municipality_id, inventario_id, patrimonio_id, numero_patrimonio, descricao_bem,
                                      local_id, local_name, valor_aquisicao)
        select p.municipality_id, ${inventarioId}, p.id, p.numero_patrimonio, p.descricao_bem, p.local_id, p.local_nome,
               p.valor_aquisicao
          from patrimonios p where ${inScopeWhere(m, s)}
        returning 1)
      update inventarios set total_items = (select count(*) from ins) where id = ${inventarioId}
      returning total_items::int as n`),
  );
  return row.n;
}

/** The commission's users, all of the municipality (400 otherwise), with their names. */
export async function comissaoUsers(tx: Db, m: number, ids: number[]): Promise<{ id: number; name: string }[]> {
  const rows = rowsOf<{ id: number; name: string }>(
    await tx.execute(
      sql`select id, name from users where municipality_id = ${m} and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  if (rows.length !== ids.length)
    throw badRequest(INVENTARIO_MSG.comissaoUserNotFound, { comissao: INVENTARIO_MSG.comissaoUserNotFound });
  return rows;
}

/** Replaces the commission of an inventory. */
export async function writeComissao(
  tx: Db,
  m: number,
  inventarioId: number,
  members: { id: number; name: string }[],
): Promise<void> {
  await tx.execute(sql`delete from inventario_comissao where inventario_id = ${inventarioId}`);
  await tx.execute(
    sql`insert into inventario_comissao (municipality_id, inventario_id, user_id, user_name) values ${sql.join(
      members.map((u) => sql`(${m}, ${inventarioId}, ${u.id}, ${u.name})`),
      sql`, `,
    )}`,
  );
}
