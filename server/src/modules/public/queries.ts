import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  PATRIMONIO_MSG,
  type PublicFiltros,
  type PublicMunicipio,
  type PublicMunicipioRef,
  type PublicPatrimonio,
  type PublicPatrimonioList,
  type publicPatrimonioQuery,
} from '@tombo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { municipalities, patrimonios, publicSearchSettings, sectors, tiposBens } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type AllMunicipalities, type TenantScope } from '../../tenancy/scope';
import { quickSearch } from '../patrimonios';
import { presentPublic, publicColumns } from './presenters';

type PublicQuery = z.infer<typeof publicPatrimonioQuery>;

/**
 * The municipality a public URL names (`?municipio=<slug>` or `?municipalityId=`). `municipalities` is
 * the installation's list of tenants, no tenant's rows (no policy): read before any tenancy is known.
 */
export async function municipalityNamed(db: Db, ref: PublicMunicipioRef) {
  const where = ref.municipalityId
    ? eq(municipalities.id, ref.municipalityId)
    : eq(municipalities.slug, ref.municipio!.toLowerCase());
  const [m] = await db
    .select({
      id: municipalities.id,
      name: municipalities.name,
      slug: municipalities.slug,
      active: municipalities.active,
    })
    .from(municipalities)
    .where(where);
  return m;
}

/** Whether the scope's municipality opens its register to the public (on unless switched off). */
export async function publicSearchEnabled(tx: Db, scope: TenantScope): Promise<boolean> {
  const [row] = await tx
    .select({ on: publicSearchSettings.isPublicSearchEnabled })
    .from(publicSearchSettings)
    .where(ofTenant(publicSearchSettings, scope));
  return (row?.on ?? true) && (await installationPublicSearchOn(tx));
}

/** The installation-wide switch of the superuser (issue 12): off closes every municipality's public pages. */
const installationOn = sql`coalesce((select is_public_search_enabled from installation_settings where id), true)`;
async function installationPublicSearchOn(tx: Db): Promise<boolean> {
  const { rows } = (await tx.execute(sql`select ${installationOn} as enabled`)) as unknown as {
    rows: { enabled: boolean }[];
  };
  return rows[0]?.enabled !== false;
}

/** A page of the municipality's assets, public fields only. */
export async function listPublic(
  tx: Db,
  scope: TenantScope,
  m: PublicMunicipio,
  q: PublicQuery,
): Promise<PublicPatrimonioList> {
  const c: SQL[] = [ofTenant(patrimonios, scope)];
  if (q.q) c.push(quickSearch(q.q));
  if (q.sectorId) c.push(eq(patrimonios.sectorId, q.sectorId));
  if (q.tipoId) c.push(eq(patrimonios.tipoId, q.tipoId));
  if (q.status) c.push(eq(patrimonios.status, q.status));
  const where = and(...c)!;
  const col = publicColumns[q.sort];
  const rows = await tx
    .select(publicColumns)
    .from(patrimonios)
    .where(where)
    .orderBy(...(q.order === 'desc' ? [desc(col), desc(patrimonios.id)] : [asc(col), asc(patrimonios.id)]))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(patrimonios)
    .where(where);
  return { patrimonios: rows.map((r) => presentPublic(r, m.name)), total: n, page: q.page, pageSize: q.pageSize };
}

/** One asset of the municipality by its number, public fields only (404 otherwise). */
export async function getPublic(
  tx: Db,
  scope: TenantScope,
  m: PublicMunicipio,
  numero: string,
): Promise<PublicPatrimonio> {
  const [row] = await tx
    .select(publicColumns)
    .from(patrimonios)
    .where(and(ofTenant(patrimonios, scope), eq(patrimonios.numeroPatrimonio, numero.trim().toUpperCase())));
  if (!row) throw notFound(PATRIMONIO_MSG.notFound);
  return presentPublic(row, m.name);
}

/** The options of the public advanced filter: the municipality's sectors and active asset types, by name. */
export async function publicFiltros(tx: Db, scope: TenantScope, m: PublicMunicipio): Promise<PublicFiltros> {
  const sectorRows = await tx
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofTenant(sectors, scope))
    .orderBy(asc(sectors.name), asc(sectors.id));
  const tipoRows = await tx
    .select({ id: tiposBens.id, name: tiposBens.name })
    .from(tiposBens)
    .where(and(ofTenant(tiposBens, scope), eq(tiposBens.active, true)))
    .orderBy(asc(tiposBens.name), asc(tiposBens.id));
  return { municipio: m, sectors: sectorRows, tiposBens: tipoRows };
}

/** The active municipalities whose public search is on, by name: every municipality's switch is read. */
export async function publicMunicipalities(tx: Db, _all: AllMunicipalities): Promise<PublicMunicipio[]> {
  return tx
    .select({ id: municipalities.id, name: municipalities.name, slug: municipalities.slug })
    .from(municipalities)
    .leftJoin(publicSearchSettings, eq(publicSearchSettings.municipalityId, municipalities.id))
    .where(
      and(
        eq(municipalities.active, true),
        sql`coalesce(${publicSearchSettings.isPublicSearchEnabled}, true)`,
        installationOn,
      ),
    )
    .orderBy(asc(municipalities.name));
}
