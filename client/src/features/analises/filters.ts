import { useSearchParams } from 'react-router';

/** Filters of the analyses, kept in the URL by the asset list's own names (a drill-down reuses them). */
export const FILTER_KEYS = ['sectorId', 'tipoId', 'status', 'dataDe', 'dataAte', 'granularidade'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filtros = Partial<Record<FilterKey, string>>;

/** The filters of `keys` read from the URL, and `set` to change them (replacing the history entry). */
export function useUrlFiltros(keys: readonly FilterKey[]) {
  const [sp, setSp] = useSearchParams();
  const filtros: Filtros = {};
  for (const k of keys) {
    const v = sp.get(k);
    if (v) filtros[k] = v;
  }
  const set = (next: Filtros) => {
    const out = new URLSearchParams();
    for (const k of keys) if (next[k]) out.set(k, next[k]!);
    setSp(out, { replace: true });
  };
  return { filtros, set };
}

/** The asset list (/bens-cadastrados) with the analysis's filters and the clicked group or period. */
export function listaDeBens(f: Filtros): string {
  const sp = new URLSearchParams();
  for (const k of ['sectorId', 'tipoId', 'status', 'dataDe', 'dataAte'] as const) if (f[k]) sp.set(k, f[k]!);
  const s = sp.toString();
  return `/bens-cadastrados${s ? `?${s}` : ''}`;
}
