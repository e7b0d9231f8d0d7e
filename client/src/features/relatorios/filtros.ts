import { formatDate, parseDateBR, type ReportFiltrosInput } from '@tombo/shared';

/** The report filters as the form edits them (ids as strings, dates as dd/mm/aaaa). */
export interface FiltrosDraft {
  sectorId: string;
  localId: string;
  tipoId: string;
  formaId: string;
  status: string[];
  dataDe: string;
  dataAte: string;
}
export const EMPTY_FILTROS: FiltrosDraft = {
  sectorId: '',
  localId: '',
  tipoId: '',
  formaId: '',
  status: [],
  dataDe: '',
  dataAte: '',
};

/** Draft → API filters (empty ones left out); an unreadable date is returned in `errors`. */
export function toFiltros(d: FiltrosDraft): { filtros: ReportFiltrosInput; errors: Record<string, string> } {
  const filtros: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const k of ['sectorId', 'localId', 'tipoId', 'formaId'] as const) if (d[k]) filtros[k] = Number(d[k]);
  if (d.status.length) filtros.status = d.status;
  for (const k of ['dataDe', 'dataAte'] as const) {
    if (!d[k]) continue;
    const iso = parseDateBR(d[k]);
    if (iso) filtros[k] = iso;
    else errors[k] = 'Data inválida';
  }
  return { filtros: filtros as ReportFiltrosInput, errors };
}

/** API filters → draft. */
export function fromFiltros(f: ReportFiltrosInput | undefined): FiltrosDraft {
  const s = (v: unknown) => (v == null ? '' : String(v));
  const status = f?.status;
  return {
    sectorId: s(f?.sectorId),
    localId: s(f?.localId),
    tipoId: s(f?.tipoId),
    formaId: s(f?.formaId),
    status: Array.isArray(status) ? status : status ? String(status).split(',') : [],
    dataDe: f?.dataDe ? formatDate(f.dataDe, { invalid: '' }) : '',
    dataAte: f?.dataAte ? formatDate(f.dataAte, { invalid: '' }) : '',
  };
}

/** API filters → query string of the preview (`status` joined by commas). */
export function filtrosQuery(f: ReportFiltrosInput): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v == null || v === '') continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return q;
}
