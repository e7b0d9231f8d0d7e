import { sql } from 'drizzle-orm';
import {
  CONTABILIDADE_MSG as M,
  PAPEL_CONTA_LABELS,
  calcularCronograma,
  centavos,
  formatMoney,
  isoDayOf,
  ultimoDia,
  type BemDepreciavel,
  type DocumentoLancamento,
  type EventoValor,
  type PapelConta,
  type RegrasDepreciacao,
  competenciaBR,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { configDoLivro, estornar, exigirMesAberto, lancar, travarLivro, type Autor, type PartidaInput } from './livro';
import { rowsOf } from '../../db/rows';

/**
 * The postings of an asset's facts (docs/decisions/accounting.md, "What posts what"): a write-off or a donation
 * given, and a revaluation, an impairment or its reversal, each in the transaction of the command that records
 * the fact, through `lancar` (the ledger lock, the month's lock, the balance proven by the database).
 */

export const money = (c: bigint) => formatMoney((Number(c) / 100).toFixed(2), { plainSpace: true });

/** The municipality's account of a role: the lowest code of that role (409 when the chart has none). */
export async function contaDoPapel(tx: Db, scope: TenantScope, papel: PapelConta): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select id from contas_contabeis where municipality_id = ${scope.municipalityId} and role = ${papel}
       order by code limit 1`),
  );
  if (!row) throw conflict(M.contaDoPapelAusente(PAPEL_CONTA_LABELS[papel]));
  return Number(row.id);
}

/** An asset as the ledger sees it: its three balance-sheet accounts, conta corrente and document. */
export interface BemContabil {
  id: number;
  numero: string;
  contaCorrente: string;
  ativo: number;
  depreciacaoAcumulada: number;
  reducao: number;
  documento: DocumentoLancamento;
}

/**
 * The asset's accounts (its type's, or the settings' for an asset without a type, as the close and the opening
 * take them), conta corrente `<número> — <tipo>` and what is known of its documents. 409 when unmapped.
 */
export async function bemContabil(tx: Db, scope: TenantScope, id: number): Promise<BemContabil> {
  const [b] = rowsOf<{
    numero: string;
    cc: string;
    tipo: string | null;
    g: number | null;
    a: number | null;
    i: number | null;
    processo: string | null;
    nf: string | null;
    empenho: string | null;
  }>(
    await tx.execute(sql`
      select p.numero_patrimonio as numero, p.numero_patrimonio || ' — ' || coalesce(t.name, 'sem tipo') as cc,
        t.name as tipo,
        case when p.tipo_id is null then c.gross_conta_id else t.gross_conta_id end as g,
        case when p.tipo_id is null then c.accumulated_conta_id else t.accumulated_conta_id end as a,
        case when p.tipo_id is null then c.impairment_conta_id else t.impairment_conta_id end as i,
        p.processo_aquisicao as processo, p.nota_fiscal_numero as nf, p.empenho
      from patrimonios p
      join contabilidade_config c on c.municipality_id = p.municipality_id
      left join tipos_bens t on t.id = p.tipo_id
      where p.municipality_id = ${scope.municipalityId} and p.id = ${id}`),
  );
  if (!b) throw conflict(M.contaNaoEncontrada);
  if (b.g == null || b.a == null || b.i == null) throw conflict(M.bemSemContas(b.tipo ?? M.semTipo));
  return {
    id,
    numero: b.numero,
    contaCorrente: b.cc,
    ativo: Number(b.g),
    depreciacaoAcumulada: Number(b.a),
    reducao: Number(b.i),
    documento: {
      patrimonioId: id,
      numero: b.numero,
      ...(b.processo ? { processo: b.processo } : {}),
      ...(b.nf ? { notaFiscal: b.nf } : {}),
      ...(b.empenho ? { empenho: b.empenho } : {}),
    },
  };
}

/** The asset's ledger balances (cents, debit − credit) per account of its balance-sheet roles, in code order. */
export async function saldosDoBem(tx: Db, scope: TenantScope, patrimonioId: number) {
  return rowsOf<{ conta: number; papel: string; saldo: string }>(
    await tx.execute(sql`
      select pa.conta_id as conta, k.role as papel, sum(pa.debit - pa.credit)::text as saldo
        from partidas pa join contas_contabeis k on k.id = pa.conta_id
       where pa.municipality_id = ${scope.municipalityId} and pa.patrimonio_id = ${patrimonioId}
         and k.role in ('ativo', 'depreciacao_acumulada', 'reducao_valor_recuperavel')
       group by pa.conta_id, k.role, k.code
      having sum(pa.debit - pa.credit) <> 0
       order by k.code`),
  ).map((r) => ({ conta: Number(r.conta), papel: r.papel, saldo: BigInt(r.saldo) }));
}

// ---------------------------------------------------------------------------------------------------------------
// Write-off (baixa) and donation given

export interface BaixaContabil {
  /** The date of the write-off, 'YYYY-MM-DD' (default: today, Brasília). */
  data?: string | null;
  /** A donation given: VPD donations given instead of VPD write-off, fato 'doacao'. */
  doacao: boolean;
  motivo: string;
}

/**
 * Posts an asset's write-off from the ledger's own balances of that asset on its asset, (−) accumulated
 * depreciation and (−) impairment accounts, so they end at zero: D each credit balance, C each debit balance
 * (the gross), the net (the book value) to the VPD write-off (or donations given). 409 when the date's month is
 * locked. Before the ledger is open nothing is posted (its opening will not include the written-off asset);
 * an open ledger without lines of the asset gets the fact without partidas (asset added after the opening).
 * Returns the entry's id, or null.
 */
export async function lancarBaixa(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  patrimonioId: number,
  b: BaixaContabil,
): Promise<number | null> {
  const data = b.data ?? isoDayOf(new Date());
  await travarLivro(tx, scope);
  await exigirMesAberto(tx, scope, data);
  if (!(await configDoLivro(tx, scope)).startDate) return null;
  const bem = await bemContabil(tx, scope, patrimonioId);
  const saldos = await saldosDoBem(tx, scope, patrimonioId);
  const linha = (contaId: number, v: bigint, lado: 'debito' | 'credito'): PartidaInput => ({
    contaId,
    [lado]: v,
    contaCorrente: bem.contaCorrente,
    patrimonioId,
  });
  const debitos = saldos.filter((s) => s.saldo < 0n).map((s) => linha(s.conta, -s.saldo, 'debito'));
  const creditos = saldos.filter((s) => s.saldo > 0n).map((s) => linha(s.conta, s.saldo, 'credito'));
  const valorContabil = saldos.reduce((sum, s) => sum + s.saldo, 0n);
  const partidas = [...debitos];
  if (valorContabil !== 0n) {
    const vpd = await contaDoPapel(tx, scope, b.doacao ? 'vpd_doacao' : 'vpd_baixa');
    partidas.push({
      contaId: vpd,
      ...(valorContabil > 0n ? { debito: valorContabil } : { credito: -valorContabil }),
      contaCorrente: bem.contaCorrente,
      patrimonioId,
    });
  }
  partidas.push(...creditos);
  const oQue = b.doacao ? 'Doação' : 'Baixa';
  return lancar(tx, scope, autor, {
    data,
    fato: b.doacao ? 'doacao' : 'baixa',
    historico: `${oQue} do bem ${bem.numero} (valor contábil ${money(valorContabil)}): ${b.motivo}`,
    documento: { ...bem.documento, motivo: b.motivo },
    partidas,
  });
}

/**
 * Undoes an asset's write-off in the ledger (the asset back in service): reverses its last write-off or donation
 * entry not yet reversed (`estornar`: dated as the original while its month is open, else today). Nothing when
 * the write-off posted nothing (before the ledger opened).
 */
export async function estornarBaixa(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  patrimonioId: number,
  motivo: string,
): Promise<number | null> {
  await travarLivro(tx, scope);
  const [l] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select l.id from lancamentos l
       where l.municipality_id = ${scope.municipalityId} and l.fact in ('baixa', 'doacao')
         and l.document ->> 'patrimonioId' = ${String(patrimonioId)}
         and not exists (select 1 from lancamentos r where r.reverses_lancamento_id = l.id)
       order by l.id desc limit 1`),
  );
  return l ? estornar(tx, scope, autor, Number(l.id), motivo) : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Revaluation, impairment and its reversal

