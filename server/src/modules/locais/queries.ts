import { and, asc, eq } from 'drizzle-orm';
import type { Local } from '@tombo/shared';
import type { Db } from '../../db/client';
import { locais, sectors } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentLocal } from './presenters';

/** The municipality's locations by name (of one sector when given), each with its sector's name. */
export async function listLocais(tx: Db, scope: TenantScope, sectorId?: number): Promise<Local[]> {
  const rows = await tx
    .select({ l: locais, sectorName: sectors.name })
    .from(locais)
    .innerJoin(sectors, eq(sectors.id, locais.sectorId))
    .where(and(ofTenant(locais, scope), sectorId ? eq(locais.sectorId, sectorId) : undefined))
    .orderBy(asc(locais.name));
  return rows.map((r) => presentLocal(r.l, r.sectorName));
}

/** The name of a sector named in a body; one of another municipality is a 422 on `sectorId`. */
export async function sectorNameFor(tx: Db, scope: TenantScope, sectorId: number): Promise<string> {
  const [s] = await tx
    .select({ name: sectors.name })
    .from(sectors)
    .where(and(eq(sectors.id, sectorId), ofTenant(sectors, scope)));
  if (!s) throw new HttpError(422, 'UNPROCESSABLE', 'Setor não encontrado.', { sectorId: 'Setor não encontrado.' });
  return s.name;
}
