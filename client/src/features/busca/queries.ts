import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BUSCA_MAX_CHARS, BUSCA_MIN_CHARS } from '@tombo/shared';
import { fetchBusca } from './api';
import { buscaKeys } from './keys';

/** How long typing must pause before the text is sent. */
export const BUSCA_DEBOUNCE_MS = 200;

/** The text after the user stopped typing for a moment. */
export function useDebounced(value: string, ms = BUSCA_DEBOUNCE_MS): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

/** Grouped results of a text of at least 2 characters; the previous results stay while the next load. */
export function useBusca(text: string) {
  const q = text.trim().slice(0, BUSCA_MAX_CHARS);
  const enabled = q.length >= BUSCA_MIN_CHARS;
  return useQuery({
    queryKey: buscaKeys.text(q),
    queryFn: ({ signal }) => fetchBusca(q, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: enabled ? keepPreviousData : undefined,
  });
}
