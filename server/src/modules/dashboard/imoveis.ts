import { and, desc, inArray, lt, sql } from 'drizzle-orm';
import type { ImovelResumo, SituacaoImovel } from '@tombo/shared';
import type { Db } from '../../db/client';
import { imoveis, manutencoes } from '../../db/schema';
import { TIME_ZONE } from '../../jobs/format';
import { ofTenant, type TenantScope } from '../../tenancy/scope';

const TOP_UTILIZACOES = 8;

/**
 * 'Resumo de Imóveis' (spec §2.5) over the municipality's register: count, areas, by situação and
 * utilização, and the maintenance tasks past their date (pending or in progress, the city hall's today).
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
  const today = sql`(now() at time zone ${TIME_ZONE})::date`;
  const [late] = await tx
    .select({ n })
    .from(manutencoes)
    .where(
      and(
        ofTenant(manutencoes, scope),
        inArray(manutencoes.status, ['pendente', 'em_andamento']),
        lt(manutencoes.dataPrevista, sql`${today}`),
      ),
    );
  return { ...totals, porSituacao, porUtilizacao, manutencoesAtrasadas: late.n };
}
