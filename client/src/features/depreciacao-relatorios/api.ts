import type {
  DepreciacaoRelatorio,
  DepreciacaoRelatorioFiltros,
  DepreciacaoRelatorioRequest,
  Job,
} from '@tombo/shared';
import { http, itemFrom } from '../../lib/http';

/** The report's rows and totals (what the PDF and the XLSX show). */
export async function fetchRelatorioDepreciacao(f: DepreciacaoRelatorioFiltros): Promise<DepreciacaoRelatorio> {
  const q = new URLSearchParams(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return http.get<DepreciacaoRelatorio>(`/depreciacao/relatorios/dados?${q}`);
}

/** Asks for the PDF or XLSX: a job followed on the page and in Downloads. */
export async function requestRelatorioDepreciacao(body: DepreciacaoRelatorioRequest): Promise<Job> {
  return itemFrom<Job>(await http.post('/depreciacao/relatorios', body), 'job');
}
