import { sql } from 'drizzle-orm';
import { competenciaBR, type Rmb, type RmbConta, type RmbGrupo, type RmbTotais, type SaldosMes } from '@tombo/shared';
import type { Db } from '../../db/client';
import type { TenantScope } from '../../tenancy/scope';
import { decimalOfCents } from './presenters';
import { rowsOf } from '../../db/rows';

/** The statement's columns; a reversal counts in its original's column. */
type Coluna = Exclude<keyof RmbTotais, 'saldoAtual'>;
const COLUNA_DO_FATO: Record<string, Coluna> = {
  abertura: 'saldoAnterior',
  incorporacao: 'incorporacoes',
  correcao: 'incorporacoes',
  baixa: 'baixas',
  doacao: 'baixas',
  transferencia: 'transferencias',
  depreciacao: 'depreciacao',
  reavaliacao: 'reavaliacaoReducao',
  reducao: 'reavaliacaoReducao',
  reversao: 'reavaliacaoReducao',
};
const COLUNAS: Coluna[] = [
  'saldoAnterior',
  'incorporacoes',
  'baixas',
  'transferencias',
  'depreciacao',
  'reavaliacaoReducao',
];
/** The roles whose accounts make up the patrimony on the balance sheet (the statement's lines). */
const PAPEIS_DO_RMB = ['ativo', 'transitoria', 'depreciacao_acumulada', 'reducao_valor_recuperavel'];

async function fechada(tx: Db, scope: TenantScope, competencia: string): Promise<boolean> {
  const [r] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from depreciacao_closings
      where municipality_id = ${scope.municipalityId} and competencia = ${competencia} and status = 'concluido'`),
  );
  return r.n > 0;
}

/**
 * The accounts of bens imóveis: those only the property tenures map to. Any other (asset types, assets without a
 * type, the transitory account, an account nothing maps) is of bens móveis. The chart is data: never by the code.
 */
async function contasDeImoveis(tx: Db, m: number): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select k.id from contas_contabeis k
       where k.municipality_id = ${m}
         and exists (select 1 from contas_imoveis ci where ci.municipality_id = ${m}
               and k.id in (ci.gross_conta_id, ci.accumulated_conta_id, ci.impairment_conta_id))
         and not exists (select 1 from tipos_bens t where t.municipality_id = ${m}
               and k.id in (t.gross_conta_id, t.accumulated_conta_id, t.impairment_conta_id))
         and not exists (select 1 from contabilidade_config c where c.municipality_id = ${m}
               and k.id in (c.gross_conta_id, c.accumulated_conta_id, c.impairment_conta_id, c.transit_conta_id))`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * GET /api/contabilidade/rmb: the monthly statement per account (RMB-style) from the ledger's monthly movements
 * (`conta_movements`, the lines' sums kept by a trigger): what the accounts held before the month (the
 * opening included), the month's movements by kind, and the closing balance.
 */
export async function rmbDoMes(tx: Db, scope: TenantScope, competencia: string): Promise<Rmb> {
  const m = scope.municipalityId;
  const rows = rowsOf<{
    id: number;
    codigo: string;
    nome: string;
    fato: string;
    anterior: boolean;
    v: string;
  }>(
    await tx.execute(sql`
      select k.id, k.code as codigo, k.name as nome, mv.fact as fato, mv.competencia < ${competencia} as anterior,
             sum(mv.debit - mv.credit)::text as v
        from conta_movements mv
        join contas_contabeis k on k.id = mv.conta_id
       where mv.municipality_id = ${m} and mv.competencia <= ${competencia}
         and k.role in (${sql.join(
           PAPEIS_DO_RMB.map((r) => sql`${r}`),
           sql`, `,
         )})
       group by 1, 2, 3, 4, 5
       order by k.code`),
  );
  const imoveis = await contasDeImoveis(tx, m);
  const zeros = () => Object.fromEntries(COLUNAS.map((c) => [c, 0n])) as Record<Coluna, bigint>;
  const porConta = new Map<number, { conta: RmbConta['conta']; grupo: RmbGrupo; v: Record<Coluna, bigint> }>();
  for (const r of rows) {
    const linha = porConta.get(r.id) ?? {
      conta: { id: r.id, codigo: r.codigo, nome: r.nome },
      grupo: imoveis.has(r.id) ? ('imoveis' as const) : ('moveis' as const),
      v: zeros(),
    };
    const coluna = r.anterior ? 'saldoAnterior' : (COLUNA_DO_FATO[r.fato] ?? 'incorporacoes');
    linha.v[coluna] += BigInt(r.v);
    porConta.set(r.id, linha);
  }
  const soma = (v: Record<Coluna, bigint>) => COLUNAS.reduce((s, c) => s + v[c], 0n);
  const apresentar = (v: Record<Coluna, bigint>): RmbTotais => ({
    ...(Object.fromEntries(COLUNAS.map((c) => [c, decimalOfCents(v[c])])) as Record<Coluna, string>),
    saldoAtual: decimalOfCents(soma(v)),
  });
  const total = zeros();
  const porGrupo: Record<RmbGrupo, Record<Coluna, bigint>> = { moveis: zeros(), imoveis: zeros() };
  const contas = [...porConta.values()].map(({ conta, grupo, v }) => {
    for (const c of COLUNAS) {
      total[c] += v[c];
      porGrupo[grupo][c] += v[c];
    }
    return { conta, grupo, ...apresentar(v) };
  });
  return {
    competencia,
    fechada: await fechada(tx, scope, competencia),
    contas,
    subtotais: { moveis: apresentar(porGrupo.moveis), imoveis: apresentar(porGrupo.imoveis) },
    totais: apresentar(total),
  };
}

/** GET /api/contabilidade/saldos: every account's cumulative debits, credits and balance at the month's end. */
export async function saldosDoMes(tx: Db, scope: TenantScope, competencia: string): Promise<SaldosMes> {
  const m = scope.municipalityId;
  const rows = rowsOf<{ id: number; codigo: string; nome: string; papel: string; d: string; c: string }>(
    await tx.execute(sql`
      select k.id, k.code as codigo, k.name as nome, k.role as papel, sum(mv.debit)::text as d,
             sum(mv.credit)::text as c
        from conta_movements mv
        join contas_contabeis k on k.id = mv.conta_id
       where mv.municipality_id = ${m} and mv.competencia <= ${competencia}
       group by 1, 2, 3, 4
       order by k.code`),
  );
  return {
    competencia,
    fechada: await fechada(tx, scope, competencia),
    saldos: rows.map((r) => ({
      conta: { id: r.id, codigo: r.codigo, nome: r.nome, papel: r.papel },
      debitos: decimalOfCents(r.d),
      creditos: decimalOfCents(r.c),
      saldo: decimalOfCents(BigInt(r.d) - BigInt(r.c)),
    })),
  };
}

/** The balances as the pt-BR CSV the treasury collects (`;`, decimal commas, UTF-8 with BOM). */
export function saldosCsv(s: SaldosMes, field: (v: string | number) => string): string {
  const virgula = (v: string) => v.replace('.', ',');
  const linhas = ['layout;competencia;conta_codigo;conta_nome;papel;debitos;creditos;saldo'];
  for (const r of s.saldos)
    linhas.push(
      [
        'tombo-saldos-v1',
        competenciaBR(s.competencia),
        r.conta.codigo,
        r.conta.nome,
        r.conta.papel,
        virgula(r.debitos),
        virgula(r.creditos),
        virgula(r.saldo),
      ]
        .map(field)
        .join(';'),
    );
  return `\uFEFF${linhas.join('\r\n')}\r\n`;
}
