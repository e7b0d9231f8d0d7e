import type {
  ArredondamentoDepreciacao,
  DepreciacaoConfig,
  EventoValor,
  EventoValorRegistrado,
  InicioDepreciacao,
} from '@tombo/shared';
import type { depreciacaoConfig, depreciacaoEventos } from '../../db/schema';

export type EventoRow = typeof depreciacaoEventos.$inferSelect;
type ConfigRow = typeof depreciacaoConfig.$inferSelect;

export function presentEvento(r: EventoRow): EventoValorRegistrado {
  return {
    id: r.id,
    tipo: r.tipo as EventoValor['tipo'],
    competencia: r.competencia,
    valor: r.valor,
    vidaUtilRestanteMeses: r.vidaUtilRestanteMeses,
    residualPct: r.residualPct,
    documento: r.documento,
    motivo: r.motivo,
    createdBy: r.createdByName,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A stored event as the engine's input. */
export function paraEventoValor(r: EventoRow): EventoValor {
  if (r.tipo === 'reavaliacao')
    return {
      tipo: 'reavaliacao',
      competencia: r.competencia,
      valor: r.valor!,
      vidaUtilRestanteMeses: r.vidaUtilRestanteMeses!,
      ...(r.residualPct == null ? {} : { residualPct: Number(r.residualPct) }),
    };
  if (r.tipo === 'reducao') return { tipo: 'reducao', competencia: r.competencia, valorRecuperavel: r.valor! };
  return { tipo: 'reversao', competencia: r.competencia };
}

export function presentConfig(r: ConfigRow | undefined): DepreciacaoConfig {
  if (!r) return { inicio: 'mes_seguinte', arredondamento: 'recalculo', dataCorte: null, version: 0 };
  return {
    inicio: r.inicio as InicioDepreciacao,
    arredondamento: r.arredondamento as ArredondamentoDepreciacao,
    dataCorte: r.dataCorte,
    version: r.version,
  };
}
