import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_NUMBERING, NUMBERING_MSG, renderNumero, room, sequenceLength,
  type NumberingBody, type NumberingComponent, type NumberingPattern,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { numberingCounters, numberingPatterns, patrimonios } from '../../db/schema';
import { audit, mutate, type Actor } from '../../db/tx';
import { HttpError, conflict } from '../../http/errors';

type MunicipalActor = Actor & { municipalityId: number };

/** The current year where the city halls are (numbers carry the registration year). */
export const currentYear = (now = new Date()) =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(now));

export async function getPattern(db: Db, municipalityId: number): Promise<NumberingPattern> {
  const [row] = await db.select().from(numberingPatterns).where(eq(numberingPatterns.municipalityId, municipalityId));
  const base = row
    ? { components: row.components as NumberingComponent[], separator: row.separator as NumberingPattern['separator'], isDefault: false, version: row.version }
    : { ...DEFAULT_NUMBERING, isDefault: true, version: 0 };
  return { municipalityId, ...base, example: renderNumero(base, { year: currentYear(), sectorCode: 'AD', sequence: 1 }) };
}

export async function savePattern(ctx: AppContext, actor: MunicipalActor, input: NumberingBody): Promise<NumberingPattern> {
  return mutate(ctx, actor, async (tx, out) => {
    const old = await getPattern(tx, actor.municipalityId);
    if (input.version !== undefined && input.version !== old.version) throw conflict();
    const separator = input.separator ?? '';
    await tx.insert(numberingPatterns).values({ municipalityId: actor.municipalityId, components: input.components, separator, version: 1 })
      .onConflictDoUpdate({
        target: numberingPatterns.municipalityId,
        set: { components: input.components, separator, updatedAt: new Date(), version: sql`${numberingPatterns.version} + 1` },
      });
    const saved = await getPattern(tx, actor.municipalityId);
    await audit(tx, out, {
      action: 'NUMBERING_UPDATE', entityType: 'NumberingPattern', entityId: actor.municipalityId,
      details: { old_value: { components: old.components, separator: old.separator }, new_value: { components: saved.components, separator: saved.separator } },
    });
    out.emit(room.municipality(actor.municipalityId), 'catalog.changed', { catalog: 'numeracao' });
    return saved;
  });
}

/**
 * Issues `n` consecutive numbers for one sector inside the caller's transaction. The counter row
 * of (municipality, prefix) is incremented with INSERT … ON CONFLICT DO UPDATE … RETURNING: its row
 * lock serialises concurrent creators until commit, and a rollback gives the numbers back unissued —
 * so no gaps and no duplicates. A block that would hit a number already taken (e.g. issued under an
 * earlier pattern) is skipped and another block is taken.
 */
export async function allocateNumbers(tx: Db, municipalityId: number, pattern: NumberingPattern, sectorCode: string, n: number, now = new Date()): Promise<string[]> {
  const year = currentYear(now);
  const prefix = renderNumero(pattern, { year, sectorCode, sequence: null });
  const max = 10 ** sequenceLength(pattern) - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const [row] = await tx.insert(numberingCounters).values({ municipalityId, prefix, lastValue: n })
      .onConflictDoUpdate({ target: [numberingCounters.municipalityId, numberingCounters.prefix], set: { lastValue: sql`${numberingCounters.lastValue} + ${n}` } })
      .returning({ last: numberingCounters.lastValue });
    const last = Number(row.last);
    if (last > max) throw new HttpError(422, 'UNPROCESSABLE', NUMBERING_MSG.exhausted);
    const numbers = Array.from({ length: n }, (_, i) => renderNumero(pattern, { year, sectorCode, sequence: last - n + 1 + i }));
    const taken = await tx.select({ x: patrimonios.numeroPatrimonio }).from(patrimonios)
      .where(and(eq(patrimonios.municipalityId, municipalityId), inArray(patrimonios.numeroPatrimonio, numbers))).limit(1);
    if (taken.length === 0) return numbers;
  }
  throw new HttpError(422, 'UNPROCESSABLE', NUMBERING_MSG.exhausted);
}
