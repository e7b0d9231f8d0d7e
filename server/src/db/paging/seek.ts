import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Deep pages without walking the offset: for a (filter, sort, register version) a list remembers the
 * sort key of every ANCHOR_EVERY-th row ("anchors", one pass over the index, built on the first deep
 * page and kept until a row of the municipality's register changes; the key names the register). A page at offset X then starts at the
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
/**
 * Whether a page at `offset` is better read from the anchor before it (skipping `offset % ANCHOR_EVERY`
 * rows) than backwards from the end of the list (skipping `fromEnd` rows, for lists that can).
 */
export const anchorPays = (offset: number, fromEnd = Infinity) =>
  offset >= ANCHOR_EVERY && offset % ANCHOR_EVERY < fromEnd;

export function anchorBefore(anchors: Anchor[], offset: number): Anchor | undefined {
  const i = Math.floor(offset / ANCHOR_EVERY) - 1;
  return i >= 0 && anchors.length ? anchors[Math.min(i, anchors.length - 1)] : undefined;
}

/**
 * Where the rows from an anchor on start, as ordered index ranges. A NOT NULL column is one range
 * (a row-value comparison). A column with empty values sorts them last ascending and first
 * descending (PostgreSQL's default, as ORDER BY here), and row comparisons never match NULL, so the
 * rest of the list may be two ranges: the values from the anchor, then the empty ones (ascending),
 * or the empty ones from the anchor, then the values (descending).
 */
export function seekSegments(col: AnyPgColumn, id: AnyPgColumn, order: 'asc' | 'desc', anchor: Anchor): SQL[] {
  if (order === 'asc') {
    if (anchor.value === null) return [sql`${col} is null and ${id} >= ${anchor.id}`];
    const values = sql`(${col}, ${id}) >= (${anchor.value}, ${anchor.id})`;
    return col.notNull ? [values] : [values, sql`${col} is null`];
  }
  if (anchor.value === null) return [sql`${col} is null and ${id} <= ${anchor.id}`, sql`${col} is not null`];
  return [sql`(${col}, ${id}) <= (${anchor.value}, ${anchor.id})`];
}
