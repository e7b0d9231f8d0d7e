import { sql } from 'drizzle-orm';
import { CONTABILIDADE_MSG as M, competenciaBR, ultimoDia } from '@tombo/shared';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { estornar, exigirMesAberto, garantirLivro, lancamentosDoFechamento, travarLivro, type Autor } from './livro';
import { rowsOf } from '../../db/rows';
import { contrapartidaDaIncorporacao } from './incorporacao';

/**
 * The monthly close's postings (docs/decisions/accounting.md): one entry per pair of accounts ((−) accumulated
 * depreciation, VPD) with one credit per asset (its conta corrente) and the pair's total debited to the VPD,
 * written by ONE INSERT … SELECT from the month's `depreciacao_lancamentos`.
 */

/** The accounts of an asset as SQL over `p` (asset), `t` (its type) and `c` (the settings: assets without a type). */
const contaDe = (col: string) => sql.raw(`case when p.tipo_id is null then c.${col} else t.${col} end`);

/** Names of the asset types (or '(sem tipo)') of the register's assets whose accounts are missing. */
export async function tiposSemContas(tx: Db, scope: TenantScope): Promise<string[]> {
  const rows = rowsOf<{ nome: string }>(
    await tx.execute(sql`
      select distinct coalesce(t.name, ${M.semTipo}) as nome
        from patrimonios p
        join contabilidade_config c on c.municipality_id = p.municipality_id
        left join tipos_bens t on t.id = p.tipo_id
       where p.municipality_id = ${scope.municipalityId} and p.status <> 'baixado'
         and (${contaDe('gross_conta_id')} is null or ${contaDe('accumulated_conta_id')} is null
              or ${contaDe('impairment_conta_id')} is null or ${contaDe('expense_conta_id')} is null)
       order by 1`),
  );
  return rows.map((r) => r.nome);
}

/** 409 listing the asset types without accounts. */
export async function exigirContasMapeadas(tx: Db, scope: TenantScope): Promise<void> {
  const tipos = await tiposSemContas(tx, scope);
  if (tipos.length) throw conflict(M.tiposSemContas(tipos));
}

/** Before a close writes the month's depreciation: the ledger lock, the month open, every type mapped. */
export async function prepararFechamento(tx: Db, scope: TenantScope, competencia: string) {
  await travarLivro(tx, scope);
  await exigirMesAberto(tx, scope, ultimoDia(competencia));
  await exigirContasMapeadas(tx, scope);
}

