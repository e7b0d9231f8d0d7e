import type {
  Conciliacao,
  ContabilidadeConfig,
  ContabilidadeConfigInput,
  ContaContabil,
  ContaCreate,
  ContasImovel,
  ContasMapeamentoInput,
  ContaUpdate,
  ContabilidadeRelatorioRequest,
  DiarioPagina,
  Job,
  LancamentosPagina,
  Razao,
  Rmb,
  SituacaoImovel,
} from '@tombo/shared';
import { http, itemFrom, saveBlob } from '../../lib/http';
import { uploadFile } from '../../lib/upload';

export const fetchPlano = async (signal?: AbortSignal) =>
  (await http.get<{ contas: ContaContabil[] }>('/contabilidade/plano', { signal })).contas;
export const createConta = (body: ContaCreate) => http.post<{ conta: ContaContabil }>('/contabilidade/plano', body);
export const updateConta = (id: number, body: ContaUpdate) =>
  http.put<{ conta: ContaContabil }>(`/contabilidade/plano/${id}`, body);

export const fetchConfig = async (signal?: AbortSignal) =>
  (await http.get<{ config: ContabilidadeConfig }>('/contabilidade/config', { signal })).config;
export const putConfig = (body: ContabilidadeConfigInput) =>
  http.put<{ config: ContabilidadeConfig }>('/contabilidade/config', body);

export const fetchContasImoveis = async (signal?: AbortSignal) =>
  (await http.get<{ contasImoveis: ContasImovel[] }>('/contabilidade/contas-imoveis', { signal })).contasImoveis;
export const putContasImovel = (situacao: SituacaoImovel, contas: ContasMapeamentoInput, version: number) =>
  http.put<unknown>(`/contabilidade/contas-imoveis/${situacao}`, { contas, version });

/** The journal's filters (empty strings: not set). */
export interface LancamentosFiltro {
  de: string;
  ate: string;
  contaId: string;
}

function lancamentosParams(f: LancamentosFiltro, extra: Record<string, string> = {}) {
  const p = new URLSearchParams(extra);
  if (f.de) p.set('de', f.de);
  if (f.ate) p.set('ate', f.ate);
  if (f.contaId) p.set('contaId', f.contaId);
  return p;
}

/** One page of entries after `cursor` (none: from the first). */
export const fetchLancamentos = (f: LancamentosFiltro, cursor: string | null, signal?: AbortSignal) =>
  http.get<LancamentosPagina>(
    `/contabilidade/lancamentos?${lancamentosParams(f, { limit: '100', ...(cursor ? { cursor } : {}) })}`,
    { signal },
  );

/**
 * The period's entries as the CSV an accounting system reads (pt-BR, ';'): the server answers a page at a time with
 * the next cursor in `X-Cursor` (the same one when nothing is left); the pages are joined under one header.
 */
export async function downloadLancamentosCsv(f: LancamentosFiltro) {
  const parts: string[] = [];
  let cursor: string | null = null;
  let fileName: string | null = null;
  for (;;) {
    const extra: Record<string, string> = { formato: 'csv', limit: '1000', ...(cursor ? { cursor } : {}) };
    const page = await http.download(`/contabilidade/lancamentos?${lancamentosParams(f, extra)}`);
    fileName ??= page.fileName;
    const text = (await page.blob.text()).replace(/^\uFEFF/, '');
    const [header, ...lines] = text.split('\r\n').filter((l) => l !== '');
    if (!parts.length) parts.push(header);
    parts.push(...lines);
    const next = page.headers.get('X-Cursor');
    if (!lines.length || !next || next === cursor) break;
    cursor = next;
  }
  const blob = new Blob(['\uFEFF' + parts.join('\r\n') + '\r\n'], { type: 'text/csv;charset=utf-8' });
  saveBlob(blob, fileName ?? 'lancamentos.csv');
}

/** GET /api/contabilidade/rmb: the month's statement per account. */
export const fetchRmb = (competencia: string, signal?: AbortSignal) =>
  http.get<Rmb>(`/contabilidade/rmb?${new URLSearchParams({ competencia })}`, { signal });

/** The month's balances of every account as the treasury's CSV. */
export async function downloadSaldosCsv(competencia: string) {
  const { blob, fileName } = await http.download(
    `/contabilidade/saldos?${new URLSearchParams({ competencia, formato: 'csv' })}`,
  );
  saveBlob(blob, fileName ?? `saldos-${competencia}.csv`);
}

/** POST /api/contabilidade/conciliacoes: the accounting system's balances (CSV conta;saldo) for a month. */
export async function postConciliacao(competencia: string, file: File) {
  const r = await uploadFile<{ conciliacao: Conciliacao }>('/contabilidade/conciliacoes', file, file.name, {
    fields: { competencia },
  });
  return r.conciliacao;
}

/** The journal's or a ledger's period (and account): 'YYYY-MM-DD' days, the account id for the ledger. */
export interface LivroFiltro {
  livro: 'diario' | 'razao';
  de: string;
  ate: string;
  contaId: number | null;
}

/** GET /api/contabilidade/diario: a page of the journal of the period after `cursor`. */
export const fetchDiario = (f: LivroFiltro, cursor: string | null, signal?: AbortSignal) =>
  http.get<DiarioPagina>(
    `/contabilidade/diario?${new URLSearchParams({ de: f.de, ate: f.ate, ...(cursor ? { cursor } : {}) })}`,
    { signal },
  );

/** GET /api/contabilidade/razao: a page of the account's ledger of the period after `cursor`. */
export const fetchRazao = (f: LivroFiltro, cursor: string | null, signal?: AbortSignal) =>
  http.get<Razao>(
    `/contabilidade/razao?${new URLSearchParams({
      contaId: String(f.contaId),
      de: f.de,
      ate: f.ate,
      ...(cursor ? { cursor } : {}),
    })}`,
    { signal },
  );

/** POST /api/contabilidade/relatorios: the paper as a job, followed on the page and in Downloads. */
export async function requestRelatorioContabil(body: ContabilidadeRelatorioRequest): Promise<Job> {
  return itemFrom<Job>(await http.post('/contabilidade/relatorios', body), 'job');
}
