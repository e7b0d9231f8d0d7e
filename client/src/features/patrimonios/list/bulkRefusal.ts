import { PATRIMONIO_BULK_MSG, type PatrimonioBulkRecusado } from '@tombo/shared';
import type { BulkRefusal } from '../../../components/register';
import { ApiError, errorMessage } from '../../../lib/http';

const BULK_FIELDS: Record<string, string> = {
  tipoId: 'Tipo',
  formaAquisicaoId: 'Forma de aquisição',
  sectorId: 'Setor',
  localId: 'Local',
  status: 'Status',
  estado_conservacao: 'Conservação',
  observacoes: 'Observações',
};

/** A refusal of PATCH /api/patrimonios in pt-BR, with the refused assets by number (`numbers`: id → number). */
export function bulkRefusal(err: unknown, numbers: Map<number, string>): BulkRefusal {
  if (!(err instanceof ApiError)) return { message: errorMessage(err), items: [] };
  const d = err.details ?? {};
  if (err.status === 409 && Array.isArray(d.ids)) {
    const ids = d.ids as number[];
    return {
      message: PATRIMONIO_BULK_MSG.stale(ids.length),
      items: ids.map((id) => ({ label: numbers.get(id) ?? `#${id}`, reason: 'alterado por outra pessoa' })),
    };
  }
  if (err.status === 409 && typeof d.esperado === 'number' && typeof d.atual === 'number')
    return { message: PATRIMONIO_BULK_MSG.countChanged(d.esperado, d.atual), items: [] };
  if (err.status === 413 && typeof d.limite === 'number')
    return { message: PATRIMONIO_BULK_MSG.tooMany(d.limite), items: [] };
  if (Array.isArray(d.recusados)) {
    const list = d.recusados as PatrimonioBulkRecusado[];
    return {
      message: `${PATRIMONIO_BULK_MSG.refused(list.length)} Nada foi alterado.`,
      items: list.map((r) => ({ label: r.numero_patrimonio, reason: r.motivo })),
      canSkip: true,
    };
  }
  const items = Object.entries(err.fields ?? {}).map(([k, v]) => ({ label: BULK_FIELDS[k] ?? k, reason: v }));
  return { message: err.message, items: items.filter((x) => x.reason !== err.message) };
}
