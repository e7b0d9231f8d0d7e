import type { AnaliseGrupoResponse, AnaliseTemporalResponse } from '@tombo/shared';
import { http, saveBlob } from '../../lib/http';

const qs = (params: Record<string, string>) => {
  const s = new URLSearchParams(params).toString();
  return s ? `?${s}` : '';
};

/** GET /api/analises/setor | /tipo */
export const fetchGrupo = (por: 'setor' | 'tipo', params: Record<string, string>) =>
  http.get<AnaliseGrupoResponse>(`/analises/${por}${qs(params)}`);

/** GET /api/analises/temporal */
export const fetchTemporal = (params: Record<string, string>) =>
  http.get<AnaliseTemporalResponse>(`/analises/temporal${qs(params)}`);

/** Downloads the analysis as XLSX with the same filters (the server writes the file). */
export async function downloadXlsx(kind: 'setor' | 'tipo' | 'temporal', params: Record<string, string>) {
  const { blob, fileName } = await http.download(`/analises/${kind}/xlsx${qs(params)}`);
  saveBlob(blob, fileName ?? `analise-${kind}.xlsx`);
}