export interface EventoContabil {
  bem: BemDepreciavel;
  regras: RegrasDepreciacao;
  /** The asset's events before this one (oldest first), as the engine takes them. */
  anteriores: EventoValor[];
  evento: EventoValor;
  /** The event's supporting document and reason (as recorded). */
  documento: string;
  motivo: string;
}

/**
 * Posts a revaluation, an impairment or its reversal with the depreciation engine's own figures for the event
 * (`calcularCronograma`: the state at the end of its month before it, and its effect: variation, reserve,
 * result), dated the last day of its competência (events take effect at the end of their month):
 * - revaluation (NBC TSP 07 item 50 b): D (−) accumulated depreciation and D (−) impairment, C asset, for what
 *   the engine eliminates; then an increase D asset / C reserve (C VPA revaluation for the part that reverses an
 *   earlier decrease taken to result), a decrease D reserve (up to its balance) and D VPD revaluation / C asset;
 * - impairment: D VPD impairment / C (−) impairment; reversal: D (−) impairment / C VPA reversal.
 * Returns the entry's id.
 */
export async function lancarEvento(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  patrimonioId: number,
  ev: EventoContabil,
): Promise<number> {
  const comp = ev.evento.competencia;
  const antes = calcularCronograma(ev.bem, ev.regras, ev.anteriores, comp).meses.find((m) => m.competencia === comp)!;
  const efeito = calcularCronograma(ev.bem, ev.regras, [...ev.anteriores, ev.evento], comp).efeitos.at(-1)!;
  const reavaliado = ev.anteriores.filter((e) => e.tipo === 'reavaliacao').at(-1);
  const bruto = centavos(reavaliado?.tipo === 'reavaliacao' ? reavaliado.valor : ev.bem.valorAquisicao);
  const acumulada = centavos(antes.acumulada);
  const perdas = bruto - acumulada - centavos(antes.valorContabil);
  const variacao = centavos(efeito.variacao);
  const reserva = centavos(efeito.reserva);
  const resultado = centavos(efeito.resultado);

  const bem = await bemContabil(tx, scope, patrimonioId);
  const p = (contaId: number, lado: 'debito' | 'credito', v: bigint): PartidaInput[] =>
    v > 0n ? [{ contaId, [lado]: v, contaCorrente: bem.contaCorrente, patrimonioId }] : [];
  const papel = async (r: PapelConta) => contaDoPapel(tx, scope, r);
  let partidas: PartidaInput[];
  let historico: string;
  const mes = competenciaBR(comp);
  if (ev.evento.tipo === 'reavaliacao') {
    partidas = [
      ...p(bem.depreciacaoAcumulada, 'debito', acumulada),
      ...p(bem.reducao, 'debito', perdas),
      ...p(bem.ativo, 'credito', acumulada + perdas),
    ];
    if (variacao >= 0n)
      partidas.push(
        ...p(bem.ativo, 'debito', variacao),
        ...(reserva > 0n ? p(await papel('reserva_reavaliacao'), 'credito', reserva) : []),
        ...(resultado > 0n ? p(await papel('vpa_reavaliacao'), 'credito', resultado) : []),
      );
    else
      partidas.push(
        ...(reserva < 0n ? p(await papel('reserva_reavaliacao'), 'debito', -reserva) : []),
        ...(resultado < 0n ? p(await papel('vpd_reavaliacao'), 'debito', -resultado) : []),
        ...p(bem.ativo, 'credito', -variacao),
      );
    historico =
      `Reavaliação do bem ${bem.numero} em ${mes}: de ${money(bruto - acumulada - perdas)} para ` +
      `${money(centavos(ev.evento.valor))} (reserva ${money(reserva)}, resultado ${money(resultado)})`;
  } else if (ev.evento.tipo === 'reducao') {
    partidas = [...p(await papel('vpd_reducao'), 'debito', -resultado), ...p(bem.reducao, 'credito', -resultado)];
    historico =
      `Redução ao valor recuperável do bem ${bem.numero} em ${mes}: valor recuperável ` +
      `${money(centavos(ev.evento.valorRecuperavel))}, perda ${money(-resultado)}`;
  } else {
    partidas = [...p(bem.reducao, 'debito', resultado), ...p(await papel('vpa_reversao'), 'credito', resultado)];
    historico = `Reversão de redução ao valor recuperável do bem ${bem.numero} em ${mes}: ${money(resultado)}`;
  }
  return lancar(tx, scope, autor, {
    data: ultimoDia(comp),
    fato: ev.evento.tipo,
    historico,
    documento: { ...bem.documento, competencia: comp, referencia: ev.documento, motivo: ev.motivo },
    partidas,
  });
}
