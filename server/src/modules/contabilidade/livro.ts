import { and, eq, sql } from 'drizzle-orm';
import {
  CONTABILIDADE_MSG as M,
  competenciaDe,
  isoDayOf,
  mesIndice,
  type DocumentoLancamento,
  type FatoContabil,
  competenciaBR,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import type { Outbox } from '../../db/tx';
import { contabilidadeConfig, depreciacaoClosings, lancamentos, partidas } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { rowsOf } from '../../db/rows';

/**
 * The ledger's engine (docs/decisions/accounting.md): `lancar` and `estornar` write in the caller's transaction,
 * serialised per municipality; the database proves balance and immutability (migration 0052).
 */

/** Who writes an entry (null: a job or the system). */
export type Autor = { id: number; name: string } | null;

/** The author of a command's entries: the outbox's actor (null for a job or the system). */
export const autorDe = (out: Outbox): Autor => (out.actor ? { id: out.actor.id, name: out.actor.name } : null);

export interface PartidaInput {
  contaId: number;
  /** Integer cents; exactly one of debito/credito is > 0. */
  debito?: bigint;
  credito?: bigint;
  contaCorrente?: string | null;
  patrimonioId?: number | null;
  imovelId?: number | null;
}

export interface LancamentoInput {
  /** The date of the fact, 'YYYY-MM-DD'. */
  data: string;
  fato: FatoContabil;
  historico: string;
  documento?: DocumentoLancamento;
  partidas: PartidaInput[];
}

const LIVRO_LOCK = 140_036;

/** Serialises the municipality's ledger writes (a close, a write-off, a reversal) until the transaction ends. */
export const travarLivro = (tx: Db, scope: TenantScope) =>
  tx.execute(sql`select pg_advisory_xact_lock(${LIVRO_LOCK}::int, ${scope.municipalityId}::int)`);

/** The municipality's settings row (seeded with the chart by migration 0052). */
export async function configDoLivro(tx: Db, scope: TenantScope) {
  const [row] = await tx.select().from(contabilidadeConfig).where(ofTenant(contabilidadeConfig, scope));
  if (!row) throw notFound(M.contaNaoEncontrada);
  return row;
}

/** The day a closed month locks: day `prazoDia` of the next month (the month's last day when shorter). */
export function prazoDoMes(competencia: string, prazoDia: number): string {
  const seguinte = competenciaDe(mesIndice(competencia) + 1);
  const [y, m] = seguinte.split('-').map(Number);
  const ultimo = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${seguinte}-${String(Math.min(prazoDia, ultimo)).padStart(2, '0')}`;
}

/**
 * Whether a month is locked: its depreciation close is concluded AND today (Brasília) is past its deadline.
 * Nothing dated inside a locked month may be written.
 */
export async function mesBloqueado(tx: Db, scope: TenantScope, competencia: string, hoje = new Date()) {
  const [fechado] = await tx
    .select({ id: depreciacaoClosings.id })
    .from(depreciacaoClosings)
    .where(
      and(
        ofTenant(depreciacaoClosings, scope),
        eq(depreciacaoClosings.competencia, competencia),
        eq(depreciacaoClosings.status, 'concluido'),
      ),
    );
  if (!fechado) return false;
  const { deadlineDay } = await configDoLivro(tx, scope);
  return isoDayOf(hoje) > prazoDoMes(competencia, deadlineDay);
}

/** 409 with the accounting message when the month of `data` is locked. */
export async function exigirMesAberto(tx: Db, scope: TenantScope, data: string): Promise<void> {
  const competencia = data.slice(0, 7);
  if (await mesBloqueado(tx, scope, competencia)) throw conflict(M.mesBloqueado(competenciaBR(competencia)));
}

/**
 * Opens the municipality's ledger once, on the first day of the month of its first posting (`data`): its opening
 * balances, per asset of the register as it is now, with the accumulated depreciation and impairment the closes
 * computed before that month (`contabilidade_abrir_livro`, migration 0052). Does nothing afterwards.
 */
export async function garantirLivro(tx: Db, scope: TenantScope, autor: Autor, data: string): Promise<void> {
  const cfg = await configDoLivro(tx, scope);
  if (cfg.startDate) return;
  await tx.execute(
    sql`select contabilidade_abrir_livro(${scope.municipalityId}::int, ${`${data.slice(0, 7)}-01`}::date,
      ${autor?.id ?? null}::int, ${autor?.name ?? 'Abertura do livro'}::text)`,
  );
}

/**
 * Writes one entry and its partidas (one INSERT: the database refuses it unless debits = credits) in the
 * caller's transaction; 409 when its month is locked. Returns the entry's id.
 */
export async function lancar(tx: Db, scope: TenantScope, autor: Autor, input: LancamentoInput): Promise<number> {
  await travarLivro(tx, scope);
  await exigirMesAberto(tx, scope, input.data);
  if (input.partidas.length) await garantirLivro(tx, scope, autor, input.data);
  const [l] = await tx
    .insert(lancamentos)
    .values({
      municipalityId: scope.municipalityId,
      factDate: input.data,
      competencia: input.data.slice(0, 7),
      fact: input.fato,
      description: input.historico,
      document: input.documento ?? {},
      userId: autor?.id ?? null,
      userName: autor?.name ?? null,
    })
    .returning({ id: lancamentos.id });
  if (input.partidas.length)
    await tx.insert(partidas).values(
      input.partidas.map((p) => ({
        municipalityId: scope.municipalityId,
        lancamentoId: l.id,
        contaId: p.contaId,
        debit: p.debito ?? 0n,
        credit: p.credito ?? 0n,
        contaCorrente: p.contaCorrente ?? null,
        patrimonioId: p.patrimonioId ?? null,
        imovelId: p.imovelId ?? null,
      })),
    );
  return l.id;
}

/**
 * Reverses an entry (estorno): a new entry with every partida on the other side, pointing at the original, dated
 * as the original while its month is open, else today (the open month). One reversal per entry (409 after).
 */
export async function estornar(tx: Db, scope: TenantScope, autor: Autor, id: number, motivo: string): Promise<number> {
  await travarLivro(tx, scope);
  const [orig] = await tx
    .select()
    .from(lancamentos)
    .where(and(ofTenant(lancamentos, scope), eq(lancamentos.id, id)));
  if (!orig) throw notFound(M.lancamentoNaoEncontrado);
  const [ja] = await tx
    .select({ id: lancamentos.id })
    .from(lancamentos)
    .where(and(ofTenant(lancamentos, scope), eq(lancamentos.reversesLancamentoId, id)));
  if (ja) throw conflict(M.jaEstornado);
  const data = (await mesBloqueado(tx, scope, orig.competencia)) ? isoDayOf(new Date()) : orig.factDate;
  await exigirMesAberto(tx, scope, data);
  const [l] = await tx
    .insert(lancamentos)
    .values({
      municipalityId: scope.municipalityId,
      factDate: data,
      competencia: data.slice(0, 7),
      fact: 'estorno',
      description: `Estorno do lançamento ${id}: ${motivo}`,
      document: { ...(orig.document as DocumentoLancamento), motivo },
      reversesLancamentoId: id,
      userId: autor?.id ?? null,
      userName: autor?.name ?? null,
    })
    .returning({ id: lancamentos.id });
  await tx.execute(sql`
    insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit, conta_corrente, patrimonio_id)
    select municipality_id, ${l.id}, conta_id, credit, debit, conta_corrente, patrimonio_id
      from partidas where lancamento_id = ${id} and municipality_id = ${scope.municipalityId} order by id`);
  return l.id;
}

/**
 * The ids of the entries a month's close posted, not yet reversed (a reopening reverses them): its depreciation
 * and the depreciation carried by assets incorporated after the ledger opened (fato 'incorporacao' with the month
 * in its document).
 */
export async function lancamentosDoFechamento(tx: Db, scope: TenantScope, competencia: string) {
  return rowsOf<{ id: string }>(
    await tx.execute(sql`
      select l.id from lancamentos l
       where l.municipality_id = ${scope.municipalityId} and l.competencia = ${competencia}
         and (l.fact = 'depreciacao' or (l.fact = 'incorporacao' and l.document ->> 'competencia' = ${competencia}))
         and not exists (select 1 from lancamentos r where r.reverses_lancamento_id = l.id)
       order by l.id`),
  ).map((r) => Number(r.id));
}
