import { sql } from 'drizzle-orm';
import { isoDayOf } from '@tombo/shared';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { TenantScope } from '../../tenancy/scope';
import { centavos } from '@tombo/shared';
import { contaDoPapel, money } from './fatos';
import { contrapartidaDaIncorporacao, lancarIncorporacaoImoveis } from './incorporacao';
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

/** What an edit of a property changes in the ledger: its acquisition value and its tenure. */
export interface ImovelContabil {
  id: number;
  numero: string;
  denominacao: string;
  valor: string | null;
  situacao: string;
}

/**
 * After an edit of a property (its row written): the ledger follows its value and tenure, dated today, never an
 * edit of an entry. Its gross moves to the account of its tenure now (`transferencia` when only the account
 * changes) and to its new value (`correcao`, against its incorporation's counterpart, else the opening's). A
 * property the ledger did not hold (a tenure without an account, or no value) is incorporated; one whose tenure
 * now has no account leaves it. Returns the entry id, or null when nothing moved.
 */
export async function acompanharImovel(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  antes: ImovelContabil,
  depois: ImovelContabil,
): Promise<number | null> {
  if (antes.valor === depois.valor && antes.situacao === depois.situacao) return null;
  await travarLivro(tx, scope);
  if (!(await configDoLivro(tx, scope)).startDate) return null;
  const m = scope.municipalityId;
  const [alvo] = rowsOf<{ g: number | null }>(
    await tx.execute(sql`select gross_conta_id as g from contas_imoveis
      where municipality_id = ${m} and tenure = ${depois.situacao}`),
  );
  const destino = alvo?.g == null ? null : Number(alvo.g);
  const novo = destino != null && depois.valor ? BigInt(centavos(depois.valor)) : 0n;
  // The property's balances on the asset accounts (its gross), from the ledger.
  const saldos = rowsOf<{ conta: number; saldo: string }>(
    await tx.execute(sql`
      select p.conta_id as conta, sum(p.debit - p.credit)::text as saldo
        from partidas p join contas_contabeis k on k.id = p.conta_id
       where p.municipality_id = ${m} and p.imovel_id = ${depois.id} and k.role = 'ativo'
       group by p.conta_id having sum(p.debit - p.credit) <> 0`),
  );
  if (!saldos.length) {
    if (!novo) return null;
    const [id] = await lancarIncorporacaoImoveis(tx, scope, autor, [depois.id], 'cadastro');
    return id ?? null;
  }
  const cc = `${depois.numero} — ${depois.denominacao.slice(0, 120)}`;
  const linha = (contaId: number, v: bigint): PartidaInput =>
    v > 0n
      ? { contaId, debito: v, contaCorrente: cc, imovelId: depois.id }
      : { contaId, credito: -v, contaCorrente: cc, imovelId: depois.id };
  const partidas: PartidaInput[] = [];
  let antigo = 0n;
  for (const s of saldos) {
    const atual = BigInt(s.saldo);
    antigo += atual;
    const quer = Number(s.conta) === destino ? novo : 0n;
    if (quer !== atual) partidas.push(linha(Number(s.conta), quer - atual));
  }
  if (destino != null && novo > 0n && !saldos.some((s) => Number(s.conta) === destino))
    partidas.push(linha(destino, novo));
  const liquido = novo - antigo;
  if (liquido !== 0n) {
    const [inc] = rowsOf<{ conta: number }>(
      await tx.execute(contrapartidaDaIncorporacao(m, sql`${depois.id}::int`, sql.raw('imovel_id'))),
    );
    const contra = inc ? Number(inc.conta) : await contaDoPapel(tx, scope, 'saldo_abertura');
    partidas.push(linha(contra, -liquido));
  }
  if (!partidas.length) return null;
  const historico =
    liquido === 0n
      ? `Reclassificação do imóvel ${depois.numero}: situação ${antes.situacao} → ${depois.situacao}`
      : destino == null
        ? `Imóvel ${depois.numero} deixa o patrimônio (situação ${depois.situacao}): estorno de ${money(antigo)}`
        : `Correção do valor do imóvel ${depois.numero}: estorno de ${money(antigo)} e registro de ${money(novo)}`;
  return lancar(tx, scope, autor, {
    data: isoDayOf(new Date()),
    fato: liquido === 0n ? 'transferencia' : 'correcao',
    historico,
    documento: { imovelId: depois.id, numero: depois.numero },
    partidas,
  });
}
