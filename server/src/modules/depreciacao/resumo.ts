import { sql, type SQL } from 'drizzle-orm';
import {
  centavos,
  competenciaDe,
  decimal,
  isoDayOf,
  mesIndice,
  ultimoDia,
  type DepreciacaoResumo,
  type TotaisDepreciacao,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { lancamentosMotor, mesSql } from './fechamento';
import { ultimaFechada } from './fechamentos';
import { regrasDoMunicipio } from './queries';
import { rowsOf } from '../../db/rows';

/** Months of the series (up to the position's month): the closed ones from their entries, and the position's. */
const SERIE_MESES = 12;

/** One group's figures in cents, and its key. */
interface Grupo {
  chave: 'total' | 'tipo' | 'setor';
  id: number | null;
  bruto: bigint;
  acumulada: bigint;
  contabil: bigint;
  quota: bigint;
  bens: number;
}

const setores = (scope: TenantScope, col: SQL) =>
  scope.sectorIds
    ? sql` and ${col} = any(${sql.raw(`'{${scope.sectorIds.map(Number).join(',') || '0'}}'::int[]`)})`
    : sql``;

/** Sums of entries (closed month) or of projected months (SQL rows + engine rows) by total, type and sector. */
async function gruposFechados(tx: Db, scope: TenantScope, competencia: string): Promise<Grupo[]> {
  const r = await tx.execute(sql`
    select case when grouping(p.tipo_id) = 0 then 'tipo' when grouping(p.sector_id) = 0 then 'setor' else 'total' end
        as chave,
      coalesce(p.tipo_id, p.sector_id) as id, count(*)::int as bens,
      (sum(l.valor_bruto) * 100)::bigint::text as bruto, (sum(l.valor_bruto - l.valor_contabil) * 100)::bigint::text as acumulada,
      (sum(l.valor_contabil) * 100)::bigint::text as contabil, (sum(l.quota) * 100)::bigint::text as quota
    from depreciacao_lancamentos l join patrimonios p on p.id = l.patrimonio_id
    where l.municipality_id = ${scope.municipalityId} and l.competencia = ${competencia}${setores(scope, sql`p.sector_id`)}
    group by grouping sets ((), (p.tipo_id), (p.sector_id))`);
  return rowsOf<Record<string, string | number | null>>(r).map(paraGrupo);
}

function paraGrupo(r: Record<string, string | number | null>): Grupo {
  return {
    chave: r.chave as Grupo['chave'],
    id: r.id == null ? null : Number(r.id),
    bruto: BigInt(r.bruto ?? 0),
    acumulada: BigInt(r.acumulada ?? 0),
    contabil: BigInt(r.contabil ?? 0),
    quota: BigInt(r.quota ?? 0),
    bens: Number(r.bens),
  };
}

/** The projected month by the rules: set-based SQL for assets without events, the engine for the rest. */
async function gruposProjetados(
  tx: Db,
  scope: TenantScope,
  competencia: string,
  ultima: string | null,
): Promise<Grupo[]> {
  const { regras, dataCorte } = await regrasDoMunicipio(tx, scope);
  // The month right after the last closed one steps from its entries; later months use the closed form.
  const prevJoin = ultima != null && competenciaDe(mesIndice(ultima) + 1) === competencia;
  const extra = setores(scope, sql`p.sector_id`);
  const r = await tx.execute(sql`
    select case when grouping(m.tipo_id) = 0 then 'tipo' when grouping(m.sector_id) = 0 then 'setor' else 'total' end
        as chave,
      coalesce(m.tipo_id, m.sector_id) as id, count(*)::int as bens, sum(m.custo)::text as bruto,
      sum(m.custo - m.vc_antes + m.quota)::text as acumulada, sum(m.vc_antes - m.quota)::text as contabil,
      sum(m.quota)::text as quota
    from (${mesSql(scope, competencia, regras, dataCorte, { prevJoin, extra })}) m
    group by grouping sets ((), (m.tipo_id), (m.sector_id))`);
  const grupos = rowsOf<Record<string, string | number | null>>(r).map(paraGrupo);
  const motor = await lancamentosMotor(tx, scope, competencia, regras, dataCorte, {
    semAnterior: prevJoin && regras.inicio === 'pro_rata',
    todos: !prevJoin && regras.inicio === 'pro_rata',
    extra,
  });
  for (const l of motor) {
    const bruto = centavos(l.bruto);
    const contabil = centavos(l.contabil);
    for (const [chave, id] of [
      ['total', null],
      ['tipo', l.tipoId],
      ['setor', l.sectorId],
    ] as const) {
      let g = grupos.find((x) => x.chave === chave && x.id === id);
      if (!g) grupos.push((g = { chave, id, bruto: 0n, acumulada: 0n, contabil: 0n, quota: 0n, bens: 0 }));
      g.bruto += bruto;
      g.acumulada += bruto - contabil;
      g.contabil += contabil;
      g.quota += centavos(l.quota);
      g.bens += 1;
    }
  }
  return grupos;
}

const totais = (g: Grupo | undefined): TotaisDepreciacao => ({
  valorBruto: decimal(g?.bruto ?? 0n),
  depreciacaoAcumulada: decimal(g?.acumulada ?? 0n),
  valorContabil: decimal(g?.contabil ?? 0n),
  quotaMes: decimal(g?.quota ?? 0n),
  bens: g?.bens ?? 0,
});

/** The closed months' totals of the series window, one grouped query over the entries. */
async function serieFechada(tx: Db, scope: TenantScope, de: string, ate: string) {
  const r = await tx.execute(sql`
    select l.competencia, sum(l.quota)::text as quota, sum(l.valor_bruto - l.valor_contabil)::text as acumulada,
      sum(l.valor_contabil)::text as contabil
    from depreciacao_lancamentos l ${scope.sectorIds ? sql`join patrimonios p on p.id = l.patrimonio_id` : sql``}
    where l.municipality_id = ${scope.municipalityId} and l.competencia between ${de} and ${ate}
      ${setores(scope, sql`p.sector_id`)}
    group by l.competencia`);
  return new Map(rowsOf<Record<string, string>>(r).map((x) => [x.competencia, x]));
}

/**
 * What the figures depend on, read cheaply (tiny tables and index-only max()): the closes, the value events,
 * the config, the assets' version (asset_versions: any asset insert, edit or delete) and the last edit of a
 * type or sector. Equal stamp = equal figures.
 */
async function carimbo(tx: Db, scope: TenantScope): Promise<string> {
  const m = scope.municipalityId;
  const [r] = rowsOf<{ c: string }>(
    await tx.execute(sql`select concat_ws('|',
      (select string_agg(id || status, ',' order by id) from depreciacao_closings where municipality_id = ${m}),
      (select max(id) from depreciacao_eventos where municipality_id = ${m}),
      (select version || inicio || arredondamento || coalesce(data_corte::text, '') from depreciacao_config
        where municipality_id = ${m}),
      (select version from asset_versions where municipality_id = ${m}),
      (select max(updated_at)::text from tipos_bens where municipality_id = ${m}),
      (select max(updated_at)::text from sectors where municipality_id = ${m})) as c`),
  );
  return r.c;
}

/**
 * The dashboard is read far more often than the register changes: figures are kept per municipality, scope and
 * date while the stamp is unchanged (at most 5 minutes), and concurrent requests share one computation.
 */
const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { carimbo: string; ate: number; valor: Promise<DepreciacaoResumo> }>();

/**
 * GET /api/depreciacao/resumo: the figures as of the last month ended on or before `data` (default: the end
 * of the last closed month, else today): closed months from their entries, later months projected.
 */
export async function resumoDepreciacao(tx: Db, scope: TenantScope, data?: string): Promise<DepreciacaoResumo> {
  const c = await carimbo(tx, scope);
  const chave = `${scope.municipalityId}|${scope.sectorIds?.join(',') ?? '*'}|${data ?? ''}|${isoDayOf(new Date())}`;
  const hit = cache.get(chave);
  if (hit && hit.carimbo === c && hit.ate > Date.now()) return hit.valor;
  const valor = calcularResumo(tx, scope, data);
  if (cache.size > 500) cache.clear();
  cache.set(chave, { carimbo: c, ate: Date.now() + CACHE_MS, valor });
  valor.catch(() => cache.delete(chave));
  return valor;
}

async function calcularResumo(tx: Db, scope: TenantScope, data?: string): Promise<DepreciacaoResumo> {
  const ultima = await ultimaFechada(tx, scope);
  const dia = data ?? (ultima ? ultimoDia(ultima) : isoDayOf(new Date()));
  const posicao = ultimoDia(dia.slice(0, 7)) === dia ? dia.slice(0, 7) : competenciaDe(mesIndice(dia.slice(0, 7)) - 1);
  const fechada = ultima != null && posicao <= ultima;
  const grupos = fechada
    ? await gruposFechados(tx, scope, posicao)
    : await gruposProjetados(tx, scope, posicao, ultima);
  const nomes = rowsOf<{ k: string; id: number; nome: string }>(
    await tx.execute(sql`
      select 'tipo' as k, id, name as nome from tipos_bens where municipality_id = ${scope.municipalityId}
      union all select 'setor', id, name from sectors where municipality_id = ${scope.municipalityId}`),
  );
  const nome = (k: string, id: number | null) =>
    nomes.find((n) => n.k === k && Number(n.id) === id)?.nome ?? (k === 'tipo' ? 'Sem tipo' : '—');
  const porValor = (a: { valorContabil: string }, b: { valorContabil: string }) =>
    Number(b.valorContabil) - Number(a.valorContabil);
  const de = competenciaDe(mesIndice(posicao) - SERIE_MESES + 1);
  const fechados = await serieFechada(tx, scope, de, posicao);
  const serie: DepreciacaoResumo['serie'] = [];
  for (let i = mesIndice(de); i <= mesIndice(posicao); i++) {
    const c = competenciaDe(i);
    const f = fechados.get(c);
    if (f) {
      serie.push({ competencia: c, quota: f.quota, acumulada: f.acumulada, valorContabil: f.contabil, fechada: true });
    } else if (c === posicao) {
      const t = totais(grupos.find((x) => x.chave === 'total'));
      serie.push({
        competencia: c,
        quota: t.quotaMes,
        acumulada: t.depreciacaoAcumulada,
        valorContabil: t.valorContabil,
        fechada: false,
      });
    }
  }
  return {
    data: dia,
    ultimaFechada: ultima,
    fechada,
    totais: totais(grupos.find((g) => g.chave === 'total')),
    porTipo: grupos
      .filter((g) => g.chave === 'tipo')
      .map((g) => ({ tipo: nome('tipo', g.id), ...totais(g) }))
      .sort(porValor),
    porSetor: grupos
      .filter((g) => g.chave === 'setor')
      .map((g) => ({ setorId: g.id ?? 0, setor: nome('setor', g.id), ...totais(g) }))
      .sort(porValor),
    serie,
  };
}
