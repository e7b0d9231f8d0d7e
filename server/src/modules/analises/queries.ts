import { sql, type SQL } from 'drizzle-orm';
import {
  APP_TIME_ZONE,
  isoDayOf,
  type AnaliseGrupoQuery,
  type AnaliseGrupoResponse,
  type AnaliseTemporalQuery,
  type AnaliseTemporalResponse,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { ultimaFechada, valorContabilSql } from '../depreciacao';
import { presentGrupos, presentTemporal, type GrupoRow, type PeriodoRow } from './presenters';
import { rowsOf } from '../../db/rows';

/** Values as a bound parameter list: `in (${list(ids)})`. */
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The asset filters of every analysis over `patrimonios p`: municipality, a `usuario`'s sectors, sector, type. */
function assetWhere(scope: TenantScope, f: { sectorId?: number; tipoId?: number }): SQL {
  const c: SQL[] = [sql`p.municipality_id = ${scope.municipalityId}`];
  if (scope.sectorIds) c.push(scope.sectorIds.length ? sql`p.sector_id in (${list(scope.sectorIds)})` : sql`false`);
  if (f.sectorId) c.push(sql`p.sector_id = ${f.sectorId}`);
  if (f.tipoId) c.push(sql`p.tipo_id = ${f.tipoId}`);
  return sql.join(c, sql` and `);
}

/**
 * The statement of GET /api/analises/setor | /tipo: per sector (or type) the assets, Σ acquisition value
 * and Σ book value (both × quantidade); the grand total is the sum of the groups (presenters).
 */
export function grupoSql(
  scope: TenantScope,
  por: 'setor' | 'tipo',
  q: AnaliseGrupoQuery,
  competencia: string | null,
): SQL {
  const c: SQL[] = [assetWhere(scope, q)];
  if (q.status?.length) c.push(sql`p.status in (${list(q.status)})`);
  if (q.dataDe) c.push(sql`p.data_aquisicao >= ${q.dataDe}::date`);
  if (q.dataAte) c.push(sql`p.data_aquisicao <= ${q.dataAte}::date`);
  const vc = valorContabilSql(competencia);
  const key = por === 'setor' ? sql`p.sector_id` : sql`p.tipo_id`;
  const name = por === 'setor' ? sql`p.setor_nome` : sql`p.tipo_nome`;
  return sql`
      select ${key} as id, min(${name}) as nome, count(*)::int as bens,
        coalesce(sum(p.valor_aquisicao * p.quantidade), 0)::numeric(18,2)::text as "valorAquisicao",
        coalesce(sum(${vc.value} * p.quantidade), 0)::numeric(18,2)::text as "valorContabil"
      from patrimonios p ${vc.join}
      where ${sql.join(c, sql` and `)}
      group by ${key}`;
}

/** GET /api/analises/setor | /tipo */
export async function analisePorGrupo(
  tx: Db,
  scope: TenantScope,
  por: 'setor' | 'tipo',
  q: AnaliseGrupoQuery,
): Promise<AnaliseGrupoResponse> {
  // The last closed month: its entries give the book values.
  const competencia = await ultimaFechada(tx, scope);
  const rows = rowsOf<GrupoRow>(await tx.execute(grupoSql(scope, por, q, competencia)));
  return presentGrupos(rows, competencia);
}

const addMonths = (ym: string, n: number) => {
  const d = new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};
const lastDay = (ym: string) => addMonths(ym, 1) + '-01';

/** The period asked, or the default: the last 12 months (by month) or 10 years (by year), today in Brasília. */
export function periodoDe(q: AnaliseTemporalQuery, now = new Date()): { de: string; ate: string } {
  const today = isoDayOf(now);
  const ate =
    q.dataAte ?? (q.granularidade === 'ano' ? `${today.slice(0, 4)}-12-31` : dayBefore(lastDay(today.slice(0, 7))));
  const de =
    q.dataDe ??
    (q.granularidade === 'ano' ? `${Number(ate.slice(0, 4)) - 9}-01-01` : `${addMonths(ate.slice(0, 7), -11)}-01`);
  return { de, ate };
}
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The three statements of GET /api/analises/temporal over the period, bucketed by month or year:
 * acquisitions (by `data_aquisicao`), write-offs (assets now 'baixado', dated by their last history line
 * that wrote them off), and losses (items still 'not_found' in inventories finalised in the period).
 */
export function temporalSql(
  scope: TenantScope,
  q: AnaliseTemporalQuery,
  { de, ate }: { de: string; ate: string },
): { aquisicoes: SQL; baixas: SQL; perdas: SQL } {
  const unit = q.granularidade === 'ano' ? 'year' : 'month';
  const fmt = q.granularidade === 'ano' ? 'YYYY' : 'YYYY-MM';
  const where = assetWhere(scope, q);
  const tz = APP_TIME_ZONE;
  const from = sql`(${de}::date::timestamp at time zone ${tz})`;
  const until = sql`((${ate}::date + 1)::timestamp at time zone ${tz})`;
  return {
    aquisicoes: sql`
      select to_char(date_trunc(${unit}, p.data_aquisicao), ${fmt}) as periodo, count(*)::int as n,
        coalesce(sum(p.valor_aquisicao * p.quantidade), 0)::numeric(18,2)::text as valor
      from patrimonios p
      where ${where} and p.data_aquisicao between ${de}::date and ${ate}::date
      group by 1`,
    baixas: sql`
      select to_char(date_trunc(${unit}, h.at at time zone ${tz}), ${fmt}) as periodo, count(*)::int as n,
        coalesce(sum(p.valor_aquisicao * p.quantidade), 0)::numeric(18,2)::text as valor
      from patrimonios p
      cross join lateral (
        select h.at from patrimonio_historico h
        where h.patrimonio_id = p.id
          and (h.action = 'Baixa' or (h.action = 'Alteração de status' and h.details like 'Status: % → ''Baixado'''))
        order by h.id desc limit 1
      ) h
      where ${where} and p.status = 'baixado' and h.at >= ${from} and h.at < ${until}
      group by 1`,
    perdas: sql`
      select to_char(date_trunc(${unit}, i.finalized_at at time zone ${tz}), ${fmt}) as periodo, count(*)::int as n,
        coalesce(sum(it.valor_aquisicao * p.quantidade), 0)::numeric(18,2)::text as valor
      from inventarios i
      join inventario_items it on it.inventario_id = i.id and it.status = 'not_found'
      join patrimonios p on p.id = it.patrimonio_id
      where i.municipality_id = ${scope.municipalityId} and i.status = 'completed'
        and i.finalized_at >= ${from} and i.finalized_at < ${until} and ${where}
      group by 1`,
  };
}

/** GET /api/analises/temporal */
export async function analiseTemporal(
  tx: Db,
  scope: TenantScope,
  q: AnaliseTemporalQuery,
): Promise<AnaliseTemporalResponse> {
  const periodo = periodoDe(q);
  const s = temporalSql(scope, q, periodo);
  const run = async (x: SQL) => rowsOf<PeriodoRow>(await tx.execute(x));
  return presentTemporal(q.granularidade, periodo.de, periodo.ate, {
    aquisicoes: await run(s.aquisicoes),
    baixas: await run(s.baixas),
    perdas: await run(s.perdas),
  });
}
