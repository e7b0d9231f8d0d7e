import { sql } from 'drizzle-orm';
import { centavos, isoDayOf } from '@tombo/shared';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { TenantScope } from '../../tenancy/scope';
import { bemContabil, contaDoPapel, money, saldosDoBem } from './fatos';
import { contrapartidaDaIncorporacao } from './incorporacao';
import { configDoLivro, lancar, travarLivro, type Autor, type PartidaInput } from './livro';

/**
 * Changes of the register that move an asset's balances (docs/decisions/accounting.md, "Corrections and
 * reclassifications"), dated today (the open month) in the edit's transaction: never an edit of an entry.
 */

const centavosDe = (v: string) => BigInt(centavos(v));

/**
 * A changed acquisition value of an asset the ledger holds: one `correcao` entry that reverses the old value
 * (D the counterpart / C the asset account) and posts the new one (D the asset account / C the counterpart), the
 * counterpart being the asset's incorporation's (else the opening's). Nothing when the ledger holds no gross of it
 * or the asset was revalued (its gross is then the revaluation's).
 */
export async function lancarCorrecaoValor(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  patrimonioId: number,
  de: string,
  para: string,
): Promise<number | null> {
  const antigo = centavosDe(de);
  const novo = centavosDe(para);
  if (antigo === novo) return null;
  await travarLivro(tx, scope);
  if (!(await configDoLivro(tx, scope)).startDate) return null;
  const bem = await bemContabil(tx, scope, patrimonioId);
  if (!(await saldosDoBem(tx, scope, patrimonioId)).some((s) => s.papel === 'ativo' && s.saldo > 0n)) return null;
  // After a revaluation the gross is the revalued amount (NBC TSP 07): the cost no longer sets it.
  const [reavaliado] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from depreciacao_eventos
      where municipality_id = ${scope.municipalityId} and patrimonio_id = ${patrimonioId} and tipo = 'reavaliacao'`),
  );
  if (reavaliado.n) return null;
  const [inc] = rowsOf<{ conta: number }>(
    await tx.execute(contrapartidaDaIncorporacao(scope.municipalityId, sql`${patrimonioId}::int`)),
  );
  const contra = inc ? Number(inc.conta) : await contaDoPapel(tx, scope, 'saldo_abertura');
  const linha = (contaId: number, lado: 'debito' | 'credito', v: bigint): PartidaInput[] =>
    v > 0n ? [{ contaId, [lado]: v, contaCorrente: bem.contaCorrente, patrimonioId }] : [];
  return lancar(tx, scope, autor, {
    data: isoDayOf(new Date()),
    fato: 'correcao',
    historico: `Correção do valor de aquisição do bem ${bem.numero}: estorno de ${money(antigo)} e registro de ${money(novo)}`,
    documento: { ...bem.documento, motivo: 'valor de aquisição corrigido na edição do bem' },
    partidas: [
      ...linha(contra, 'debito', antigo),
      ...linha(bem.ativo, 'credito', antigo),
      ...linha(bem.ativo, 'debito', novo),
      ...linha(contra, 'credito', novo),
    ],
  });
}

/**
 * An asset whose type changed to one with other accounts: its balances move from the accounts they are on to
 * the accounts of its type now, role by role (gross, (−) accumulated depreciation, (−) impairment), as one
 * `transferencia` entry. Nothing when the accounts are the same or the ledger holds nothing of the asset.
 */
export async function reclassificarBem(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  patrimonioId: number,
): Promise<number | null> {
  await travarLivro(tx, scope);
  if (!(await configDoLivro(tx, scope)).startDate) return null;
  const saldos = await saldosDoBem(tx, scope, patrimonioId);
  if (!saldos.length) return null;
  const bem = await bemContabil(tx, scope, patrimonioId);
  const destino: Record<string, number> = {
    ativo: bem.ativo,
    depreciacao_acumulada: bem.depreciacaoAcumulada,
    reducao_valor_recuperavel: bem.reducao,
  };
  const partidas: PartidaInput[] = [];
  const line = (contaId: number, v: bigint): PartidaInput => ({
    contaId,
    ...(v > 0n ? { debito: v } : { credito: -v }),
    contaCorrente: bem.contaCorrente,
    patrimonioId,
  });
  for (const s of saldos) {
    if (s.conta === destino[s.papel]) continue;
    partidas.push(line(destino[s.papel], s.saldo), line(s.conta, -s.saldo));
  }
  if (!partidas.length) return null;
  return lancar(tx, scope, autor, {
    data: isoDayOf(new Date()),
    fato: 'transferencia',
    historico: `Reclassificação do bem ${bem.numero} para as contas do tipo ${bem.contaCorrente.split(' — ')[1] ?? ''}`,
    documento: { ...bem.documento, motivo: 'tipo do bem alterado' },
    partidas,
  });
}

/** What an edit changed that the ledger follows. */
export interface AntesDepois {
  tipoId: number | null;
  valorAquisicao: string;
}

/**
 * After an edit of an asset (single, bulk or re-import) has been written: a changed type reclassifies its
 * balances, a changed acquisition value posts its correction (in that order: the correction lands on the new
 * accounts). Nothing for a written-off asset (its accounts are at zero) or before the ledger opens.
 */
export async function acompanharEdicao(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  patrimonioId: number,
  antes: AntesDepois,
  depois: AntesDepois,
): Promise<void> {
  if (antes.tipoId !== depois.tipoId) await reclassificarBem(tx, scope, autor, patrimonioId);
  if (centavosDe(antes.valorAquisicao) !== centavosDe(depois.valorAquisicao))
    await lancarCorrecaoValor(tx, scope, autor, patrimonioId, antes.valorAquisicao, depois.valorAquisicao);
}
