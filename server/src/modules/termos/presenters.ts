import type { TermoStatus, TermoVersao } from '@tombo/shared';
import type { termoVersoes } from '../../db/schema';

export type TermoRow = typeof termoVersoes.$inferSelect;

/** The status a user sees: the row's, or the job's failure while a manual version waits for it. */
function statusOf(r: TermoRow, jobStatus: string | null): TermoStatus {
  if (r.status === 'ready') return 'ready';
  if (r.status === 'failed' || jobStatus === 'failed') return 'failed';
  return 'pending';
}

/** Row (+ its job's status and error, when it has a job) → API shape of a term version. */
export function presentTermo(
  r: TermoRow,
  job: { status: string | null; error: string | null } = { status: null, error: null },
): TermoVersao {
  return {
    id: r.id,
    numero: r.numero,
    versao: r.versao,
    setorId: r.sectorId,
    setorNome: r.setorNome,
    localId: r.localId,
    localNome: r.localNome,
    responsavel: r.responsavel,
    motivo: r.motivo,
    automatico: r.automatico,
    itens: r.itens.length,
    total: r.total,
    status: statusOf(r, job.status),
    error: r.error ?? (job.status === 'failed' ? job.error : null),
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdByName,
    jobId: r.jobId,
  };
}
