import { and, asc, eq } from 'drizzle-orm';
import type { FormaAquisicao } from '@tombo/shared';
import type { Db } from '../../db/client';
import { formasAquisicao } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentFormaAquisicao } from './presenters';

/** The municipality's acquisition forms by name (only the active ones when asked: form selectors). */
export async function listFormasAquisicao(tx: Db, scope: TenantScope, onlyActive = false): Promise<FormaAquisicao[]> {
  const rows = await tx
    .select()
    .from(formasAquisicao)
    .where(and(ofTenant(formasAquisicao, scope), onlyActive ? eq(formasAquisicao.active, true) : undefined))
    .orderBy(asc(formasAquisicao.name));
  return rows.map(presentFormaAquisicao);
}
