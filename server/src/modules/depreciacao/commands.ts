import { and, eq } from 'drizzle-orm';
import {
  DEPRECIACAO_MSG as M,
  calcularCronograma,
  centavos,
  formatMoney,
  isoDayOf,
  mesIndice,
  room,
  type DepreciacaoConfig,
  type DepreciacaoConfigBody,
  type EventoValorRegistrado,
  type ReavaliacaoBody,
  type ReducaoBody,
  type ReversaoBody,
  competenciaBR,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { depreciacaoConfig, depreciacaoEventos } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { badRequest, conflict } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { autorDe, lancarEvento } from '../contabilidade';
import { addHistory } from '../patrimonios';
import { travarFechamentos, ultimaNaoAberta } from './fechamentos';
import { paraEventoValor, presentConfig, presentEvento } from './presenters';
import { baseDoPatrimonio, eventosRows } from './queries';

type NovoEvento =
  | ({ tipo: 'reavaliacao' } & ReavaliacaoBody)
  | ({ tipo: 'reducao' } & ReducaoBody)
  | ({ tipo: 'reversao' } & ReversaoBody);

const ACOES = {
  reavaliacao: { audit: 'DEPRECIACAO_REAVALIACAO', historico: 'Reavaliação' },
  reducao: { audit: 'DEPRECIACAO_REDUCAO', historico: 'Redução ao valor recuperável' },
  reversao: { audit: 'DEPRECIACAO_REVERSAO', historico: 'Reversão de redução ao valor recuperável' },
} as const;

const money = (v: string) => formatMoney(v, { plainSpace: true });

function detalhes(e: NovoEvento): string {
  const valor =
    e.tipo === 'reavaliacao'
      ? `valor reavaliado ${money(e.valor)}, vida útil restante ${e.vidaUtilRestanteMeses} meses` +
        (e.residualPct === undefined ? '' : `, residual ${e.residualPct}%`) +
        '. '
      : e.tipo === 'reducao'
        ? `valor recuperável ${money(e.valorRecuperavel)}. `
        : '';
  return `Competência ${competenciaBR(e.competencia)}: ${valor}Documento: ${e.documento}. Motivo: ${e.motivo}`;
}

/**
 * Records a revaluation, an impairment or its reversal (NBC TSP 07; docs/depreciation.md): in order of
 * competência, from the month of entry into service to the current month, on a depreciated asset, with its
 * accounting entry (`lancarEvento`; 409 when the month is locked in the ledger).
 */
export async function registrarEvento(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  patrimonioId: number,
  e: NovoEvento,
): Promise<{ evento: EventoValorRegistrado }> {
  const b = await baseDoPatrimonio(tx, scope, patrimonioId, true);
  if (!b.bem) throw conflict(M.naoDepreciavel);
  if (e.competencia < b.bem.dataEntradaServico.slice(0, 7))
    throw badRequest(M.competenciaAntesEntrada, { competencia: M.competenciaAntesEntrada });
  if (e.competencia > isoDayOf(new Date()).slice(0, 7))
    throw badRequest(M.competenciaFutura, { competencia: M.competenciaFutura });
  // A closed (or closing) month's entries are kept: an event there would contradict them (docs/depreciation.md).
  await travarFechamentos(tx, scope);
  const fechada = await ultimaNaoAberta(tx, scope);
  if (fechada && e.competencia <= fechada) throw conflict(M.competenciaFechada(competenciaBR(e.competencia)));
  const anteriores = await eventosRows(tx, scope, patrimonioId);
  if (anteriores.some((a) => a.competencia > e.competencia)) throw conflict(M.foraDeOrdem);
  if (e.tipo === 'reducao') {
    const mes = calcularCronograma(b.bem, b.regras, anteriores.map(paraEventoValor), e.competencia).meses.find(
      (m) => m.competencia === e.competencia,
    )!;
    if (centavos(e.valorRecuperavel) >= centavos(mes.valorContabil)) {
      const msg = `${M.naoAbaixoDoContabil} (${money(mes.valorContabil)}).`;
      throw badRequest(msg, { valorRecuperavel: msg });
    }
  }
  if (e.tipo === 'reversao') {
    // Something to reverse: the last change of value before this month is an impairment (a revaluation
    // eliminates it; a reversal already brought the value back).
    const ultimo = anteriores.filter((a) => mesIndice(a.competencia) < mesIndice(e.competencia)).at(-1);
    if (ultimo?.tipo !== 'reducao') throw conflict(M.semReducao);
  }
  const [row] = await tx
    .insert(depreciacaoEventos)
    .values({
      municipalityId: scope.municipalityId,
      patrimonioId,
      tipo: e.tipo,
      competencia: e.competencia,
      valor: e.tipo === 'reavaliacao' ? e.valor : e.tipo === 'reducao' ? e.valorRecuperavel : null,
      vidaUtilRestanteMeses: e.tipo === 'reavaliacao' ? e.vidaUtilRestanteMeses : null,
      residualPct: e.tipo === 'reavaliacao' && e.residualPct !== undefined ? e.residualPct.toFixed(2) : null,
      documento: e.documento,
      motivo: e.motivo,
      createdById: out.actor?.id ?? null,
      createdByName: out.actor?.name ?? null,
    })
    .returning();
  const evento = presentEvento(row);
  // Its accounting entry, with the engine's figures, in this transaction (docs/decisions/accounting.md).
  await lancarEvento(tx, scope, autorDe(out), patrimonioId, {
    bem: b.bem,
    regras: b.regras,
    anteriores: anteriores.map(paraEventoValor),
    evento: paraEventoValor(row),
    documento: e.documento,
    motivo: e.motivo,
  });
  await addHistory(
    tx,
    out,
    [{ patrimonioId, action: ACOES[e.tipo].historico, details: detalhes(e) }],
    scope.municipalityId,
  );
  const { id: _id, createdBy: _by, createdAt: _at, ...novo } = evento;
  await record(
    tx,
    out,
    {
      action: ACOES[e.tipo].audit,
      entityType: 'Patrimonio',
      entityId: patrimonioId,
      label: b.numeroPatrimonio,
      sectorId: b.sectorId,
      details: { new_value: novo },
    },
    liveEvent(room.municipality(scope.municipalityId), 'depreciacao.evento', { patrimonioId }),
  );
  return { evento };
}

/** PUT /api/depreciacao/config: the municipality's rules (version 0 creates them; stale → 409). */
export async function salvarConfig(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: DepreciacaoConfigBody,
): Promise<{ config: DepreciacaoConfig }> {
  const [old] = await tx.select().from(depreciacaoConfig).where(ofTenant(depreciacaoConfig, scope)).for('update');
  if ((old?.version ?? 0) !== input.version) throw conflict(M.configStale);
  const values = { inicio: input.inicio, arredondamento: input.arredondamento, dataCorte: input.dataCorte };
  const [row] = old
    ? await tx
        .update(depreciacaoConfig)
        .set({ ...values, updatedAt: new Date(), version: old.version + 1 })
        .where(and(eq(depreciacaoConfig.municipalityId, scope.municipalityId)))
        .returning()
    : await tx
        .insert(depreciacaoConfig)
        .values({ ...values, municipalityId: scope.municipalityId, version: 1 })
        .onConflictDoNothing()
        .returning();
  if (!row) throw conflict(M.configStale);
  const config = presentConfig(row);
  const antes = presentConfig(old);
  await record(tx, out, {
    action: 'DEPRECIACAO_CONFIG_UPDATE',
    entityType: 'DepreciacaoConfig',
    entityId: scope.municipalityId,
    details: {
      old_value: { inicio: antes.inicio, arredondamento: antes.arredondamento, dataCorte: antes.dataCorte },
      new_value: values,
    },
  });
  return { config };
}
