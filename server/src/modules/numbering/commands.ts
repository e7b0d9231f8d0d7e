import { and, eq, sql } from 'drizzle-orm';
import { NUMBERING_MSG, room, type NumberingBody, type NumberingPattern } from '@tombo/shared';
import type { Db } from '../../db/client';
import { numberingPatterns, numberingSequences } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { HttpError, conflict } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { getPattern, highestTaken, sequenceOf, takenNumbers } from './queries';

/**
 * Transaction-level advisory lock per municipality: shared by allocations, exclusive for a pattern change,
 * so numbers are allocated under the pattern in force until they commit (two patterns can render one text).
 */
const PATTERN_LOCK = 7_270_012;

/** Saves the scope's municipality's pattern (409 on a stale version); waits for allocations under the old one. */
export async function savePattern(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: NumberingBody,
): Promise<NumberingPattern> {
  const m = scope.municipalityId;
  // Waits for allocations under the old pattern to commit; later ones read the new one.
  await tx.execute(sql`select pg_advisory_xact_lock(${PATTERN_LOCK}::int, ${m}::int)`);
  const old = await getPattern(tx, scope);
  if (input.version !== old.version) throw conflict();
  const separator = input.separator ?? '';
  await tx
    .insert(numberingPatterns)
    .values({ municipalityId: m, components: input.components, separator, version: 1 })
    .onConflictDoUpdate({
      target: numberingPatterns.municipalityId,
      set: {
        components: input.components,
        separator,
        updatedAt: new Date(),
        version: sql`${numberingPatterns.version} + 1`,
      },
    });
  const saved = await getPattern(tx, scope);
  await record(
    tx,
    out,
    {
      action: 'NUMBERING_UPDATE',
      entityType: 'NumberingPattern',
      entityId: m,
      details: {
        old_value: { components: old.components, separator: old.separator },
        new_value: { components: saved.components, separator: saved.separator },
      },
    },
    liveEvent(room.municipality(m), 'catalog.changed', { catalog: 'numeracao' }),
  );
  return saved;
}

const exhausted = () => new HttpError(422, 'UNPROCESSABLE', NUMBERING_MSG.exhausted);

/**
 * Issues `n` consecutive numbers for one sector inside the caller's transaction, under the pattern in
 * force (`_pattern`, as the caller read it, is re-read under the lock). The counter of (municipality,
 * sector, year) is incremented with INSERT … ON CONFLICT DO UPDATE … RETURNING: its row lock serialises
 * concurrent creators until commit, and a rollback gives the numbers back — no gaps, no duplicates. If
 * a number is already taken (imported, or issued before sequences were keyed so), the sequence jumps
 * past the highest number of its shape.
 */
export async function allocateNumbers(
  tx: Db,
  scope: TenantScope,
  _pattern: NumberingPattern,
  sectorCode: string,
  n: number,
  now = new Date(),
): Promise<string[]> {
  const municipalityId = scope.municipalityId;
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PATTERN_LOCK}::int, ${municipalityId}::int)`);
  const seq = sequenceOf(await getPattern(tx, scope), sectorCode, now);
  const key = { municipalityId, ...seq.key };
  const [row] = await tx
    .insert(numberingSequences)
    .values({ ...key, lastValue: n })
    .onConflictDoUpdate({
      target: [numberingSequences.municipalityId, numberingSequences.sectorCode, numberingSequences.year],
      set: { lastValue: sql`${numberingSequences.lastValue} + ${n}` },
    })
    .returning({ last: numberingSequences.lastValue });
  let last = Number(row.last);
  if (last > seq.max) throw exhausted();
  const numbers = (to: number) => Array.from({ length: n }, (_, i) => seq.render(to - n + 1 + i));
  if ((await takenNumbers(tx, scope, numbers(last), 1)).length === 0) return numbers(last);
  // The highest taken is at least the clashing one (≥ last - n + 1): the counter only goes up.
  last = (await highestTaken(tx, scope, seq)) + n;
  if (last > seq.max) throw exhausted();
  await tx
    .update(numberingSequences)
    .set({ lastValue: last })
    .where(
      and(
        eq(numberingSequences.municipalityId, municipalityId),
        eq(numberingSequences.sectorCode, key.sectorCode),
        eq(numberingSequences.year, key.year),
      ),
    );
  return numbers(last);
}
