import { asc, eq, sql } from 'drizzle-orm';
import type { Sector } from '@tombo/shared';
import type { Db } from '../../db/client';
import { locais, sectors } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentSector } from './presenters';

/** The municipality's sectors by name, each with how many locations it has (the sectors screen, every request). */
export async function listSectors(tx: Db, scope: TenantScope): Promise<Sector[]> {
  const rows = await tx
    .select({
      id: sectors.id,
      name: sectors.name,
      code: sectors.code,
      municipalityId: sectors.municipalityId,
      createdAt: sql<string>`${sectors.createdAt}`,
      updatedAt: sql<string>`${sectors.updatedAt}`,
      version: sectors.version,
      n: sql<number>`(select count(*) from locais l where l.sector_id = "sectors"."id")::int`,
    })
    .from(sectors)
    .where(ofTenant(sectors, scope))
    .orderBy(asc(sectors.name));
  return rows.map((r) => presentSector(r, r.n));
}

/** How many locations a sector has. */
export const countLocais = (tx: Db, sectorId: number) => tx.$count(locais, eq(locais.sectorId, sectorId));
