/**
 * Exact list totals, remembered per node and keyed on the municipality's asset version
 * (asset_versions, bumped by a trigger in the same transaction as any asset write): paging or
 * re-sorting a list of 100,000 assets counts once per version. The list reads the current version in
 * the same statement as its page and recounts when it moved, so a total is never older than the
 * rows it comes with. Old versions age out (least recently used first).
 */
const MAX_ENTRIES = 5000;
const totals = new Map<string, number>();
/** The newest asset version this node has seen per municipality: the first guess of the next list. */
const latest = new Map<number, number>();

export function versionHint(municipalityId: number): number | undefined {
  return latest.get(municipalityId);
}

export function noteVersion(municipalityId: number, version: number): void {
  if ((latest.get(municipalityId) ?? -1) < version) latest.set(municipalityId, version);
}

/** The total under `key`, counting (and remembering) it on a miss; `key` null = always count. */
export async function cachedTotal(key: string | null, count: () => Promise<number>): Promise<number> {
  if (key == null) return count();
  const hit = totals.get(key);
  if (hit !== undefined) {
    totals.delete(key);
    totals.set(key, hit);
    return hit;
  }
  const n = await count();
  totals.set(key, n);
  if (totals.size > MAX_ENTRIES) totals.delete(totals.keys().next().value!);
  return n;
}

/** Key of a total: municipality, version, the user's sector scope and the filters. */
export function totalKey(
  municipalityId: number,
  version: number | undefined,
  sectorIds: readonly number[] | null,
  filters: object,
): string | null {
  return version === undefined ? null : JSON.stringify([municipalityId, version, sectorIds, filters]);
}
