import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  PATRIMONIO_MSG,
  type PatrimonioStatus,
  type PublicFiltros,
  type PublicMunicipio,
  type PublicMunicipioRef,
  type PublicPatrimonio,
  type PublicPatrimonioList,
} from '@tombo/shared';
import type { z } from 'zod';
import type { publicPatrimonioQuery } from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { municipalities, patrimonios, publicSearchSettings, sectors, tiposBens } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { quickSearch } from '../patrimonios/filters';

type PublicQuery = z.infer<typeof publicPatrimonioQuery>;

/** The municipality named by `?municipio=<slug>` or `?municipalityId=`, only if its public search is on. */
export async function publicMunicipality(db: Db, ref: PublicMunicipioRef): Promise<PublicMunicipio> {
  if (!ref.municipio && !ref.municipalityId)
    throw badRequest(PATRIMONIO_MSG.publicMunicipality, { municipio: PATRIMONIO_MSG.publicMunicipality });
  const where = ref.municipalityId
    ? eq(municipalities.id, ref.municipalityId)
    : eq(municipalities.slug, ref.municipio!.toLowerCase());
  const [m] = await db
    .select({
      id: municipalities.id,
      name: municipalities.name,
      slug: municipalities.slug,
      active: municipalities.active,
      enabled: publicSearchSettings.isPublicSearchEnabled,
    })
    .from(municipalities)
    .leftJoin(publicSearchSettings, eq(publicSearchSettings.municipalityId, municipalities.id))
    .where(where);
  if (!m || !m.active) throw notFound(PATRIMONIO_MSG.municipalityNotFound);
  if (m.enabled === false) throw new HttpError(403, 'FORBIDDEN', PATRIMONIO_MSG.publicDisabled);
  return { id: m.id, name: m.name, slug: m.slug };
}

/** Public fields only: never values, people or notes. */
const columns = {
  numero_patrimonio: patrimonios.numeroPatrimonio,
  descricao_bem: patrimonios.descricaoBem,
  tipo: patrimonios.tipoNome,
  setor_responsavel: patrimonios.setorNome,
  local_objeto: patrimonios.localNome,
  status: patrimonios.status,
  data_aquisicao: patrimonios.dataAquisicao,
};
const toPublic = (
  r: {
    numero_patrimonio: string;
    descricao_bem: string;
    tipo: string | null;
    setor_responsavel: string;
    local_objeto: string | null;
    status: string;
    data_aquisicao: string | null;
  },
  municipio: string,
): PublicPatrimonio => ({ ...r, status: r.status as PatrimonioStatus, municipio });

export async function listPublic(ctx: Pick<AppContext, 'db'>, q: PublicQuery): Promise<PublicPatrimonioList> {
  const m = await publicMunicipality(ctx.db, q);
  const c: SQL[] = [eq(patrimonios.municipalityId, m.id)];
  if (q.q) c.push(quickSearch(q.q));
  if (q.sectorId) c.push(eq(patrimonios.sectorId, q.sectorId));
  if (q.tipoId) c.push(eq(patrimonios.tipoId, q.tipoId));
  if (q.status) c.push(eq(patrimonios.status, q.status));
  const where = and(...c)!;
  const col = columns[q.sort];
  const [rows, [{ n }]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(patrimonios)
      .where(where)
      .orderBy(...(q.order === 'desc' ? [desc(col), desc(patrimonios.id)] : [asc(col), asc(patrimonios.id)]))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(patrimonios)
      .where(where),
  ]);
  return { patrimonios: rows.map((r) => toPublic(r, m.name)), total: n, page: q.page, pageSize: q.pageSize };
}

export async function getPublic(
  ctx: Pick<AppContext, 'db'>,
  numero: string,
  ref: PublicMunicipioRef,
): Promise<PublicPatrimonio> {
  const m = await publicMunicipality(ctx.db, ref);
  const [row] = await ctx.db
    .select(columns)
    .from(patrimonios)
    .where(and(eq(patrimonios.municipalityId, m.id), eq(patrimonios.numeroPatrimonio, numero.trim().toUpperCase())));
  if (!row) throw notFound(PATRIMONIO_MSG.notFound);
  return toPublic(row, m.name);
}

/** The options of the public advanced filter: that municipality's sectors and active asset types, by name. */
export async function publicFiltros(ctx: Pick<AppContext, 'db'>, ref: PublicMunicipioRef): Promise<PublicFiltros> {
  const m = await publicMunicipality(ctx.db, ref);
  const [sectorRows, tipoRows] = await Promise.all([
    ctx.db
      .select({ id: sectors.id, name: sectors.name })
      .from(sectors)
      .where(eq(sectors.municipalityId, m.id))
      .orderBy(asc(sectors.name), asc(sectors.id)),
    ctx.db
      .select({ id: tiposBens.id, name: tiposBens.name })
      .from(tiposBens)
      .where(and(eq(tiposBens.municipalityId, m.id), eq(tiposBens.active, true)))
      .orderBy(asc(tiposBens.name), asc(tiposBens.id)),
  ]);
  return { municipio: m, sectors: sectorRows, tiposBens: tipoRows };
}

export async function publicMunicipalities(ctx: Pick<AppContext, 'db'>): Promise<PublicMunicipio[]> {
  return ctx.db
    .select({ id: municipalities.id, name: municipalities.name, slug: municipalities.slug })
    .from(municipalities)
    .leftJoin(publicSearchSettings, eq(publicSearchSettings.municipalityId, municipalities.id))
    .where(and(eq(municipalities.active, true), sql`coalesce(${publicSearchSettings.isPublicSearchEnabled}, true)`))
    .orderBy(asc(municipalities.name));
}
