import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_NUMBERING,
  NUMBERING_MSG,
  PATRIMONIO_MSG,
  renderNumero,
  room,
  sequenceLength,
  type NextNumbers,
  type NumberingBody,
  type NumberingComponent,
  type NumberingPattern,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { numberingCounters, numberingPatterns, patrimonios, sectors } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { HttpError, conflict, notFound } from '../../http/errors';
import { inScope, type Scope } from '../patrimonios/scope';

type MunicipalActor = Actor & { municipalityId: number };

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

/** How many blocks allocation tries before it reports the sequence exhausted. */
const ATTEMPTS = 50;

/** One sector's numbers under a pattern this year: the counter key, the last sequence that fits, how to render one. */
function sequenceOf(pattern: NumberingPattern, sectorCode: string, now: Date) {
  const year = currentYear(now);
  return {
    prefix: renderNumero(pattern, { year, sectorCode, sequence: null }),
    max: 10 ** sequenceLength(pattern) - 1,
    render: (sequence: number) => renderNumero(pattern, { year, sectorCode, sequence }),
  };
}

/** Those of `numbers` some asset of the municipality already carries (at most `limit`). */
async function takenNumbers(db: Db, municipalityId: number, numbers: string[], limit?: number): Promise<string[]> {
  if (!numbers.length) return [];
  const q = db
    .select({ x: patrimonios.numeroPatrimonio })
    .from(patrimonios)
    .where(and(eq(patrimonios.municipalityId, municipalityId), inArray(patrimonios.numeroPatrimonio, numbers)));
  return (await (limit ? q.limit(limit) : q)).map((r) => r.x);
}

/**
 * Issues `n` consecutive numbers for one sector inside the caller's transaction. The counter row
 * of (municipality, prefix) is incremented with INSERT … ON CONFLICT DO UPDATE … RETURNING: its row
 * lock serialises concurrent creators until commit, and a rollback gives the numbers back unissued —
 * so no gaps and no duplicates. A block that would hit a number already taken (e.g. issued under an
 * earlier pattern) is skipped and another block is taken.
 */
export async function allocateNumbers(
  tx: Db,
  municipalityId: number,
  pattern: NumberingPattern,
  sectorCode: string,
  n: number,
  now = new Date(),
): Promise<string[]> {
  const seq = sequenceOf(pattern, sectorCode, now);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [row] = await tx
      .insert(numberingCounters)
      .values({ municipalityId, prefix: seq.prefix, lastValue: n })
      .onConflictDoUpdate({
        target: [numberingCounters.municipalityId, numberingCounters.prefix],
        set: { lastValue: sql`${numberingCounters.lastValue} + ${n}` },
      })
      .returning({ last: numberingCounters.lastValue });
    const last = Number(row.last);
    if (last > seq.max) throw new HttpError(422, 'UNPROCESSABLE', NUMBERING_MSG.exhausted);
    const numbers = Array.from({ length: n }, (_, i) => seq.render(last - n + 1 + i));
    if ((await takenNumbers(tx, municipalityId, numbers, 1)).length === 0) return numbers;
  }
  throw new HttpError(422, 'UNPROCESSABLE', NUMBERING_MSG.exhausted);
}

/**
 * For each sector code, the number `allocateNumbers(…, 1)` would issue now — without issuing it:
 * the counters are only read, and numbers already taken are skipped the way allocation skips them.
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
  const prefixes = [...new Set(seqs.map((s) => s.prefix))];
  const rows = prefixes.length
    ? await db
        .select({ prefix: numberingCounters.prefix, last: numberingCounters.lastValue })
        .from(numberingCounters)
        .where(and(eq(numberingCounters.municipalityId, municipalityId), inArray(numberingCounters.prefix, prefixes)))
    : [];
  const lastOf = new Map(rows.map((r) => [r.prefix, Number(r.last)]));
  // The numbers allocation would try one after the other, within the sequence's length.
  const candidates = seqs.map((s) => {
    const last = lastOf.get(s.prefix) ?? 0;
    return Array.from({ length: Math.max(0, Math.min(ATTEMPTS, s.max - last)) }, (_, i) => s.render(last + 1 + i));
  });
  // Usually the first one is free; only where it is not are the following ones looked up.
  const taken = new Set(await takenNumbers(db, municipalityId, [...new Set(candidates.flatMap((c) => c.slice(0, 1)))]));
  const more = candidates.filter((c) => taken.has(c[0])).flatMap((c) => c.slice(1));
  for (const x of await takenNumbers(db, municipalityId, [...new Set(more)])) taken.add(x);
  return candidates.map((c) => c.find((x) => !taken.has(x)) ?? null);
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
