import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import {
  DEPRECIACAO_MSG as M,
  competenciaDe,
  isoDayOf,
  mesIndice,
  room,
  type FechamentoDepreciacao,
  competenciaBR,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { depreciacaoClosings, depreciacaoLancamentos } from '../../db/schema';
import { liveEvent, type Actor, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { badRequest, conflict } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { createJob, type JobRow } from '../jobs';
import { configDoLivro, estornarDepreciacao, exigirContasMapeadas, prazoDoMes } from '../contabilidade';

/** Advisory lock key of a municipality's closes: requests, the job and reopening serialise on it. */
const FECHAMENTO_LOCK = 140_001;
export const travarFechamentos = (tx: Db, scope: TenantScope) =>
  tx.execute(sql`select pg_advisory_xact_lock(${FECHAMENTO_LOCK}::int, ${scope.municipalityId}::int)`);

type FechamentoRow = typeof depreciacaoClosings.$inferSelect;

/** Row → API; `prazoDia` is the municipality's accounting deadline (a concluded month locks after it). */
export function presentFechamento(
  r: FechamentoRow,
  prazoDia: number,
  hoje = isoDayOf(new Date()),
): FechamentoDepreciacao {
  const bloqueioEm = r.status === 'concluido' ? prazoDoMes(r.competencia, prazoDia) : null;
  return {
    competencia: r.competencia,
    status: r.status as FechamentoDepreciacao['status'],
    jobId: r.jobId,
    bens: r.patrimonioCount,
    totalQuota: Number(r.totalAmount).toFixed(2),
    erro: r.error,
    closedBy: r.closedByName,
    createdAt: r.createdAt.toISOString(),
    concludedAt: r.concludedAt?.toISOString() ?? null,
    bloqueioEm,
    bloqueado: bloqueioEm != null && hoje > bloqueioEm,
  };
}

/** GET /api/depreciacao/fechamentos: newest first. */
export async function listarFechamentos(tx: Db, scope: TenantScope): Promise<{ fechamentos: FechamentoDepreciacao[] }> {
  const rows = await tx
    .select()
    .from(depreciacaoClosings)
    .where(ofTenant(depreciacaoClosings, scope))
    .orderBy(desc(depreciacaoClosings.competencia));
  const { deadlineDay } = await configDoLivro(tx, scope);
  return { fechamentos: rows.map((r) => presentFechamento(r, deadlineDay)) };
}

/** The last closed (concluded) month, or null. */
export async function ultimaFechada(tx: Db, scope: TenantScope): Promise<string | null> {
  const [row] = await tx
    .select({ c: depreciacaoClosings.competencia })
    .from(depreciacaoClosings)
    .where(and(ofTenant(depreciacaoClosings, scope), eq(depreciacaoClosings.status, 'concluido')))
    .orderBy(desc(depreciacaoClosings.competencia))
    .limit(1);
  return row?.c ?? null;
}

/** The last month closed or being closed (its events are refused), or null. */
export async function ultimaNaoAberta(tx: Db, scope: TenantScope): Promise<string | null> {
  const [row] = await tx
    .select({ c: depreciacaoClosings.competencia })
    .from(depreciacaoClosings)
    .where(and(ofTenant(depreciacaoClosings, scope), ne(depreciacaoClosings.status, 'falhou')))
    .orderBy(desc(depreciacaoClosings.competencia))
    .limit(1);
  return row?.c ?? null;
}

/**
 * POST /api/depreciacao/fechamentos: checks the month (not future 400; already closed or closing 409; after
 * the first close, only the month after the last one 409) and queues the `depreciacao.fechamento` job.
 */
export async function solicitarFechamento(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor,
  competencia: string,
): Promise<JobRow> {
  const hoje = isoDayOf(new Date()).slice(0, 7);
  if (competencia > hoje) throw badRequest(M.fechamentoFuturo, { competencia: M.fechamentoFuturo });
  // A month closes only after its last day (issue 36): the current one from the 1st of the next.
  if (competencia === hoje)
    throw conflict(
      M.fechamentoAntesDoFim(competenciaBR(competencia), `01/${competenciaBR(competenciaDe(mesIndice(hoje) + 1))}`),
    );
  await travarFechamentos(tx, scope);
  const rows = await tx
    .select()
    .from(depreciacaoClosings)
    .where(ofTenant(depreciacaoClosings, scope))
    .orderBy(desc(depreciacaoClosings.competencia));
  const mesmo = rows.find((r) => r.competencia === competencia);
  if (mesmo?.status === 'concluido') throw conflict(M.jaFechado(competenciaBR(competencia)));
  if (mesmo?.status === 'em_andamento') throw conflict(M.emAndamento(competenciaBR(competencia)));
  const ultimo = rows.find((r) => r.status !== 'falhou' || r.competencia !== competencia);
  if (ultimo && ultimo.status === 'em_andamento') throw conflict(M.emAndamento(competenciaBR(ultimo.competencia)));
  const feitos = rows.filter((r) => r.status === 'concluido');
  if (feitos.length) {
    const proximo = competenciaDe(mesIndice(feitos[0].competencia) + 1);
    if (competencia < proximo) throw conflict(M.jaFechado(competenciaBR(competencia)));
    if (competencia > proximo) throw conflict(M.foraDeOrdemFechamento(competenciaBR(proximo)));
  }
  await exigirContasMapeadas(tx, scope);
  const job = await createJob(tx, out, scope, {
    ownerId: actor.id,
    name: 'depreciacao.fechamento',
    title: `Fechamento de depreciação ${competenciaBR(competencia)}`,
    payload: { competencia },
    audit: {
      action: 'DEPRECIACAO_FECHAMENTO',
      entityType: 'DepreciacaoFechamento',
      entityId: competencia,
      label: competenciaBR(competencia),
      details: { new_value: { competencia } },
    },
  });
  if (mesmo) await tx.delete(depreciacaoClosings).where(eq(depreciacaoClosings.id, mesmo.id));
  await tx.insert(depreciacaoClosings).values({
    municipalityId: scope.municipalityId,
    competencia,
    status: 'em_andamento',
    jobId: job.id,
    closedById: actor.id,
    closedByName: actor.name,
  });
  return job;
}

/** DELETE /api/depreciacao/fechamentos/:competencia: only the last closed month; its entries are removed. */
export async function reabrirFechamento(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  competencia: string,
): Promise<{ competencia: string }> {
  await travarFechamentos(tx, scope);
  // A failed close of a later month is not a close: it does not block reopening and goes with it.
  const [ultimo] = await tx
    .select()
    .from(depreciacaoClosings)
    .where(and(ofTenant(depreciacaoClosings, scope), ne(depreciacaoClosings.status, 'falhou')))
    .orderBy(desc(depreciacaoClosings.competencia))
    .limit(1);
  const alvo = ultimo?.competencia === competencia ? ultimo : null;
  if (!alvo) {
    const fechado = ultimo && competencia < ultimo.competencia;
    throw conflict(fechado ? M.reabrirSoUltimo(competenciaBR(ultimo.competencia)) : M.naoFechado);
  }
  if (alvo.status === 'em_andamento') throw conflict(M.emAndamento(competenciaBR(competencia)));
  // Its postings are reversed (kept, marked): 409 once the month is locked in the accounting.
  await estornarDepreciacao(tx, scope, out.actor && { id: out.actor.id, name: out.actor.name }, competencia);
  await tx
    .delete(depreciacaoLancamentos)
    .where(and(ofTenant(depreciacaoLancamentos, scope), eq(depreciacaoLancamentos.competencia, competencia)));
  await tx
    .delete(depreciacaoClosings)
    .where(and(ofTenant(depreciacaoClosings, scope), gte(depreciacaoClosings.competencia, competencia)));
  await record(
    tx,
    out,
    {
      action: 'DEPRECIACAO_REABERTURA',
      entityType: 'DepreciacaoFechamento',
      entityId: competencia,
      label: competenciaBR(competencia),
      details: { old_value: { competencia, bens: alvo.patrimonioCount, totalQuota: alvo.totalAmount } },
    },
    liveEvent(room.municipality(scope.municipalityId), 'depreciacao.fechamento', { competencia, status: 'reaberto' }),
  );
  return { competencia };
}
