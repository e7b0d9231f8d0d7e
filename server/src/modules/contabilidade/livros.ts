import { sql, type SQL } from 'drizzle-orm';
import {
  CONTABILIDADE_MSG as M,
  CONTABILIDADE_RELATORIO_LIMITS as LIMITS,
  type DiarioPagina,
  type DiarioQuery,
  type DocumentoLancamento,
  type FatoContabil,
  type LancamentoDiario,
  type MovimentoRazao,
  type Razao,
  type RazaoQuery,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { badRequest, notFound } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { decimalOfCents } from './presenters';
import { contaDoPlano } from './queries';

/**
 * The journal (diário) and the ledger per account (razão) of a period, in the order of the facts (date, then entry
 * id), a page at a time. Read by the screens (pages of 100) and by the papers' job (pages of 1,000, bounded by the
 * last entry id when it started: ledger writes are serialised per municipality, so ids below it never appear later).
 */

/** Where a page ends: the last entry's date and id. */
export interface Posicao {
  data: string;
  id: number;
}

/** The opaque cursor of a journal or ledger page: base64url of 'municipality:date:id'. */
const cursorDe = (m: number, p: Posicao) => Buffer.from(`${m}:${p.data}:${p.id}`).toString('base64url');

/** The position a cursor names: 400 for garbage, 404 for another municipality's cursor. */
function posicaoDoCursor(scope: TenantScope, cursor: string | undefined): Posicao | null {
  if (cursor === undefined) return null;
  const m = /^(\d{1,10}):(\d{4}-\d{2}-\d{2}):(\d{1,15})$/.exec(
    /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '',
  );
  if (!m) throw badRequest(M.cursorInvalido, { cursor: M.cursorInvalido });
  if (Number(m[1]) !== scope.municipalityId) throw notFound();
  return { data: m[2], id: Number(m[3]) };
}

/** What a paper's read is bound by: entries up to this id (none: everything). */
export type AteId = number | undefined;

/** The municipality's last entry id (0 when none): the bound of a paper's reads. */
export async function ultimoLancamento(tx: Db, scope: TenantScope): Promise<number> {
  const [r] = rowsOf<{ id: string | null }>(
    await tx.execute(sql`select max(id)::text as id from lancamentos where municipality_id = ${scope.municipalityId}`),
  );
  return Number(r.id ?? 0);
}

/** The entries `l` of the period, after `depois`, up to `ateId`. */
function doPeriodo(m: number, de: string, ate: string, depois: Posicao | null, ateId: AteId): SQL {
  return sql.join(
    [
      sql`l.municipality_id = ${m}`,
      sql`l.fact_date between ${de}::date and ${ate}::date`,
      ...(depois ? [sql`(l.fact_date, l.id) > (${depois.data}::date, ${depois.id}::bigint)`] : []),
      ...(ateId !== undefined ? [sql`l.id <= ${ateId}::bigint`] : []),
    ],
    sql` and `,
  );
}

const fim = <T extends { data: string; id: number }>(rows: T[], limit: number) =>
  rows.length > limit ? { data: rows[limit - 1].data, id: rows[limit - 1].id } : null;

/** One page of the journal: `limit` entries after `depois`, each with its lines summed per account and side. */
export async function paginaDoDiario(
  tx: Db,
  scope: TenantScope,
  f: { de: string; ate: string; depois: Posicao | null; limit: number; ateId?: AteId },
): Promise<{ lancamentos: LancamentoDiario[]; proxima: Posicao | null }> {
  const m = scope.municipalityId;
  const ls = rowsOf<{
    id: string;
    data: string;
    fato: FatoContabil;
    historico: string;
    documento: DocumentoLancamento;
    estorno_de: string | null;
    estornado_por: string | null;
  }>(
    await tx.execute(sql`
      select l.id::text, l.fact_date::text as data, l.fact as fato, l.description as historico, l.document as documento,
             l.reverses_lancamento_id::text as estorno_de,
             (select r.id from lancamentos r where r.reverses_lancamento_id = l.id)::text as estornado_por
        from lancamentos l
       where ${doPeriodo(m, f.de, f.ate, f.depois, f.ateId)}
       order by l.fact_date, l.id
       limit ${f.limit + 1}`),
  ).map((l) => ({ ...l, id: Number(l.id) }));
  const proxima = fim(ls, f.limit);
  const pagina = ls.slice(0, f.limit);
  const partidas = new Map<number, LancamentoDiario['partidas']>();
  if (pagina.length) {
    const ps = rowsOf<{
      lancamento_id: string;
      id: number;
      codigo: string;
      nome: string;
      d: string;
      c: string;
      n: number;
    }>(
      await tx.execute(sql`
        select p.lancamento_id::text, k.id, k.code as codigo, k.name as nome, sum(p.debit)::text as d,
               sum(p.credit)::text as c, count(*)::int as n
          from partidas p join contas_contabeis k on k.id = p.conta_id
         where p.municipality_id = ${m} and p.lancamento_id in (${sql.join(
           pagina.map((l) => sql`${l.id}::bigint`),
           sql`, `,
         )})
         group by p.lancamento_id, k.id, (p.debit > 0)
         order by p.lancamento_id, (p.debit > 0) desc, k.code`),
    );
    for (const p of ps) {
      const list = partidas.get(Number(p.lancamento_id)) ?? [];
      list.push({
        conta: { id: p.id, codigo: p.codigo, nome: p.nome },
        debito: decimalOfCents(p.d),
        credito: decimalOfCents(p.c),
        linhas: p.n,
      });
      partidas.set(Number(p.lancamento_id), list);
    }
  }
  return {
    lancamentos: pagina.map((l) => ({
      id: l.id,
      data: l.data,
      fato: l.fato,
      historico: l.historico,
      documento: l.documento,
      estornoDe: l.estorno_de == null ? null : Number(l.estorno_de),
      estornadoPor: l.estornado_por == null ? null : Number(l.estornado_por),
      partidas: partidas.get(l.id) ?? [],
    })),
    proxima,
  };
}

/** The period's number of entries and its debits and credits (they are equal: every entry balances). */
export async function totaisDoDiario(
  tx: Db,
  scope: TenantScope,
  de: string,
  ate: string,
  ateId?: AteId,
): Promise<DiarioPagina['totais']> {
  const m = scope.municipalityId;
  const [r] = rowsOf<{ n: number; d: string; c: string }>(
    await tx.execute(sql`
      select (select count(*) from lancamentos l where ${doPeriodo(m, de, ate, null, ateId)})::int as n,
             coalesce(sum(p.debit), 0)::text as d, coalesce(sum(p.credit), 0)::text as c
        from partidas p join lancamentos l on l.id = p.lancamento_id
       where p.municipality_id = ${m} and ${doPeriodo(m, de, ate, null, ateId)}`),
  );
  return { lancamentos: r.n, debito: decimalOfCents(r.d), credito: decimalOfCents(r.c) };
}

/** GET /api/contabilidade/diario */
export async function diarioDoPeriodo(tx: Db, scope: TenantScope, q: DiarioQuery): Promise<DiarioPagina> {
  const depois = posicaoDoCursor(scope, q.cursor);
  const { lancamentos, proxima } = await paginaDoDiario(tx, scope, {
    de: q.de,
    ate: q.ate,
    depois,
    limit: q.limit ?? LIMITS.pagina,
  });
  return {
    de: q.de,
    ate: q.ate,
    totais: await totaisDoDiario(tx, scope, q.de, q.ate),
    lancamentos,
    cursor: proxima ? cursorDe(scope.municipalityId, proxima) : null,
  };
}

/** The ledger's figures without its movements: the account, the opening, the period's debits and credits. */
export type CabecalhoRazao = Omit<Razao, 'movimentos' | 'cursor'>;

/** The account's balance before `de`, the period's debits and credits, and (with `ate`) the balance up to a position. */
export async function cabecalhoDoRazao(
  tx: Db,
  scope: TenantScope,
  f: { contaId: number; de: string; ate: string; ateId?: AteId },
  posicao: Posicao | null = null,
): Promise<CabecalhoRazao & { saldoNaPosicao: bigint }> {
  const conta = await contaDoPlano(tx, scope, f.contaId);
  const m = scope.municipalityId;
  const [r] = rowsOf<{ anterior: string; d: string; c: string; ate_posicao: string }>(
    await tx.execute(sql`
      select coalesce(sum(p.debit - p.credit) filter (where l.fact_date < ${f.de}::date), 0)::text as anterior,
             coalesce(sum(p.debit) filter (where l.fact_date >= ${f.de}::date), 0)::text as d,
             coalesce(sum(p.credit) filter (where l.fact_date >= ${f.de}::date), 0)::text as c,
             coalesce(sum(p.debit - p.credit) filter (where ${
               posicao ? sql`(l.fact_date, l.id) <= (${posicao.data}::date, ${posicao.id}::bigint)` : sql`false`
             }), 0)::text as ate_posicao
        from partidas p join lancamentos l on l.id = p.lancamento_id
       where p.municipality_id = ${m} and p.conta_id = ${conta.id} and l.municipality_id = ${m}
         and l.fact_date <= ${f.ate}::date ${f.ateId !== undefined ? sql`and l.id <= ${f.ateId}::bigint` : sql``}`),
  );
  const anterior = BigInt(r.anterior);
  return {
    conta: { id: conta.id, codigo: conta.code, nome: conta.name, papel: conta.role },
    de: f.de,
    ate: f.ate,
    saldoAnterior: decimalOfCents(anterior),
    debitos: decimalOfCents(r.d),
    creditos: decimalOfCents(r.c),
    saldoFinal: decimalOfCents(anterior + BigInt(r.d) - BigInt(r.c)),
    saldoNaPosicao: posicao ? BigInt(r.ate_posicao) : anterior,
  };
}

/** One page of the ledger: the entries after `depois` that moved the account, with the balance after each. */
export async function paginaDoRazao(
  tx: Db,
  scope: TenantScope,
  f: { contaId: number; de: string; ate: string; depois: Posicao | null; limit: number; ateId?: AteId },
  saldoAntes: bigint,
): Promise<{ movimentos: MovimentoRazao[]; proxima: Posicao | null; saldo: bigint }> {
  const m = scope.municipalityId;
  const rows = rowsOf<{
    id: string;
    data: string;
    fato: FatoContabil;
    historico: string;
    estorno_de: string | null;
    d: string;
    c: string;
    n: number;
  }>(
    await tx.execute(sql`
      select l.id::text, l.fact_date::text as data, l.fact as fato, l.description as historico,
             l.reverses_lancamento_id::text as estorno_de, sum(p.debit)::text as d, sum(p.credit)::text as c,
             count(*)::int as n
        from partidas p join lancamentos l on l.id = p.lancamento_id
       where p.municipality_id = ${m} and p.conta_id = ${f.contaId} and ${doPeriodo(m, f.de, f.ate, f.depois, f.ateId)}
       group by l.id
       order by l.fact_date, l.id
       limit ${f.limit + 1}`),
  ).map((r) => ({ ...r, id: Number(r.id) }));
  let saldo = saldoAntes;
  const movimentos = rows.slice(0, f.limit).map((r) => {
    saldo += BigInt(r.d) - BigInt(r.c);
    return {
      lancamentoId: r.id,
      data: r.data,
      fato: r.fato,
      historico: r.historico,
      estornoDe: r.estorno_de == null ? null : Number(r.estorno_de),
      debito: decimalOfCents(r.d),
      credito: decimalOfCents(r.c),
      linhas: r.n,
      saldo: decimalOfCents(saldo),
    };
  });
  return { movimentos, proxima: fim(rows, f.limit), saldo };
}

/** GET /api/contabilidade/razao: 404 for an account not of the municipality's chart. */
export async function razaoDaConta(tx: Db, scope: TenantScope, q: RazaoQuery): Promise<Razao> {
  const depois = posicaoDoCursor(scope, q.cursor);
  const { saldoNaPosicao, ...cabecalho } = await cabecalhoDoRazao(tx, scope, q, depois);
  const { movimentos, proxima } = await paginaDoRazao(
    tx,
    scope,
    { ...q, depois, limit: q.limit ?? LIMITS.pagina },
    saldoNaPosicao,
  );
  return { ...cabecalho, movimentos, cursor: proxima ? cursorDe(scope.municipalityId, proxima) : null };
}
