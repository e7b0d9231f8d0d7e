import { sql } from 'drizzle-orm';
import { isoDayOf } from '@tombo/shared';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { TenantScope } from '../../tenancy/scope';
import { contaDoPapel, money } from './fatos';
import { configDoLivro, lancar, travarLivro, type Autor, type PartidaInput } from './livro';

/**
 * A property (imóvel) registered by mistake leaves the register (its deletion): its ledger balances are reversed
 * in one `correcao` entry dated today (the open month), each account's balance on the other side, the opening's
 * share on the opening's counterpart. The entries themselves are never touched. Returns the entry id, or null
 * when the ledger holds nothing of it.
 */
export async function cancelarImovel(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  imovel: { id: number; numero: string },
): Promise<number | null> {
  await travarLivro(tx, scope);
  if (!(await configDoLivro(tx, scope)).startDate) return null;
  const saldos = rowsOf<{ conta: number; saldo: string; cc: string | null }>(
    await tx.execute(sql`
      select conta_id as conta, sum(debit - credit)::text as saldo, max(conta_corrente) as cc from partidas
       where municipality_id = ${scope.municipalityId} and imovel_id = ${imovel.id}
       group by conta_id having sum(debit - credit) <> 0 order by conta_id`),
  );
  if (!saldos.length) return null;
  const partidas: PartidaInput[] = saldos.map((s) => {
    const v = BigInt(s.saldo);
    return {
      contaId: Number(s.conta),
      ...(v > 0n ? { credito: v } : { debito: -v }),
      contaCorrente: s.cc,
      imovelId: imovel.id,
    };
  });
  // Lines whose counterpart is not the property's own (its opening credited the opening account in one sum).
  const resto = saldos.reduce((a, s) => a + BigInt(s.saldo), 0n);
  if (resto !== 0n)
    partidas.push({
      contaId: await contaDoPapel(tx, scope, 'saldo_abertura'),
      ...(resto > 0n ? { debito: resto } : { credito: -resto }),
      contaCorrente: saldos[0].cc,
      imovelId: imovel.id,
    });
  return lancar(tx, scope, autor, {
    data: isoDayOf(new Date()),
    fato: 'correcao',
    historico: `Cancelamento do cadastro do imóvel ${imovel.numero}: estorno do seu saldo (${money(resto)})`,
    documento: { imovelId: imovel.id, numero: imovel.numero },
    partidas,
  });
}
