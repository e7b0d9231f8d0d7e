import { useEffect, useState } from 'react';

/**
 * The ticked rows, kept across pages (the list is paged on the server) with the version each was seen at, which
 * follows live patches of the rows on screen; or 'every record the filters match'. A change of filters clears it.
 */
export function useSelection<T extends { id: number; version?: number }>(rows: T[], filtersKey: string) {
  const [picked, setPicked] = useState<Map<number, T>>(() => new Map());
  const [allFiltered, setAllFiltered] = useState(false);
  const [key, setKey] = useState(filtersKey);
  if (key !== filtersKey) {
    setKey(filtersKey);
    setPicked(new Map());
    setAllFiltered(false);
  }
  useEffect(() => {
    const stale = rows.filter((r) => picked.has(r.id) && picked.get(r.id)!.version !== r.version);
    if (stale.length) setPicked((m) => new Map([...m, ...stale.map((r) => [r.id, r] as const)]));
  }, [rows, picked]);
  return {
    ids: new Set(picked.keys()),
    rows: [...picked.values()],
    count: picked.size,
    allFiltered,
    toggle: (list: T[], on: boolean) => {
      setAllFiltered(false);
      setPicked((m) => {
        const next = new Map(m);
        for (const r of list) {
          if (on) next.set(r.id, r);
          else next.delete(r.id);
        }
        return next;
      });
    },
    selectAllFiltered: () => setAllFiltered(true),
    clear: () => {
      setPicked(new Map());
      setAllFiltered(false);
    },
  };
}
