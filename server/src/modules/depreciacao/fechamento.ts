import { sql, type SQL } from 'drizzle-orm';
import {
  calcularCronograma,
  centavos,
  competenciaDe,
  decimal,
  mesIndice,
  percentual,
  type EventoValor,
  type RegrasDepreciacao,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';

/**
 * The monthly close's arithmetic (docs/depreciation.md, "Closed months"): one entry per depreciable asset,
 * written set-based by ONE `INSERT … SELECT` for every asset without value events, and by the engine
 * (`calcularCronograma`) for the rare assets with events (and, under pro rata, assets without last month's entry).
 */

/** First day of the month after `competencia`: entries exist for assets in service on or before its last day. */
const diaSeguinte = (competencia: string) => `${competenciaDe(mesIndice(competencia) + 1)}-01`;

/** Which assets are depreciated in the month (the same rules as `baseDoPatrimonio`), as SQL over `p` and `t`. */
export const elegiveis = (scope: TenantScope, competencia: string, dataCorte: string | null) => sql`
  p.municipality_id = ${scope.municipalityId} and p.status <> 'baixado' and coalesce(t.depreciable, true)
  and coalesce(p.vida_util_meses, t.useful_life_months) > 0
  and coalesce(p.data_entrada_servico, p.data_aquisicao) < ${diaSeguinte(competencia)}::date
  and (${dataCorte}::date is null
    or coalesce(p.data_aquisicao, p.data_entrada_servico) >= ${dataCorte}::date)`;

const comEventos = (competencia: string) => sql`exists (select 1 from depreciacao_eventos e
  where e.patrimonio_id = p.id and e.competencia <= ${competencia})`;

/**
 * The closed form of one month per asset, in integer cents (bigint): the state before the month from last
 * month's entry when there is one, else from the asset (recalculo: q = D div n, r = D mod n, the first r months
 * get q + 1; fixo: k × the fixed amount, capped), then the month's amount as `calcularCronograma` gives it.
 * Columns: id, sector_id, tipo, custo, res, vc_antes, quota. `prevJoin` false = never use previous entries.
 */
export function mesSql(
  scope: TenantScope,
  competencia: string,
  regras: RegrasDepreciacao,
  dataCorte: string | null,
  opts: { prevJoin: boolean; extra?: SQL } = { prevJoin: true },
) {
  const M = mesIndice(competencia);
  const anterior = competenciaDe(M - 1);
  const proRata = regras.inicio === 'pro_rata';
  const recalculo = regras.arredondamento === 'recalculo';
  const firstOff = regras.inicio === 'mes_seguinte' ? 1 : 0;
  const prev = opts.prevJoin
    ? sql`left join depreciacao_lancamentos l on l.patrimonio_id = p.id and l.competencia = ${anterior}`
    : sql`left join lateral (select null::numeric as valor_contabil) l on true`;
  return sql`
  with a as (
    select p.id, p.sector_id, p.tipo_id,
      (p.valor_aquisicao * 100)::bigint as custo,
      round(coalesce(p.residual_pct, t.residual_value_pct, 0) * 100)::bigint as pct,
      coalesce(p.vida_util_meses, t.useful_life_months)::bigint as v,
      coalesce(p.data_entrada_servico, p.data_aquisicao) as ent,
      (l.valor_contabil * 100)::bigint as prev_vc
    from patrimonios p left join tipos_bens t on t.id = p.tipo_id ${prev}
    where ${elegiveis(scope, competencia, dataCorte)} and not ${comEventos(competencia)} ${opts.extra ?? sql``}
  ), b as (
    select a.*, (2 * a.custo * a.pct + 10000) / 20000 as res,
      (extract(year from a.ent) * 12 + extract(month from a.ent) - 1)::bigint as e,
      extract(day from a.ent)::bigint as dd,
      extract(day from date_trunc('month', a.ent) + interval '1 month - 1 day')::bigint as dim
    from a
  ), c as (
    select b.*, greatest(b.custo - b.res, 0) as dv,
      ${proRata ? sql`b.dim` : sql`1::bigint`} as den,
      ${proRata ? sql`b.dim - b.dd + 1` : sql`0::bigint`} as a_dias,
      b.e + ${firstOff}::bigint as first
    from b ${proRata ? sql`where b.prev_vc is not null` : sql``}
  ), w as (
    select c.*,
      ${
        proRata
          ? sql`case when ${M} = c.e then c.a_dias when ${M} > c.e and ${M} < c.e + c.v then c.dim
              when ${M} = c.e + c.v then c.dim - c.a_dias else 0 end`
          : sql`case when ${M} >= c.first and ${M} < c.first + c.v then 1 else 0 end`
      } as wm,
      ${
        proRata
          ? sql`case when ${M} <= c.e then c.v * c.dim when ${M} <= c.e + c.v then (c.e + c.v - ${M}) * c.dim + c.dim - c.a_dias
              else 0 end`
          : sql`greatest(0, least(c.v, c.first + c.v - ${M}))`
      } as rem,
      ${proRata ? sql`case when c.a_dias < c.dim then c.e + c.v else c.e + c.v - 1 end` : sql`c.first + c.v - 1`} as last,
      greatest(0, least(c.v, ${M} - c.first)) as k,
      (2 * c.dv + c.v) / (2 * c.v) as fixa
    from c
  ), s as (
    select w.*, coalesce(w.prev_vc, w.custo - ${
      recalculo
        ? sql`(w.k * (w.dv / w.v) + least(w.k, w.dv % w.v))`
        : sql`(case when w.k >= w.v then w.dv else least(w.k * w.fixa, w.dv) end)`
    }) as vc_antes
    from w
  ), q as (
    select s.*, greatest(s.vc_antes - s.res, 0) as base from s
  )
  select q.id, q.sector_id, q.tipo_id, q.custo, q.res, q.vc_antes,
    case when q.wm > 0 and q.base > 0 then least(q.base, ${
      recalculo
        ? sql`(q.base * q.wm + q.rem - 1) / q.rem`
        : sql`case when ${M} = q.last then q.base else (2 * q.fixa * q.wm + q.den) / (2 * q.den) end`
    }) else 0 end as quota
  from q`;
}

/** The set-based part of a close: one INSERT … SELECT; returns the number of entries written. */
export async function inserirLancamentosSql(
  tx: Db,
  scope: TenantScope,
  competencia: string,
  regras: RegrasDepreciacao,
  dataCorte: string | null,
): Promise<number> {
  const res = await tx.execute(sql`
    insert into depreciacao_lancamentos (municipality_id, patrimonio_id, competencia, valor_bruto, quota, acumulada,
      perdas, valor_residual, valor_contabil)
    select ${scope.municipalityId}, m.id, ${competencia}, m.custo / 100.0, m.quota / 100.0,
      (m.custo - m.vc_antes + m.quota) / 100.0, 0, m.res / 100.0, (m.vc_antes - m.quota) / 100.0
    from (${mesSql(scope, competencia, regras, dataCorte)}) m
    on conflict (patrimonio_id, competencia) do nothing`);
  return (
    (res as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (res as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}

interface BemRow extends Record<string, unknown> {
  id: number;
  sector_id: number;
  tipo_id: number | null;
  valor: string;
  pct: string;
  vida: number;
  ent: string;
}

/** Assets the engine computes: value events up to the month, or (pro rata, or `todos`) no entry last month. */
export async function lancamentosMotor(
  tx: Db,
  scope: TenantScope,
  competencia: string,
  regras: RegrasDepreciacao,
  dataCorte: string | null,
  opts: { semAnterior: boolean; todos?: boolean; extra?: SQL; pular?: boolean } = { semAnterior: false },
) {
  const anterior = competenciaDe(mesIndice(competencia) - 1);
  const semAnterior = opts.semAnterior
    ? sql` or not exists (select 1 from depreciacao_lancamentos l where l.patrimonio_id = p.id and l.competencia = ${anterior})`
    : sql``;
  const jaTem = opts.pular
    ? sql` and not exists (select 1 from depreciacao_lancamentos x where x.patrimonio_id = p.id
        and x.competencia = ${competencia})`
    : sql``;
  const res = await tx.execute<BemRow>(sql`
    select p.id, p.sector_id, p.tipo_id, p.valor_aquisicao::text as valor,
      coalesce(p.residual_pct, t.residual_value_pct, 0)::text as pct,
      coalesce(p.vida_util_meses, t.useful_life_months) as vida,
      coalesce(p.data_entrada_servico, p.data_aquisicao)::text as ent
    from patrimonios p left join tipos_bens t on t.id = p.tipo_id
    where ${elegiveis(scope, competencia, dataCorte)} and (${opts.todos ? sql`true` : comEventos(competencia)}${semAnterior})${jaTem}
      ${opts.extra ?? sql``}`);
  const bens = (res as unknown as { rows: BemRow[] }).rows;
  if (!bens.length) return [];
  const evRes = await tx.execute(sql`
    select patrimonio_id, tipo, competencia, valor::text as valor, vida_util_restante_meses as vida,
      residual_pct::text as pct
    from depreciacao_eventos where municipality_id = ${scope.municipalityId} and competencia <= ${competencia}
      and patrimonio_id in (${sql.join(
        bens.map((b) => sql`${Number(b.id)}`),
        sql`, `,
      )})
    order by competencia, id`);
  const eventos = new Map<number, EventoValor[]>();
  for (const r of (evRes as unknown as { rows: Array<Record<string, unknown>> }).rows) {
    const e: EventoValor =
      r.tipo === 'reavaliacao'
        ? {
            tipo: 'reavaliacao',
            competencia: String(r.competencia),
            valor: String(r.valor),
            vidaUtilRestanteMeses: Number(r.vida),
            ...(r.pct == null ? {} : { residualPct: Number(r.pct) }),
          }
        : r.tipo === 'reducao'
          ? { tipo: 'reducao', competencia: String(r.competencia), valorRecuperavel: String(r.valor) }
          : { tipo: 'reversao', competencia: String(r.competencia) };
    const id = Number(r.patrimonio_id);
    eventos.set(id, [...(eventos.get(id) ?? []), e]);
  }
  return bens.map((b) => ({
    ...lancamentoDoMotor(b, regras, eventos.get(Number(b.id)) ?? [], competencia),
    sectorId: Number(b.sector_id),
    tipoId: b.tipo_id == null ? null : Number(b.tipo_id),
  }));
}

/**
 * The engine's part of a close: assets with value events up to the month (and under pro rata those without
 * last month's entry), computed by `calcularCronograma` and inserted in batches in the same transaction.
 */
export async function inserirLancamentosMotor(
  tx: Db,
  scope: TenantScope,
  competencia: string,
  regras: RegrasDepreciacao,
  dataCorte: string | null,
): Promise<number> {
  const linhas = await lancamentosMotor(tx, scope, competencia, regras, dataCorte, {
    semAnterior: regras.inicio === 'pro_rata',
    pular: true,
  });
  for (let i = 0; i < linhas.length; i += 1000) {
    const lote = linhas.slice(i, i + 1000);
    await tx.execute(sql`
      insert into depreciacao_lancamentos (municipality_id, patrimonio_id, competencia, valor_bruto, quota, acumulada,
        perdas, valor_residual, valor_contabil)
      values ${sql.join(
        lote.map(
          (l) => sql`(${scope.municipalityId}, ${l.id}, ${competencia}, ${l.bruto}, ${l.quota}, ${l.acumulada},
            ${l.perdas}, ${l.residual}, ${l.contabil})`,
        ),
        sql`, `,
      )}
      on conflict (patrimonio_id, competencia) do nothing`);
  }
  return linhas.length;
}

/** One asset's entry for the month by the engine, with its gross value, impairment and residual value. */
function lancamentoDoMotor(b: BemRow, regras: RegrasDepreciacao, eventos: EventoValor[], competencia: string) {
  const pct = Number(b.pct);
  const bem = { valorAquisicao: b.valor, residualPct: pct, vidaUtilMeses: Number(b.vida), dataEntradaServico: b.ent };
  const mes = calcularCronograma(bem, regras, eventos, competencia).meses.find((m) => m.competencia === competencia)!;
  let bruto = centavos(b.valor);
  let residual = percentual(bruto, BigInt(Math.round(pct * 100)));
  for (const e of eventos)
    if (e.tipo === 'reavaliacao') {
      bruto = centavos(e.valor);
      residual = percentual(bruto, BigInt(Math.round((e.residualPct ?? pct) * 100)));
    }
  const perdas = bruto - centavos(mes.acumulada) - centavos(mes.valorContabil);
  return {
    id: Number(b.id),
    bruto: decimal(bruto),
    quota: mes.quota,
    acumulada: mes.acumulada,
    perdas: decimal(perdas),
    residual: decimal(residual),
    contabil: mes.valorContabil,
  };
}
