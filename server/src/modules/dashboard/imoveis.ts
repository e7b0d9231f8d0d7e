import { desc, sql } from 'drizzle-orm';
import type { ImovelResumo, SituacaoImovel } from '@tombo/shared';
import type { Db } from '../../db/client';
import { imoveis } from '../../db/schema';
import { countOverdueManutencoes } from '../manutencoes';
import { ofTenant, type TenantScope } from '../../tenancy/scope';

const TOP_UTILIZACOES = 8;

/**
 * 'Resumo de Imóveis' (spec §2.5) over the municipality's register: count, areas, by situação and
 * utilização, and the overdue maintenance tasks (the maintenance area's own count).
 */
export async function imovelResumo(tx: Db, scope: TenantScope): Promise<ImovelResumo> {
  const where = ofTenant(imoveis, scope);
  const n = sql<number>`count(*)::int`;
  const [totals] = await tx
    .select({
      total: n,
      areaConstruida: sql<string>`coalesce(sum(${imoveis.areaConstruida}), 0)::numeric(16,2)::text`,
      areaTerreno: sql<string>`coalesce(sum(${imoveis.areaTerreno}), 0)::numeric(16,2)::text`,
    })
    .from(imoveis)
    .where(where);
  const porSituacao = await tx
    .select({ situacao: sql<SituacaoImovel>`${imoveis.situacao}`, count: n })
    .from(imoveis)
    .where(where)
    .groupBy(imoveis.situacao)
    .orderBy(desc(n));
  const utilizacao = sql<string | null>`nullif(btrim(${imoveis.utilizacao}), '')`;
  const porUtilizacao = await tx
    .select({ utilizacao, count: n })
    .from(imoveis)
    .where(where)
    .groupBy(utilizacao)
    .orderBy(desc(n), utilizacao)
    .limit(TOP_UTILIZACOES);
  return { ...totals, porSituacao, porUtilizacao, manutencoesAtrasadas: await countOverdueManutencoes(tx, scope) };
}
