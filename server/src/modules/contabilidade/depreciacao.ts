import { sql } from 'drizzle-orm';
import { CONTABILIDADE_MSG as M, ultimoDia } from '@tombo/shared';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { estornar, exigirMesAberto, garantirLivro, lancamentosDoMes, travarLivro, type Autor } from './livro';
import { rowsOf } from '../../db/rows';

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
  if (!grupos.length) return [];
  const data = ultimoDia(competencia);
  const mes = `${competencia.slice(5)}/${competencia.slice(0, 4)}`;
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
  return ids;
}

/** Reopening a month: reverses its depreciation entries (kept, marked by their reversal), dated in the month. */
export async function estornarDepreciacao(tx: Db, scope: TenantScope, autor: Autor, competencia: string) {
  await travarLivro(tx, scope);
  await exigirMesAberto(tx, scope, ultimoDia(competencia));
  const mes = `${competencia.slice(5)}/${competencia.slice(0, 4)}`;
  for (const id of await lancamentosDoMes(tx, scope, competencia, 'depreciacao'))
    await estornar(tx, scope, autor, id, `reabertura do mês ${mes}`);
}
