import type { Db } from '../../db/client';

/**
 * Why another area keeps the asset now (a loan: its pt-BR reason), or null: a kept asset is neither written
 * off nor deleted. Those areas register their hold here (`registerAssetHold`, from their index), so the
 * register never imports them: the areas built on assets depend on it, not the other way round.
 */
export type AssetHold = (tx: Db, patrimonioId: number) => Promise<string | null>;

const holds: AssetHold[] = [];

/** Adds a hold (once per area, when its index loads). */
export function registerAssetHold(hold: AssetHold): void {
  if (!holds.includes(hold)) holds.push(hold);
}

/** The first registered hold's reason to keep the asset, or null when none keeps it. */
export async function heldBy(tx: Db, patrimonioId: number): Promise<string | null> {
  for (const hold of holds) {
    const reason = await hold(tx, patrimonioId);
    if (reason) return reason;
  }
  return null;
}
