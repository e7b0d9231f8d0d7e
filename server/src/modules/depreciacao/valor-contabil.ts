import { sql, type SQL } from 'drizzle-orm';

/**
 * The one book value of an asset `p` (issue 36, "one book value everywhere"), as SQL for a query over
 * `patrimonios p`: 0 once written off (the asset has left the patrimony; the ledger took its book value to
 * VPD), else its entry of `competencia` (the last closed month), else its latest earlier entry (an asset the
 * close skipped that month), else its acquisition value (not depreciable, or no month closed yet).
 * `join` goes after `from patrimonios p`; the fallback subquery runs only for assets without an entry that
 * month (COALESCE is lazy).
 */
export function valorContabilSql(competencia: string | null): { join: SQL; value: SQL } {
  if (!competencia)
    return { join: sql``, value: sql`case when p.status = 'baixado' then 0 else p.valor_aquisicao end` };
  return {
    join: sql`left join depreciacao_lancamentos l
      on l.patrimonio_id = p.id and l.municipality_id = p.municipality_id and l.competencia = ${competencia}`,
    value: sql`case when p.status = 'baixado' then 0 else coalesce(l.valor_contabil,
      (select l2.valor_contabil from depreciacao_lancamentos l2
        where l2.patrimonio_id = p.id and l2.competencia < ${competencia}
        order by l2.competencia desc limit 1), p.valor_aquisicao) end`,
  };
}
