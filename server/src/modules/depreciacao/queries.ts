import { and, asc, eq } from 'drizzle-orm';
import {
  REGRAS_DEPRECIACAO_PADRAO,
  calcularCronograma,
  centavos,
  decimal,
  isoDayOf,
  valorContabilEm,
  type ArredondamentoDepreciacao,
  type BemDepreciavel,
  type DepreciacaoConfig,
  type DepreciacaoPatrimonio,
  type EventoValorRegistrado,
  type InicioDepreciacao,
  type MotivoSemDepreciacao,
  type RegrasDepreciacao,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { depreciacaoConfig, depreciacaoEventos, depreciacaoLancamentos, patrimonios, tiposBens } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { paraEventoValor, presentConfig, presentEvento, type EventoRow } from './presenters';

/** The municipality's rules and cut-over date (the defaults when it never set them). */
export async function regrasDoMunicipio(
  tx: Db,
  scope: TenantScope,
): Promise<{ regras: RegrasDepreciacao; dataCorte: string | null }> {
  const [row] = await tx.select().from(depreciacaoConfig).where(ofTenant(depreciacaoConfig, scope));
  if (!row) return { regras: REGRAS_DEPRECIACAO_PADRAO, dataCorte: null };
  return {
    regras: {
      inicio: row.inicio as InicioDepreciacao,
      arredondamento: row.arredondamento as ArredondamentoDepreciacao,
    },
    dataCorte: row.dataCorte,
  };
}

/** GET /api/depreciacao/config */
export async function configDoMunicipio(tx: Db, scope: TenantScope): Promise<DepreciacaoConfig> {
  const [row] = await tx.select().from(depreciacaoConfig).where(ofTenant(depreciacaoConfig, scope));
  return presentConfig(row);
}

/** An asset's recorded events, oldest first (by competência, then as recorded). */
export async function eventosRows(tx: Db, scope: TenantScope, patrimonioId: number): Promise<EventoRow[]> {
  return tx
    .select()
    .from(depreciacaoEventos)
    .where(and(ofTenant(depreciacaoEventos, scope), eq(depreciacaoEventos.patrimonioId, patrimonioId)))
    .orderBy(asc(depreciacaoEventos.competencia), asc(depreciacaoEventos.id));
}

/** GET /api/patrimonios/:id/eventos-valor */
export async function eventosDoPatrimonio(
  tx: Db,
  scope: TenantScope,
  patrimonioId: number,
): Promise<{ eventos: EventoValorRegistrado[] }> {
  return { eventos: (await eventosRows(tx, scope, patrimonioId)).map(presentEvento) };
}

/** What the schedule of an asset starts from; `bem` null (and `motivo` set) when it is not depreciated. */
export interface BaseDepreciacao {
  numeroPatrimonio: string;
  sectorId: number;
  entrada: string | null;
  vida: number | null;
  residualPct: string;
  custo: string;
  motivo: MotivoSemDepreciacao | null;
  bem: BemDepreciavel | null;
  regras: RegrasDepreciacao;
}

/** The asset's figures and rules; `lock` locks its row (commands that append events serialise on it). */
export async function baseDoPatrimonio(tx: Db, scope: TenantScope, id: number, lock = false): Promise<BaseDepreciacao> {
  const q = tx
    .select({
      numeroPatrimonio: patrimonios.numeroPatrimonio,
      sectorId: patrimonios.sectorId,
      valorAquisicao: patrimonios.valorAquisicao,
      dataAquisicao: patrimonios.dataAquisicao,
      dataEntradaServico: patrimonios.dataEntradaServico,
      vidaUtilMeses: patrimonios.vidaUtilMeses,
      residualPct: patrimonios.residualPct,
      tipoVida: tiposBens.usefulLifeMonths,
      tipoResidual: tiposBens.residualValuePct,
      tipoDepreciavel: tiposBens.depreciable,
    })
    .from(patrimonios)
    .leftJoin(tiposBens, eq(tiposBens.id, patrimonios.tipoId))
    .where(and(ofTenant(patrimonios, scope), eq(patrimonios.id, id)));
  const [p] = lock ? await q.for('update', { of: patrimonios }) : await q;
  if (!p) throw notFound();
  const { regras, dataCorte } = await regrasDoMunicipio(tx, scope);
  const entrada = p.dataEntradaServico ?? p.dataAquisicao;
  const vida = p.vidaUtilMeses ?? p.tipoVida;
  const residualPct = p.residualPct ?? p.tipoResidual ?? '0';
  const custo = decimal(centavos(p.valorAquisicao));
  const motivo: MotivoSemDepreciacao | null =
    p.tipoDepreciavel === false
      ? 'tipo_nao_depreciavel'
      : !entrada
        ? 'sem_data'
        : !vida
          ? 'sem_vida_util'
          : dataCorte && (p.dataAquisicao ?? entrada) < dataCorte
            ? 'anterior_ao_corte'
            : null;
  const bem =
    motivo || !entrada || !vida
      ? null
      : { valorAquisicao: custo, residualPct: Number(residualPct), vidaUtilMeses: vida, dataEntradaServico: entrada };
  return {
    numeroPatrimonio: p.numeroPatrimonio,
    sectorId: p.sectorId,
    entrada,
    vida: vida ?? null,
    residualPct,
    custo,
    motivo,
    bem,
    regras,
  };
}

/**
 * One asset's depreciation on a date: its whole schedule (entry into service to the end of life, and up
 * to the date when later) with its revaluations and impairments applied, and the figures on that date.
 * Closed months (`fechada`) show their stored entries; the others follow the rules.
 */
export async function depreciacaoDoPatrimonio(
  tx: Db,
  scope: TenantScope,
  id: number,
  data = isoDayOf(new Date()),
): Promise<DepreciacaoPatrimonio> {
  const b = await baseDoPatrimonio(tx, scope, id);
  const rows = await eventosRows(tx, scope, id);
  const base = {
    patrimonioId: id,
    data,
    dataEntradaServico: b.entrada,
    vidaUtilMeses: b.vida,
    residualPct: b.motivo ? null : Number(b.residualPct).toFixed(2),
    valorAquisicao: b.custo,
    eventos: rows.map(presentEvento),
  };
  if (!b.bem)
    return {
      ...base,
      depreciavel: false,
      motivo: b.motivo,
      valorResidual: b.custo,
      depreciacaoAcumulada: '0.00',
      valorContabil: b.custo,
      quotaMensal: '0.00',
      cronograma: [],
      efeitos: [],
      reservaReavaliacao: '0.00',
    };
  const calculado = calcularCronograma(b.bem, b.regras, rows.map(paraEventoValor), data.slice(0, 7));
  const fechados = new Map(
    (
      await tx
        .select()
        .from(depreciacaoLancamentos)
        .where(and(ofTenant(depreciacaoLancamentos, scope), eq(depreciacaoLancamentos.patrimonioId, id)))
    ).map((l) => [l.competencia, l]),
  );
  const meses = calculado.meses.map((m) => {
    const l = fechados.get(m.competencia);
    return l
      ? {
          competencia: m.competencia,
          quota: l.quota,
          acumulada: l.acumulada,
          valorContabil: l.valorContabil,
          fechada: true,
        }
      : { ...m, fechada: false };
  });
  const cronograma = { ...calculado, meses };
  const valorContabil = valorContabilEm(b.bem, cronograma, data);
  const doMes = cronograma.meses.find((m) => m.competencia === data.slice(0, 7));
  const ultimo = cronograma.meses.at(-1)!;
  return {
    ...base,
    depreciavel: true,
    motivo: null,
    // The value left at the end of life: the last month's book value (after any revaluation or impairment).
    valorResidual: ultimo.valorContabil,
    depreciacaoAcumulada: decimal(centavos(b.custo) - centavos(valorContabil)),
    valorContabil,
    quotaMensal: doMes?.quota ?? '0.00',
    cronograma: cronograma.meses,
    efeitos: cronograma.efeitos,
    reservaReavaliacao: cronograma.reservaReavaliacao,
  };
}
