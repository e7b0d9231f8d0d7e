import { and, eq, inArray, sql } from 'drizzle-orm';
import { NUMBERING_MSG } from '@tombo/shared';
import type { Db } from '../../db/client';
import { imoveis, numberingSequences } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { getPattern, sequenceOf } from '../numbering';

/**
 * Properties are numbered with the municipality's pattern (spec §9), the sector part written 'IM', from
 * their OWN counter: the numbering_sequences row keyed '~IM' (no sector code has a '~'), so issuing a
 * property number never consumes an asset number. A number typed by the user is kept when free (409
 * otherwise); the counter skips numbers already taken by properties.
 */
export const IMOVEL_SECTOR_CODE = 'IM';
const COUNTER_PREFIX = '~';

async function taken(tx: Db, scope: TenantScope, numbers: string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ n: imoveis.numeroPatrimonio })
    .from(imoveis)
    .where(and(ofTenant(imoveis, scope), inArray(imoveis.numeroPatrimonio, numbers)));
  return new Set(rows.map((r) => r.n));
}

/** Issues `n` free property numbers inside the caller's transaction (the counter's row lock serialises creators). */
export async function allocateImovelNumbers(
  tx: Db,
  scope: TenantScope,
  n: number,
  now = new Date(),
): Promise<string[]> {
  const seq = sequenceOf(await getPattern(tx, scope), IMOVEL_SECTOR_CODE, now);
  const key = {
    municipalityId: scope.municipalityId,
    sectorCode: COUNTER_PREFIX + seq.key.sectorCode,
    year: seq.key.year,
  };
  const out: string[] = [];
  while (out.length < n) {
    const want = n - out.length;
    const [row] = await tx
      .insert(numberingSequences)
      .values({ ...key, lastValue: want })
      .onConflictDoUpdate({
        target: [numberingSequences.municipalityId, numberingSequences.sectorCode, numberingSequences.year],
        set: { lastValue: sql`${numberingSequences.lastValue} + ${want}` },
      })
      .returning({ last: numberingSequences.lastValue });
    const last = Number(row.last);
    if (last > seq.max) throw new HttpError(422, 'UNPROCESSABLE', NUMBERING_MSG.exhausted);
    const batch = Array.from({ length: want }, (_, i) => seq.render(last - want + 1 + i));
    const used = await taken(tx, scope, batch);
    out.push(...batch.filter((x) => !used.has(x)));
  }
  return out;
}

/** Whether a property of the municipality already carries `numero` (other than `exceptId`). */
export async function numeroTaken(tx: Db, scope: TenantScope, numero: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: imoveis.id })
    .from(imoveis)
    .where(and(ofTenant(imoveis, scope), eq(imoveis.numeroPatrimonio, numero)));
  return rows.some((r) => r.id !== exceptId);
}
