import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_NUMBERING,
  NUMBERING_MSG,
  PATRIMONIO_MSG,
  renderNumero,
  room,
  sequenceKey,
  sequenceLength,
  type NextNumbers,
  type NumberingBody,
  type NumberingComponent,
  type NumberingPattern,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { numberingPatterns, numberingSequences, patrimonios, sectors } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { HttpError, conflict, notFound } from '../../http/errors';
import { inScope, type Scope } from '../patrimonios/scope';

type MunicipalActor = Actor & { municipalityId: number };

/**
 * Transaction-level advisory lock per municipality: shared by allocations, exclusive for a pattern change,
 * so numbers are allocated under the pattern in force until they commit (two patterns can render one text).
 */
const PATTERN_LOCK = 7_270_012;

/** The current year where the city halls are (numbers carry the registration year). */
export const currentYear = (now = new Date()) =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(now));

export async function getPattern(db: Db, municipalityId: number): Promise<NumberingPattern> {
  const [row] = await db.select().from(numberingPatterns).where(eq(numberingPatterns.municipalityId, municipalityId));
  const base = row
    ? {
        components: row.components as NumberingComponent[],
        separator: row.separator as NumberingPattern['separator'],
        isDefault: false,
        version: row.version,
      }
    : { ...DEFAULT_NUMBERING, isDefault: true, version: 0 };
  return {
    municipalityId,
    ...base,
    example: renderNumero(base, { year: currentYear(), sectorCode: 'AD', sequence: 1 }),
  };
}

export async function savePattern(
  ctx: AppContext,
  actor: MunicipalActor,
  input: NumberingBody,
): Promise<NumberingPattern> {
  return mutate(ctx, actor, async (tx, out) => {
    // Waits for allocations under the old pattern to commit; later ones read the new one.
    await tx.execute(sql`select pg_advisory_xact_lock(${PATTERN_LOCK}::int, ${actor.municipalityId}::int)`);
    const old = await getPattern(tx, actor.municipalityId);
    if (input.version !== undefined && input.version !== old.version) throw conflict();
    const separator = input.separator ?? '';
    await tx
      .insert(numberingPatterns)
      .values({ municipalityId: actor.municipalityId, components: input.components, separator, version: 1 })
      .onConflictDoUpdate({
        target: numberingPatterns.municipalityId,
        set: {
          components: input.components,
          separator,
          updatedAt: new Date(),
          version: sql`${numberingPatterns.version} + 1`,
        },
      });
    const saved = await getPattern(tx, actor.municipalityId);
    await audit(tx, out, {
      action: 'NUMBERING_UPDATE',
      entityType: 'NumberingPattern',
      entityId: actor.municipalityId,
      details: {
        old_value: { components: old.components, separator: old.separator },
        new_value: { components: saved.components, separator: saved.separator },
      },
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'numeracao' });
    return saved;
  });
}

/** One sector's numbers under a pattern this year: its sequence, the last value that fits, how to write one. */
function sequenceOf(pattern: NumberingPattern, sectorCode: string, now: Date) {
  const year = currentYear(now);
  const length = sequenceLength(pattern);
  const shown = renderNumero(pattern, { year, sectorCode, sequence: null });
  return {
    key: sequenceKey(pattern, { year, sectorCode }),
    max: 10 ** length - 1,
    render: (sequence: number) => renderNumero(pattern, { year, sectorCode, sequence }),
    /** Every number of this pattern, year and sector, the sequence captured (a POSIX regular expression). */
    shape: `^${shown.replace(/[^A-Za-z0-9#]/g, '\\$&').replace('#', `([0-9]{${length}})`)}$`,
  };
}
type Sequence = ReturnType<typeof sequenceOf>;

/** Those of `numbers` some asset of the municipality already carries (at most `limit`). */
async function takenNumbers(db: Db, municipalityId: number, numbers: string[], limit?: number): Promise<string[]> {
  if (!numbers.length) return [];
  const q = db
    .select({ x: patrimonios.numeroPatrimonio })
    .from(patrimonios)
    .where(and(eq(patrimonios.municipalityId, municipalityId), inArray(patrimonios.numeroPatrimonio, numbers)));
  return (await (limit ? q.limit(limit) : q)).map((r) => r.x);
}

