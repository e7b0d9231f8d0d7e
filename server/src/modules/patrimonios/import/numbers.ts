import type { Db } from '../../../db/client';
import type { TenantScope } from '../../../tenancy/scope';
import { allocateNumbers, getPattern } from '../../numbering';

/**
 * Issues one number per row from its sector's numbering sequence, inside the caller's transaction:
 * sectors in code order, each sector's rows numbered in their order. Both sheet imports (the asset
 * sheet and the wizard's "Gerar números automaticamente") number through here.
 */
export async function issueNumbers(tx: Db, scope: TenantScope, sectorCodes: readonly string[]): Promise<string[]> {
  const pattern = await getPattern(tx, scope);
  const bySector = new Map<string, number[]>();
  sectorCodes.forEach((code, i) => {
    const list = bySector.get(code);
    if (list) list.push(i);
    else bySector.set(code, [i]);
  });
  const out = new Array<string>(sectorCodes.length);
  for (const code of [...bySector.keys()].sort()) {
    const rows = bySector.get(code)!;
    const nums = await allocateNumbers(tx, scope, pattern, code, rows.length);
    rows.forEach((i, k) => (out[i] = nums[k]));
  }
  return out;
}
