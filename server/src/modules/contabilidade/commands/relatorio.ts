import {
  CONTABILIDADE_RELATORIO_TITULOS as TITULOS,
  competenciaBR,
  formatDate,
  type ContabilidadeRelatorioRequest,
} from '@tombo/shared';
import type { Db } from '../../../db/client';
import type { Outbox } from '../../../db/tx';
import type { TenantScope } from '../../../tenancy/scope';
import { createJob, type JobRow } from '../../jobs';
import { contaDoPlano } from '../queries';

const FORMATO = { pdf: 'PDF', xlsx: 'XLSX' } as const;

/** The paper's title with what it covers: 'Livro Razão — 1.2.3.1.1.02, 01/01/2025 a 31/01/2025'. */
export async function tituloDoRelatorio(tx: Db, scope: TenantScope, r: ContabilidadeRelatorioRequest) {
  const periodo = `${formatDate(r.de)} a ${formatDate(r.ate)}`;
  if (r.tipo === 'rmb') return `${TITULOS.rmb} — ${competenciaBR(r.competencia!)}`;
  if (r.tipo === 'diario') return `${TITULOS.diario} — ${periodo}`;
  const conta = await contaDoPlano(tx, scope, r.contaId!);
  return `${TITULOS.razao} — ${conta.code}, ${periodo}`;
}

/**
 * POST /api/contabilidade/relatorios: a queued job for the paper (the account of a ledger checked first: 404 when not
 * the municipality's, and no job). Hand the row to the queue after the commit (`enqueueJob`).
 */
export async function solicitarRelatorio(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  ownerId: number,
  r: ContabilidadeRelatorioRequest,
): Promise<JobRow> {
  const titulo = await tituloDoRelatorio(tx, scope, r);
  // The log says what the paper covers in words ('de'/'ate' are labelled for the numbering's ranges).
  const cobre =
    r.tipo === 'rmb' ? { competencia: r.competencia } : { periodo: `${formatDate(r.de)} a ${formatDate(r.ate)}` };
  return createJob(tx, out, scope, {
    ownerId,
    name: 'contabilidade-relatorio.generate',
    title: `${titulo} (${FORMATO[r.formato]})`,
    payload: { ...r },
    audit: {
      action: 'CONTABILIDADE_REPORT_GENERATE',
      entityType: 'ContabilidadeRelatorio',
      label: titulo,
      details: { new_value: { tipo: r.tipo, formato: r.formato, ...cobre, contaId: r.contaId } },
    },
  });
}
