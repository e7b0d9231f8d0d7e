import type { Db } from '../../db/client';

/** What another area may keep an asset from: being written off (or deleted), or moving to another sector. */
export type HeldAct = 'writeOff' | 'move';

/**
 * The assets among `ids` another area keeps from the act now (a loan), each with its pt-BR reason. Those
 * areas register their hold here (`registerAssetHold`, from their index), so the register never imports
 * them: the areas built on assets depend on it, not the other way round. Set-based, for the bulk edit.
 */
export type AssetHold = (tx: Db, ids: readonly number[], act: HeldAct) => Promise<Map<number, string>>;

const holds: AssetHold[] = [];

/** Adds a hold (once per area, when its index loads). */
export function registerAssetHold(hold: AssetHold): void {
  if (!holds.includes(hold)) holds.push(hold);
}

/** Each asset of `ids` a registered hold keeps from the act, with the first hold's reason. */
export async function heldAmong(tx: Db, ids: readonly number[], act: HeldAct): Promise<Map<number, string>> {
  const held = new Map<number, string>();
  if (!ids.length) return held;
  for (const hold of holds)
    for (const [id, reason] of await hold(tx, ids, act)) if (!held.has(id)) held.set(id, reason);
  return held;
}

/** The first registered hold's reason to keep the asset from the act (a write-off by default), or null. */
export async function heldBy(tx: Db, patrimonioId: number, act: HeldAct = 'writeOff'): Promise<string | null> {
  return (await heldAmong(tx, [patrimonioId], act)).get(patrimonioId) ?? null;
}
