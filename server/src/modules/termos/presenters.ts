import type { TermoStatus, TermoVersao } from '@tombo/shared';
import type { termoVersions } from '../../db/schema';

export type TermoRow = typeof termoVersions.$inferSelect;

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
    numero: r.number,
    versao: r.versionNumber,
    setorId: r.sectorId,
    setorNome: r.sectorName,
    localId: r.localId,
    localNome: r.localName,
    responsavel: r.holderName,
    motivo: r.reason,
    automatico: r.automatic,
    itens: r.items.length,
    total: r.total,
    status: statusOf(r, job.status),
    error: r.error ?? (job.status === 'failed' ? job.error : null),
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdByName,
    jobId: r.jobId,
  };
}
