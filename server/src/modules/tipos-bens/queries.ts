import { and, asc, eq } from 'drizzle-orm';
import type { TipoBem } from '@tombo/shared';
import type { Db } from '../../db/client';
import { tiposBens } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentTipoBem } from './presenters';

/** The municipality's asset types by name (only the active ones when asked: form selectors). */
export async function listTiposBens(tx: Db, scope: TenantScope, onlyActive = false): Promise<TipoBem[]> {
  const rows = await tx
    .select()
    .from(tiposBens)
    .where(and(ofTenant(tiposBens, scope), onlyActive ? eq(tiposBens.active, true) : undefined))
    .orderBy(asc(tiposBens.name));
  return rows.map(presentTipoBem);
}
