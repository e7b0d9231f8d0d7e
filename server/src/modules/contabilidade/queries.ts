import { asc, eq, sql } from 'drizzle-orm';
import {
  CONTABILIDADE_MSG as M,
  type ContaContabil,
  type ContabilidadeConfig,
  type ContasImovel,
  type DocumentoLancamento,
  type FatoContabil,
  type LancamentoContabil,
  type LancamentosPagina,
  type LancamentosQuery,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { contasContabeis, contasImoveis } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { configDoLivro } from './livro';
import { decimalOfCents, presentConfig, presentConta, presentContasImovel } from './presenters';
import { rowsOf } from '../../db/rows';

/** GET /api/contabilidade/plano: the chart in code order. */
export async function planoDeContas(tx: Db, scope: TenantScope): Promise<{ contas: ContaContabil[] }> {
  const rows = await tx
    .select()
    .from(contasContabeis)
    .where(ofTenant(contasContabeis, scope))
    .orderBy(asc(contasContabeis.code));
  return { contas: rows.map(presentConta) };
}

/** GET /api/contabilidade/config */
export async function configContabil(tx: Db, scope: TenantScope): Promise<{ config: ContabilidadeConfig }> {
  return { config: presentConfig(await configDoLivro(tx, scope)) };
}

/** GET /api/contabilidade/contas-imoveis: the accounts of each property tenure. */
export async function contasDosImoveis(tx: Db, scope: TenantScope): Promise<{ contasImoveis: ContasImovel[] }> {
  const rows = await tx
    .select()
    .from(contasImoveis)
    .where(ofTenant(contasImoveis, scope))
    .orderBy(asc(contasImoveis.tenure));
  return { contasImoveis: rows.map(presentContasImovel) };
}

/** The opaque cursor of a pull: base64url of 'municipality:last id'. */
export const cursorDe = (municipalityId: number, id: number) =>
  Buffer.from(`${municipalityId}:${id}`).toString('base64url');

/** The last id a cursor names: 400 for garbage, 404 for another municipality's cursor. */
export function idDoCursor(scope: TenantScope, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^(\d{1,10}):(\d{1,15})$/.exec(
    /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '',
  );
  if (!m) throw badRequest(M.cursorInvalido, { cursor: M.cursorInvalido });
  if (Number(m[1]) !== scope.municipalityId) throw notFound();
  return Number(m[2]);
}

interface LRow {
  id: string;
  data: string;
  fato: FatoContabil;
  historico: string;
  documento: DocumentoLancamento;
  estorno_de: string | null;
  estornado_por: string | null;
}
interface PRow {
  lancamento_id: string;
  conta_id: number;
  debit: string;
  credit: string;
  conta_corrente: string | null;
}

/**
 * GET /api/contabilidade/lancamentos: entries after the cursor in id order (ids are stable and only grow, so a
 * repeat pull with the same cursor gives the same entries and the next cursor never skips or repeats one).
 * With `patrimonioId` only that asset's partidas are listed (an entry's other lines are other assets').
 */
export async function puxarLancamentos(tx: Db, scope: TenantScope, q: LancamentosQuery): Promise<LancamentosPagina> {
  const desde = idDoCursor(scope, q.cursor);
  const limit = q.limit ?? 100;
  const m = scope.municipalityId;
  const filtros = [
    sql`l.municipality_id = ${m}`,
    sql`l.id > ${desde}`,
    ...(q.de ? [sql`l.fact_date >= ${q.de}::date`] : []),
    ...(q.ate ? [sql`l.fact_date <= ${q.ate}::date`] : []),
    ...(q.contaId
      ? [sql`exists (select 1 from partidas p where p.lancamento_id = l.id and p.conta_id = ${q.contaId})`]
      : []),
    ...(q.patrimonioId
      ? [
          sql`exists (select 1 from partidas p where p.lancamento_id = l.id and p.patrimonio_id = ${q.patrimonioId})
           or (l.document ->> 'patrimonioId')::text = ${String(q.patrimonioId)}`,
        ]
      : []),
  ];
  const ls = rowsOf<LRow>(
    await tx.execute(sql`
      select l.id::text, l.fact_date::text as data, l.fact as fato, l.description as historico,
        l.document as documento, l.reverses_lancamento_id::text as estorno_de, r.id::text as estornado_por
        from lancamentos l left join lancamentos r on r.reverses_lancamento_id = l.id
       where ${sql.join(
         filtros.map((f) => sql`(${f})`),
         sql` and `,
       )}
       order by l.id limit ${limit}`),
  );
  const ultimo = ls.length ? Number(ls[ls.length - 1].id) : desde;
  if (!ls.length) return { lancamentos: [], cursor: cursorDe(m, ultimo) };
  const ids = sql.join(
    ls.map((l) => sql`${Number(l.id)}::bigint`),
    sql`, `,
  );
  // The lines alone (in the order of the index on (lancamento_id, id)); the chart's accounts apart (a few dozen).
  const ps = rowsOf<PRow>(
    await tx.execute(sql`
      select p.lancamento_id::text, p.conta_id, p.debit::text, p.credit::text, p.conta_corrente
        from partidas p
       where p.lancamento_id in (${ids}) and p.municipality_id = ${m}
         ${q.patrimonioId ? sql`and p.patrimonio_id = ${q.patrimonioId}` : sql``}
       order by p.lancamento_id, p.id`),
  );
  const contas = new Map(
    rowsOf<{ id: number; codigo: string; nome: string }>(
      await tx.execute(sql`select k.id, k.code as codigo, k.name as nome from contas_contabeis k
        where k.municipality_id = ${m}`),
    ).map((k) => [k.id, { id: k.id, codigo: k.codigo, nome: k.nome }]),
  );
  const porLancamento = new Map<string, LancamentoContabil['partidas']>();
  for (const p of ps) {
    let list = porLancamento.get(p.lancamento_id);
    if (!list) porLancamento.set(p.lancamento_id, (list = []));
    list.push({
      conta: contas.get(p.conta_id)!,
      debito: decimalOfCents(p.debit),
      credito: decimalOfCents(p.credit),
      contaCorrente: p.conta_corrente,
    });
  }
  return {
    lancamentos: ls.map((l) => ({
      id: Number(l.id),
      data: l.data,
      fato: l.fato,
      historico: l.historico,
      documento: l.documento,
      estornoDe: l.estorno_de == null ? null : Number(l.estorno_de),
      estornadoPor: l.estornado_por == null ? null : Number(l.estornado_por),
      partidas: porLancamento.get(l.id) ?? [],
    })),
    cursor: cursorDe(m, ultimo),
  };
}

/** The account of the chart with this id (404 when not the municipality's). */
export async function contaDoPlano(tx: Db, scope: TenantScope, id: number) {
  const [row] = await tx.select().from(contasContabeis).where(eq(contasContabeis.id, id));
  if (!row || row.municipalityId !== scope.municipalityId) throw notFound(M.contaNaoEncontrada);
  return row;
}
