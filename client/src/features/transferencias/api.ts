import type {
  Job,
  PatrimonioListItem,
  TransferCreate,
  TransferDecisionBody,
  TransferExportBody,
  TransferList,
  TransferReport,
  Transferencia,
} from '@tombo/shared';
import { http, itemFrom } from '../../lib/http';

/** Query of GET /api/transferencias or of the report, as strings ready for the URL. */
export type TransferParams = Record<string, string>;

/** What a request or a decision answers: the request and the asset's list row after it. */
export interface TransferResult {
  transferencia: Transferencia;
  patrimonio: PatrimonioListItem;
}

const qs = (params: TransferParams) => {
  const s = new URLSearchParams(params).toString();
  return s ? `?${s}` : '';
};

export async function fetchTransfers(params: TransferParams, signal?: AbortSignal): Promise<TransferList> {
  return http.get<TransferList>(`/transferencias${qs(params)}`, { signal });
}

export async function fetchTransfer(id: number): Promise<Transferencia> {
  return itemFrom<Transferencia>(await http.get(`/transferencias/${id}`), 'transferencia');
}

export async function createTransfer(body: TransferCreate): Promise<TransferResult> {
  return http.post<TransferResult>('/transferencias', body);
}

export async function decideTransfer(id: number, body: TransferDecisionBody): Promise<TransferResult> {
  return http.post<TransferResult>(`/transferencias/${id}/decisao`, body);
}

export async function fetchTransferReport(params: TransferParams, signal?: AbortSignal): Promise<TransferReport> {
  return http.get<TransferReport>(`/relatorios/transferencias${qs(params)}`, { signal });
}

export async function exportTransferReport(body: TransferExportBody): Promise<Job> {
  return itemFrom<Job>(await http.post('/relatorios/transferencias/export', body), 'job');
}
