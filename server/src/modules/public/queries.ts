import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  PATRIMONIO_MSG,
  type PublicFiltros,
  type PublicMunicipio,
  type PublicMunicipioPagina,
  type PublicMunicipioRef,
  type PublicPatrimonio,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import {
  customizations,
  imoveis,
  municipalities,
  patrimonios,
  publicSearchSettings,
  sectors,
  tiposBens,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type AllMunicipalities, type TenantScope } from '../../tenancy/scope';
import { presentPublic, publicColumns } from './presenters';

/**
 * The municipality a public URL names (`?municipio=<slug>` or `?municipalityId=`). `municipalities` is
 * the installation's list of tenants, no tenant's rows (no policy): read before any tenancy is known.
 */
export async function municipalityNamed(db: Db, ref: PublicMunicipioRef) {
  const where = ref.municipalityId
    ? eq(municipalities.id, ref.municipalityId)
    : /^\d{1,9}$/.test(ref.municipio!)
      ? or(eq(municipalities.id, Number(ref.municipio)), eq(municipalities.slug, ref.municipio!))
      : eq(municipalities.slug, ref.municipio!.toLowerCase());
  const [m] = await db
    .select({
      id: municipalities.id,
      name: municipalities.name,
      slug: municipalities.slug,
      active: municipalities.active,
      uf: municipalities.uf,
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
  return { municipio: { id: m.id, name: m.name, slug: m.slug }, sectors: sectorRows, tiposBens: tipoRows };
}

/** The active municipalities whose public search is on, by name: every municipality's switch is read. */
export async function publicMunicipalities(tx: Db, _all: AllMunicipalities): Promise<PublicMunicipio[]> {
  return (
    tx
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
      // Case aside ('Município de Exemplo' before 'Município Vizinho'), whatever the database's collation.
      .orderBy(sql`lower(immutable_unaccent(${municipalities.name}))`, asc(municipalities.id))
  );
}

/** The municipalities open to the public that have an asset with this number (a QR or link without one). */
export async function municipalitiesWithNumero(
  tx: Db,
  all: AllMunicipalities,
  numero: string,
): Promise<PublicMunicipio[]> {
  const open = await publicMunicipalities(tx, all);
  if (!open.length) return [];
  const rows = await tx
    .select({ municipalityId: patrimonios.municipalityId })
    .from(patrimonios)
    .where(
      and(
        inArray(
          patrimonios.municipalityId,
          open.map((m) => m.id),
        ),
        eq(patrimonios.numeroPatrimonio, numero.trim().toUpperCase()),
      ),
    );
  const ids = new Set(rows.map((r) => r.municipalityId));
  return open.filter((m) => ids.has(m.id));
}

const brandingOf = (settings: Record<string, unknown> | undefined) => {
  const s = (k: string) => (typeof settings?.[k] === 'string' ? (settings[k] as string) : '');
  return {
    prefeituraName: s('prefeituraName'),
    secretariaResponsavel: s('secretariaResponsavel'),
    departamentoResponsavel: s('departamentoResponsavel'),
    logoUrl: s('activeLogoUrl'),
    primaryColor: /^#[0-9a-fA-F]{3,8}$/.test(s('primaryColor')) ? s('primaryColor') : '',
  };
};

/** A municipality's public page: its own branding, totals by type and sector (names only), properties. */
export async function publicPagina(
  tx: Db,
  scope: TenantScope,
  m: PublicMunicipio & { uf: string | null },
): Promise<Omit<PublicMunicipioPagina, 'dadosAbertos'>> {
  const [custom] = await tx
    .select({ settings: customizations.settings })
    .from(customizations)
    .where(ofTenant(customizations, scope));
  const group = async (col: typeof patrimonios.tipoNome | typeof patrimonios.setorNome) =>
    (
      await tx
        .select({ nome: col, total: count() })
        .from(patrimonios)
        .where(ofTenant(patrimonios, scope))
        .groupBy(col)
        .orderBy(desc(count()), asc(col))
        .limit(50)
    ).map((r) => ({ nome: r.nome ?? 'Sem tipo', total: Number(r.total) }));
  const porTipo = await group(patrimonios.tipoNome);
  const porSetor = await group(patrimonios.setorNome);
  const [{ bens }] = await tx.select({ bens: count() }).from(patrimonios).where(ofTenant(patrimonios, scope));
  const [{ n }] = await tx.select({ n: count() }).from(imoveis).where(ofTenant(imoveis, scope));
  return {
    municipio: { id: m.id, name: m.name, slug: m.slug, uf: m.uf },
    branding: brandingOf(custom?.settings),
    totais: { bens: Number(bens), imoveis: Number(n), porTipo, porSetor },
  };
}
