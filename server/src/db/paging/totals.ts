/**
 * Exact list totals, remembered per node and keyed on a version of the municipality's register
 * (asset_versions for assets, imovel_versions for properties: bumped by a trigger in the same
 * transaction as any write): paging or re-sorting a list of 100,000 assets counts once per version. The list reads the current version in
 * the same statement as its page and recounts when it moved, so a total is never older than the
 * rows it comes with. Old versions age out (least recently used first).
 */
const MAX_ENTRIES = 5000;
const totals = new Map<string, number>();
/** Which register a version counts: its totals and hints never mix with another's. */
export type Register = 'patrimonios' | 'imoveis';
/** The newest version this node has seen per register and municipality: the first guess of the next list. */
const latest = new Map<string, number>();

export function versionHint(register: Register, municipalityId: number): number | undefined {
  return latest.get(`${register}:${municipalityId}`);
}

export function noteVersion(register: Register, municipalityId: number, version: number): void {
  const key = `${register}:${municipalityId}`;
  if ((latest.get(key) ?? -1) < version) latest.set(key, version);
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

/** Key of a total: register, municipality, version, the user's sector scope and the filters. */
export function totalKey(
  register: Register,
  municipalityId: number,
  version: number | undefined,
  sectorIds: readonly number[] | null,
  filters: object,
): string | null {
  return version === undefined ? null : JSON.stringify([register, municipalityId, version, sectorIds, filters]);
}
