import type {
  FormField,
  Importacao,
  ImportacaoAnaliseBody,
  ImportacaoAnaliseResult,
  ImportacaoConfirmarBody,
  ImportacaoPendentes,
  ImportacaoPendentesBody,
  ImportacaoPendentesResult,
  ImportacaoReport,
  Job,
} from '@tombo/shared';
import { http, itemFrom, listFrom, saveBlob } from '../../lib/http';
import { uploadFile, type UploadOptions } from '../../lib/upload';

/** Sends the register file (POST /api/importacoes): what was detected and the first rows. */
export async function uploadRegister(file: File, opts: UploadOptions = {}): Promise<Importacao> {
  return itemFrom<Importacao>(await uploadFile('/importacoes', file, file.name, opts), 'importacao');
}

/** Queues the analysis of the file under a mapping (202 `{ job }`: `importacao.analise`). */
export async function analyseRegister(id: string, body: ImportacaoAnaliseBody): Promise<Job> {
  return itemFrom<Job>(await http.post(`/importacoes/${id}/analise`, body), 'job');
}

/** The analysis job's result: row counts, bad rows, distinct values to map, the column names. */
export async function fetchAnalysis(jobId: string): Promise<ImportacaoAnaliseResult> {
  const { blob } = await http.download(`/jobs/${jobId}/download`);
  return JSON.parse(await blob.text()) as ImportacaoAnaliseResult;
}

/** Queues the import job (202 `{ job }`). */
export async function confirmRegister(id: string, body: ImportacaoConfirmarBody): Promise<Job> {
  return itemFrom<Job>(await http.post(`/importacoes/${id}/confirmar`, body), 'job');
}

/** Saves the CSV of every bad row of the last analysis. */
export async function downloadErrors(imp: Importacao): Promise<void> {
  const { blob, fileName } = await http.download(`/importacoes/${imp.id}/erros`);
  saveBlob(blob, fileName ?? 'importacao-erros.csv');
}

/** The import job's report (its JSON result file). */
export async function fetchReport(jobId: string): Promise<ImportacaoReport> {
  const { blob } = await http.download(`/jobs/${jobId}/download`);
  return JSON.parse(await blob.text()) as ImportacaoReport;
}

export interface Option {
  id: number;
  name: string;
  sectorId?: number;
}

/** The municipality's sectors, places, asset types and acquisition forms (what a value may be mapped to). */
export async function fetchCatalogOptions(): Promise<Record<'setor' | 'local' | 'tipo' | 'forma', Option[]>> {
  const [s, l, t, f] = await Promise.all([
    http.get('/sectors'),
    http.get('/locais'),
    http.get('/tipos-bens'),
    http.get('/formas-aquisicao'),
  ]);
  const named = (list: Array<Record<string, unknown>>, key = 'name') =>
    list.map((x) => ({
      id: Number(x.id),
      name: String(x[key] ?? x.name ?? x.nome ?? ''),
      ...(x.sectorId != null ? { sectorId: Number(x.sectorId) } : {}),
    }));
  return {
    setor: named(listFrom(s, 'sectors')),
    local: named(listFrom(l, 'locais')),
    tipo: named(listFrom(t, 'tiposBens')),
    forma: named(listFrom(f, 'formasAquisicao'), 'nome'),
  };
}

/** The cache key of the custom fields the wizard maps (and creates). */
export const CUSTOM_FIELDS_KEY = ['importacao', 'custom-fields'];
/** The custom fields of the asset form (the municipality's and installation-wide): target columns too. */
export async function fetchCustomFields(): Promise<FormField[]> {
  return listFrom<FormField>(await http.get('/asset-form-fields'), 'fields').filter((f) => f.isCustom);
}

/** The pending rows of an import (GET /api/importacoes/:id/pendentes). */
export async function fetchPending(id: string): Promise<ImportacaoPendentes> {
  return itemFrom<ImportacaoPendentes>(await http.get(`/importacoes/${id}/pendentes`), 'pendentes');
}

/** Saves corrected values; the answer has every pending row checked again. */
export async function savePending(id: string, body: ImportacaoPendentesBody): Promise<ImportacaoPendentes> {
  return itemFrom<ImportacaoPendentes>(await http.put(`/importacoes/${id}/pendentes`, body), 'pendentes');
}

/** Commits the pending rows now valid; the others stay pending. */
export async function confirmPending(id: string, version: number): Promise<ImportacaoPendentesResult> {
  return itemFrom<ImportacaoPendentesResult>(
    await http.post(`/importacoes/${id}/pendentes/confirmar`, { version }),
    'resultado',
  );
}
