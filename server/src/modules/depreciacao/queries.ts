import { and, eq } from 'drizzle-orm';
import {
  REGRAS_DEPRECIACAO_PADRAO,
  calcularCronograma,
  centavos,
  decimal,
  isoDayOf,
  valorContabilEm,
  type ArredondamentoDepreciacao,
  type DepreciacaoPatrimonio,
  type InicioDepreciacao,
  type MotivoSemDepreciacao,
  type RegrasDepreciacao,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { depreciacaoConfig, patrimonios, tiposBens } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';

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

/**
 * One asset's depreciation on a date: its whole schedule (entry into service to the end of life, and up
 * to the date when later) and the figures on that date. No months are closed yet (issue 14's monthly
 * close), so every month follows the rules.
 */
export async function depreciacaoDoPatrimonio(
  tx: Db,
  scope: TenantScope,
  id: number,
  data = isoDayOf(new Date()),
): Promise<DepreciacaoPatrimonio> {
  const [p] = await tx
    .select({
      valorAquisicao: patrimonios.valorAquisicao,
      dataAquisicao: patrimonios.dataAquisicao,
      dataEntradaServico: patrimonios.dataEntradaServico,
      vidaUtilMeses: patrimonios.vidaUtilMeses,
      residualPct: patrimonios.residualPct,
      tipoVida: tiposBens.usefulLifeMonths,
      tipoResidual: tiposBens.residualValuePct,
      tipoDepreciavel: tiposBens.depreciavel,
    })
    .from(patrimonios)
    .leftJoin(tiposBens, eq(tiposBens.id, patrimonios.tipoId))
    .where(and(ofTenant(patrimonios, scope), eq(patrimonios.id, id)));
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
  const base = {
    patrimonioId: id,
    data,
    dataEntradaServico: entrada,
    vidaUtilMeses: vida ?? null,
    residualPct: motivo ? null : Number(residualPct).toFixed(2),
    valorAquisicao: custo,
  };
  if (motivo || !entrada || !vida)
    return {
      ...base,
      depreciavel: false,
      motivo,
      valorResidual: custo,
      depreciacaoAcumulada: '0.00',
      valorContabil: custo,
      quotaMensal: '0.00',
      cronograma: [],
    };
  const bem = {
    valorAquisicao: custo,
    residualPct: Number(residualPct),
    vidaUtilMeses: vida,
    dataEntradaServico: entrada,
  };
  const cronograma = calcularCronograma(bem, regras, [], data.slice(0, 7));
  const valorContabil = valorContabilEm(bem, cronograma, data);
  const doMes = cronograma.meses.find((m) => m.competencia === data.slice(0, 7));
  const ultimo = cronograma.meses.at(-1)!;
  return {
    ...base,
    depreciavel: true,
    motivo: null,
    valorResidual: decimal(centavos(custo) - centavos(ultimo.acumulada)),
    depreciacaoAcumulada: decimal(centavos(custo) - centavos(valorContabil)),
    valorContabil,
    quotaMensal: doMes?.quota ?? '0.00',
    cronograma: cronograma.meses.map((m) => ({ ...m, fechada: false })),
  };
}
