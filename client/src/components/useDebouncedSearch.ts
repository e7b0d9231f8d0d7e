import { useEffect, useRef, useState } from 'react';

/**
 * A search box's text, applied `ms` after the last key. `apply` is read when the timer fires, not when the key was
 * typed: a filter chosen in the meantime stays (a stale `apply` would write the old filters back with the search).
 * Back/forward or a link that changes the applied text from outside puts it back in the box.
 */
export function useDebouncedSearch(applied: string, apply: (q: string) => void, ms = 350) {
  const [search, setSearch] = useState(applied);
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  useEffect(() => {
    if (search.trim() === applied.trim()) return;
    const t = setTimeout(() => latest.current(search), ms);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  // The URL keeps the text trimmed: a space typed before the next word stays in the box.
  useEffect(() => setSearch((s) => (s.trim() === applied.trim() ? s : applied)), [applied]);
  return [search, setSearch] as const;
}
