import type { DevolucaoBody, EmprestimoBem, EmprestimoList, EmprestimoListItem, ProrrogacaoBody } from '@tombo/shared';
import { http, itemFrom } from '../../lib/http';

/** Query of GET /api/emprestimos as the page builds it (strings, ready for the URL). */
export type LoanListParams = Record<string, string>;

export async function fetchLoans(params: LoanListParams, signal?: AbortSignal): Promise<EmprestimoList> {
  const qs = new URLSearchParams(params).toString();
  return http.get<EmprestimoList>(`/emprestimos${qs ? `?${qs}` : ''}`, { signal });
}

export async function fetchLoanBens(q: string, signal?: AbortSignal): Promise<EmprestimoBem[]> {
  const qs = q ? `?${new URLSearchParams({ q })}` : '';
  return (await http.get<{ bens: EmprestimoBem[] }>(`/emprestimos/bens${qs}`, { signal })).bens;
}

/** Body of POST /api/emprestimos as the form sends it ('yyyy-MM-dd' date, null for the optional fields). */
export interface NewLoanBody {
  patrimonioId: number;
  tomadorNome: string;
  tomadorDocumento: string | null;
  tomadorContato: string | null;
  setorDestinoId: number | null;
  dataPrevistaDevolucao: string;
  observacoes: string | null;
}

export async function createLoan(body: NewLoanBody): Promise<EmprestimoListItem> {
  return itemFrom<EmprestimoListItem>(await http.post('/emprestimos', body), 'emprestimo');
}

export async function returnLoan(id: number, body: DevolucaoBody): Promise<EmprestimoListItem> {
  return itemFrom<EmprestimoListItem>(await http.post(`/emprestimos/${id}/devolucao`, body), 'emprestimo');
}

export async function extendLoan(id: number, body: ProrrogacaoBody): Promise<EmprestimoListItem> {
  return itemFrom<EmprestimoListItem>(await http.post(`/emprestimos/${id}/prorrogacao`, body), 'emprestimo');
}