/** The highest sequence among the municipality's numbers of `seq`'s shape (0 = none). Only run on a clash. */
async function highestTaken(db: Db, municipalityId: number, seq: Sequence): Promise<number> {
  const n = patrimonios.numeroPatrimonio;
  const [row] = await db
    .select({ top: sql<number | null>`max(substring(${n} from ${seq.shape})::bigint)` })
    .from(patrimonios)
    .where(and(eq(patrimonios.municipalityId, municipalityId), sql`${n} ~ ${seq.shape}`));
  return Number(row?.top ?? 0);
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
  municipalityId: number,
  _pattern: NumberingPattern,
  sectorCode: string,
  n: number,
  now = new Date(),
): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PATTERN_LOCK}::int, ${municipalityId}::int)`);
  const seq = sequenceOf(await getPattern(tx, municipalityId), sectorCode, now);
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
  if ((await takenNumbers(tx, municipalityId, numbers(last), 1)).length === 0) return numbers(last);
  // The highest taken is at least the clashing one (≥ last - n + 1): the counter only goes up.
  last = (await highestTaken(tx, municipalityId, seq)) + n;
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

/**
 * For each sector code, the number `allocateNumbers(…, 1)` would issue now — without issuing it:
 * the counters are only read, and a taken number is skipped the way allocation skips it.
 * null = allocation would answer "exhausted".
 */
export async function peekNextNumbers(
  db: Db,
  municipalityId: number,
  pattern: NumberingPattern,
  sectorCodes: string[],
  now = new Date(),
): Promise<Array<string | null>> {
  const seqs = sectorCodes.map((code) => sequenceOf(pattern, code, now));
  if (!seqs.length) return [];
  const idOf = (s: Sequence) => `${s.key.sectorCode}|${s.key.year}`;
  const rows = await db
    .select({ sectorCode: numberingSequences.sectorCode, last: numberingSequences.lastValue })
    .from(numberingSequences)
    .where(
      and(
        eq(numberingSequences.municipalityId, municipalityId),
        eq(numberingSequences.year, seqs[0].key.year), // one pattern, one moment: one year for all
        inArray(numberingSequences.sectorCode, [...new Set(seqs.map((s) => s.key.sectorCode))]),
      ),
    );
  const lastOf = new Map(rows.map((r) => [`${r.sectorCode}|${seqs[0].key.year}`, Number(r.last)]));
  const next = seqs.map((s) => (lastOf.get(idOf(s)) ?? 0) + 1);
  const taken = new Set(
    await takenNumbers(db, municipalityId, [
      ...new Set(seqs.flatMap((s, i) => (next[i] <= s.max ? [s.render(next[i])] : []))),
    ]),
  );
  // Usually nothing is taken; where something is, allocation would jump past the highest of its shape.
  const tops = new Map<string, number>();
  for (const [i, s] of seqs.entries()) {
    if (next[i] > s.max || !taken.has(s.render(next[i]))) continue;
    if (!tops.has(s.shape)) tops.set(s.shape, await highestTaken(db, municipalityId, s));
    next[i] = tops.get(s.shape)! + 1;
  }
  return seqs.map((s, i) => (next[i] <= s.max ? s.render(next[i]) : null));
}

/**
 * GET /api/numeracao/proximo: the next number of one sector (404 if not the caller's) or of every
 * sector the caller sees assets of, by name. Read-only: nothing is reserved.
 */
export async function nextNumbers(db: Db, scope: Scope, sectorId?: number): Promise<NextNumbers> {
  const m = scope.municipalityId;
  const mine = eq(sectors.municipalityId, m);
  const list = (
    await db
      .select({ id: sectors.id, name: sectors.name, code: sectors.code })
      .from(sectors)
      .where(sectorId === undefined ? mine : and(mine, eq(sectors.id, sectorId)))
  )
    .filter((s) => inScope(scope, s.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));
  if (sectorId !== undefined && !list.length) throw notFound(PATRIMONIO_MSG.sectorNotFound);
  const pattern = await getPattern(db, m);
  const numeros = await peekNextNumbers(
    db,
    m,
    pattern,
    list.map((s) => s.code),
  );
  return {
    patternVersion: pattern.version,
    items: list.map((s, i) => ({ sectorId: s.id, sectorName: s.name, sectorCode: s.code, numero: numeros[i] })),
  };
}
