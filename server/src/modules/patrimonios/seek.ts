/**
 * Deep pages without walking the offset: for a (filter, sort, asset version) the list remembers the
 * sort key of every ANCHOR_EVERY-th row ("anchors", one pass over the index, built on the first deep
 * page and kept until an asset of the municipality changes). A page at offset X then starts at the
 * anchor just before X with a row-value comparison the index serves directly, and skips fewer than
 * ANCHOR_EVERY rows. Columns with empty values continue over two ranges (see seekSegments).
 */
export const ANCHOR_EVERY = 1000;
const MAX_LISTS = 200;

export interface Anchor {
  position: number;
  value: unknown;
  id: number;
}

const lists = new Map<string, Promise<Anchor[]>>();

/** The anchors under `key`, built once (concurrent callers share the build). */
export function anchorsFor(key: string, build: () => Promise<Anchor[]>): Promise<Anchor[]> {
  const hit = lists.get(key);
  if (hit) {
    lists.delete(key);
    lists.set(key, hit);
    return hit;
  }
  const made = build();
  lists.set(key, made);
  made.catch(() => lists.delete(key));
  if (lists.size > MAX_LISTS) lists.delete(lists.keys().next().value!);
  return made;
}

/** The last anchor at or before `offset` (anchors are sorted by position), if any. */
export function anchorBefore(anchors: Anchor[], offset: number): Anchor | undefined {
  const i = Math.floor(offset / ANCHOR_EVERY) - 1;
  return i >= 0 && anchors.length ? anchors[Math.min(i, anchors.length - 1)] : undefined;
}
