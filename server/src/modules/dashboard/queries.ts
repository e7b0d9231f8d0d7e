import { and, count, desc, inArray, sql } from 'drizzle-orm';
import type { AssetStats, PatrimonioStatus } from '@tombo/shared';
import type { Db } from '../../db/client';
import { patrimonios } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentAssetStats } from './presenters';

const TOP_TYPES = 8;

/** Asset figures over what the scope sees: a `usuario`'s cover only its own sectors. */
export async function assetStats(tx: Db, scope: TenantScope): Promise<AssetStats> {
  const where = and(
    ofTenant(patrimonios, scope),
    scope.sectorIds ? inArray(patrimonios.sectorId, [...scope.sectorIds]) : undefined,
  );
  const n = count();
  const [totals] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      valor: sql<string>`coalesce(sum(${patrimonios.valorAquisicao} * ${patrimonios.quantidade}), 0)::numeric(16,2)::text`,
    })
    .from(patrimonios)
    .where(where);
  const byStatus = await tx
    .select({ status: sql<PatrimonioStatus>`${patrimonios.status}`, count: sql<number>`${n}::int` })
    .from(patrimonios)
    .where(where)
    .groupBy(patrimonios.status)
    .orderBy(desc(n));
  const tipo = sql<string>`coalesce(${patrimonios.tipoNome}, 'Sem tipo')`;
  const byType = await tx
    .select({ tipo, count: sql<number>`${n}::int` })
    .from(patrimonios)
    .where(where)
    .groupBy(tipo)
    .orderBy(desc(n))
    .limit(TOP_TYPES);
  return presentAssetStats(totals, byStatus, byType);
}