/** Posts the month's depreciation (after `prepararFechamento` and the month's entries); returns the entry ids. */
export async function lancarDepreciacao(
  tx: Db,
  scope: TenantScope,
  autor: Autor,
  competencia: string,
): Promise<number[]> {
  const m = scope.municipalityId;
  // The first close opens the ledger on the month's first day, from the figures it has just computed.
  await garantirLivro(tx, scope, autor, ultimoDia(competencia));
  const from = sql`from depreciacao_lancamentos d
      join patrimonios p on p.id = d.patrimonio_id
      join contabilidade_config c on c.municipality_id = p.municipality_id
      left join tipos_bens t on t.id = p.tipo_id`;
  const where = sql`where d.municipality_id = ${m} and d.competencia = ${competencia} and d.quota > 0`;
  const grupos = rowsOf<{ a: number; e: number; codigo: string; nome: string }>(
    await tx.execute(sql`
      select g.a, g.e, k.code as codigo, k.name as nome from (
        select distinct ${contaDe('accumulated_conta_id')} as a, ${contaDe('expense_conta_id')} as e ${from} ${where}
      ) g join contas_contabeis k on k.id = g.a order by k.code, g.e`),
  );
  const data = ultimoDia(competencia);
  const mes = competenciaBR(competencia);
  const anteriores = await lancarDepreciacaoAnterior(tx, scope, autor, competencia);
  if (!grupos.length) return anteriores;
  const ids: number[] = [];
  for (const g of grupos) {
    const [l] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into lancamentos (municipality_id, fact_date, competencia, fact, description, document, user_id, user_name)
        values (${m}, ${data}::date, ${competencia}, 'depreciacao',
          ${`Depreciação de ${mes}: ${g.codigo} ${g.nome}`}, ${JSON.stringify({ competencia })}::jsonb,
          ${autor?.id ?? null}, ${autor?.name ?? null})
        returning id`),
    );
    ids.push(Number(l.id));
  }
  const pares = sql.join(
    grupos.map((g, i) => sql`(${Number(g.a)}::int, ${Number(g.e)}::int, ${ids[i]}::bigint)`),
    sql`, `,
  );
  // One statement: the balance trigger sees each entry whole (per-asset credits and the VPD total).
  await tx.execute(sql`
    with g(a, e, lid) as (values ${pares}),
    x as (
      select g.lid, g.a, g.e, p.id, p.numero_patrimonio || ' — ' || coalesce(t.name, 'sem tipo') as cc,
        round(d.quota * 100)::bigint as q
      ${from}
      join g on g.a = ${contaDe('accumulated_conta_id')} and g.e = ${contaDe('expense_conta_id')}
      ${where}
    )
    insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit, conta_corrente, patrimonio_id)
    select ${m}::int, x.lid, x.e, sum(x.q), 0, null, null from x group by x.lid, x.e
    union all
    select ${m}::int, x.lid, x.a, 0, x.q, x.cc, x.id from x`);
  return [...anteriores, ...ids];
}

/**
 * The depreciation an asset incorporated after the ledger opened carried before it (months closed before it was
 * registered, or before this close for an asset acquired long ago): at the asset's first close, the engine's
 * accumulated depreciation before the month (`acumulada − quota`) is credited to its (−) accumulated
 * depreciation against its incorporation's counterpart, so its book value in the ledger is the engine's. One
 * entry per pair, fato 'incorporacao', `documento.competencia` = the month (a reopening reverses it).
 */
async function lancarDepreciacaoAnterior(tx: Db, scope: TenantScope, autor: Autor, competencia: string) {
  const m = scope.municipalityId;
  // Only assets incorporated by an entry of their own can carry it (none until the first one: skip the scan).
  const [inc] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from (select 1 from lancamentos
      where municipality_id = ${m} and fact = 'incorporacao' limit 1) x`),
  );
  if (!inc.n) return [];
  const anterior = sql`
    select ${contaDe('accumulated_conta_id')} as a, inc.conta as contra, p.id,
           p.numero_patrimonio || ' — ' || coalesce(t.name, 'sem tipo') as cc,
           round(d.acumulada * 100)::bigint - round(d.quota * 100)::bigint as v
      from depreciacao_lancamentos d
      join patrimonios p on p.id = d.patrimonio_id
      join contabilidade_config c on c.municipality_id = p.municipality_id
      left join tipos_bens t on t.id = p.tipo_id
      join lateral (${contrapartidaDaIncorporacao(m, sql`d.patrimonio_id`)}) inc on true
     where d.municipality_id = ${m} and d.competencia = ${competencia}
       and round(d.acumulada * 100) > round(d.quota * 100)
       and not exists (select 1 from depreciacao_lancamentos d0
                        where d0.patrimonio_id = d.patrimonio_id and d0.competencia < ${competencia})`;
  const pares = rowsOf<{ a: number; contra: number }>(
    await tx.execute(sql`select distinct x.a, x.contra from (${anterior}) x order by 1, 2`),
  );
  const ids: number[] = [];
  const mes = competenciaBR(competencia);
  for (const par of pares) {
    const [l] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into lancamentos (municipality_id, fact_date, competencia, fact, description, document, user_id, user_name)
        values (${m}, ${ultimoDia(competencia)}::date, ${competencia}, 'incorporacao',
          ${`Depreciação acumulada antes da incorporação de bens incorporados após a abertura do livro (fechamento de ${mes})`},
          ${JSON.stringify({ competencia })}::jsonb, ${autor?.id ?? null}, ${autor?.name ?? null})
        returning id`),
    );
    await tx.execute(sql`
      with x as (select * from (${anterior}) y where y.a = ${Number(par.a)} and y.contra = ${Number(par.contra)})
      insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit, conta_corrente, patrimonio_id)
      select ${m}::int, ${l.id}::bigint, x.contra, x.v, 0, x.cc, x.id from x
      union all
      select ${m}::int, ${l.id}::bigint, x.a, 0, x.v, x.cc, x.id from x`);
    ids.push(Number(l.id));
  }
  return ids;
}

/** Reopening a month: reverses its depreciation entries (kept, marked by their reversal), dated in the month. */
export async function estornarDepreciacao(tx: Db, scope: TenantScope, autor: Autor, competencia: string) {
  await travarLivro(tx, scope);
  await exigirMesAberto(tx, scope, ultimoDia(competencia));
  const mes = competenciaBR(competencia);
  for (const id of await lancamentosDoFechamento(tx, scope, competencia))
    await estornar(tx, scope, autor, id, `reabertura do mês ${mes}`);
}
