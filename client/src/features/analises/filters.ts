import { useSearchParams } from 'react-router';

/** Filters of the analyses, kept in the URL by the asset list's own names (a drill-down reuses them). */
export const FILTER_KEYS = ['sectorId', 'tipoId', 'status', 'dataDe', 'dataAte', 'granularidade'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filtros = Partial<Record<FilterKey, string>>;

/** The filters of `keys` read from the URL, and `set` to patch them (replacing the history entry). */
export function useUrlFiltros(keys: readonly FilterKey[]) {
  const [sp, setSp] = useSearchParams();
  const filtros: Filtros = {};
  for (const k of keys) {
    const v = sp.get(k);
    if (v) filtros[k] = v;
  }
  // A change is a patch over the URL as it is when applied (a key set to undefined is cleared): two fields
  // applied one right after the other (a date on blur, the next on Enter) both stay. The live URL, not the
  // hook's `prev`: that one is the search of the last render, and the second change may come before the next.
  const set = (patch: Filtros) =>
    setSp(
      () => {
        const prev = new URLSearchParams(window.location.search);
        const out = new URLSearchParams();
        for (const k of keys) {
          const v = k in patch ? patch[k] : (prev.get(k) ?? undefined);
          if (v) out.set(k, v);
        }
        return out;
      },
      { replace: true },
    );
  return { filtros, set };
}

/** The asset list (/bens-cadastrados) with the analysis's filters and the clicked group or period. */
export function listaDeBens(f: Filtros): string {
  const sp = new URLSearchParams();
  for (const k of ['sectorId', 'tipoId', 'status', 'dataDe', 'dataAte'] as const) if (f[k]) sp.set(k, f[k]!);
  const s = sp.toString();
  return `/bens-cadastrados${s ? `?${s}` : ''}`;
}
