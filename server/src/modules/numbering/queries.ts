import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_NUMBERING,
  PATRIMONIO_MSG,
  renderNumero,
  sequenceKey,
  sequenceLength,
  type NextNumbers,
  type NumberingComponent,
  type NumberingPattern,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { numberingPatterns, numberingSequences, patrimonios, sectors } from '../../db/schema';
import { notFound } from '../../http/errors';
import { inScope, ofTenant, type TenantScope } from '../../tenancy/scope';

/** The current year where the city halls are (numbers carry the registration year). */
export const currentYear = (now = new Date()) =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(now));

/** The scope's municipality's pattern, or the default of spec §9 while it never saved one (version 0). */
export async function getPattern(tx: Db, scope: TenantScope): Promise<NumberingPattern> {
  const [row] = await tx.select().from(numberingPatterns).where(ofTenant(numberingPatterns, scope));
  const base = row
    ? {
        components: row.components as NumberingComponent[],
        separator: row.separator as NumberingPattern['separator'],
        isDefault: false,
        version: row.version,
      }
    : { ...DEFAULT_NUMBERING, isDefault: true, version: 0 };
  return {
    municipalityId: scope.municipalityId,
    ...base,
    example: renderNumero(base, { year: currentYear(), sectorCode: 'AD', sequence: 1 }),
  };
}

/** One sector's numbers under a pattern this year: its sequence, the last value that fits, how to write one. */
export function sequenceOf(pattern: NumberingPattern, sectorCode: string, now: Date) {
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
export type Sequence = ReturnType<typeof sequenceOf>;

/** Those of `numbers` some asset of the municipality already carries (at most `limit`). */
export async function takenNumbers(tx: Db, scope: TenantScope, numbers: string[], limit?: number): Promise<string[]> {
  if (!numbers.length) return [];
  const q = tx
    .select({ x: patrimonios.numeroPatrimonio })
    .from(patrimonios)
    .where(and(ofTenant(patrimonios, scope), inArray(patrimonios.numeroPatrimonio, numbers)));
  return (await (limit ? q.limit(limit) : q)).map((r) => r.x);
}

/** The highest sequence among the municipality's numbers of `seq`'s shape (0 = none). Only run on a clash. */
export async function highestTaken(tx: Db, scope: TenantScope, seq: Sequence): Promise<number> {
  const n = patrimonios.numeroPatrimonio;
  const [row] = await tx
    .select({ top: sql<number | null>`max(substring(${n} from ${seq.shape})::bigint)` })
    .from(patrimonios)
    .where(and(ofTenant(patrimonios, scope), sql`${n} ~ ${seq.shape}`));
  return Number(row?.top ?? 0);
}

/**
 * For each sector code, the number `allocateNumbers(…, 1)` would issue now — without issuing it:
 * the counters are only read, and a taken number is skipped the way allocation skips it.
 * null = allocation would answer "exhausted".
 */
export async function peekNextNumbers(
  tx: Db,
  scope: TenantScope,
  pattern: NumberingPattern,
  sectorCodes: string[],
  now = new Date(),
): Promise<Array<string | null>> {
  const seqs = sectorCodes.map((code) => sequenceOf(pattern, code, now));
  if (!seqs.length) return [];
  const idOf = (s: Sequence) => `${s.key.sectorCode}|${s.key.year}`;
  const rows = await tx
    .select({ sectorCode: numberingSequences.sectorCode, last: numberingSequences.lastValue })
    .from(numberingSequences)
    .where(
      and(
        ofTenant(numberingSequences, scope),
        eq(numberingSequences.year, seqs[0].key.year), // one pattern, one moment: one year for all
        inArray(numberingSequences.sectorCode, [...new Set(seqs.map((s) => s.key.sectorCode))]),
      ),
    );
  const lastOf = new Map(rows.map((r) => [`${r.sectorCode}|${seqs[0].key.year}`, Number(r.last)]));
  const next = seqs.map((s) => (lastOf.get(idOf(s)) ?? 0) + 1);
  const taken = new Set(
    await takenNumbers(tx, scope, [...new Set(seqs.flatMap((s, i) => (next[i] <= s.max ? [s.render(next[i])] : [])))]),
  );
  // Usually nothing is taken; where something is, allocation would jump past the highest of its shape.
  const tops = new Map<string, number>();
  for (const [i, s] of seqs.entries()) {
    if (next[i] > s.max || !taken.has(s.render(next[i]))) continue;
    if (!tops.has(s.shape)) tops.set(s.shape, await highestTaken(tx, scope, s));
    next[i] = tops.get(s.shape)! + 1;
  }
  return seqs.map((s, i) => (next[i] <= s.max ? s.render(next[i]) : null));
}

/**
 * GET /api/numeracao/proximo: the next number of one sector (404 if not the caller's) or of every
 * sector the caller sees assets of, by name. Read-only: nothing is reserved.
 */
export async function nextNumbers(tx: Db, scope: TenantScope, sectorId?: number): Promise<NextNumbers> {
  const mine = ofTenant(sectors, scope);
  const list = (
    await tx
      .select({ id: sectors.id, name: sectors.name, code: sectors.code })
      .from(sectors)
      .where(sectorId === undefined ? mine : and(mine, eq(sectors.id, sectorId)))
  )
    .filter((s) => inScope(scope, s.id))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));
  if (sectorId !== undefined && !list.length) throw notFound(PATRIMONIO_MSG.sectorNotFound);
  const pattern = await getPattern(tx, scope);
  const numeros = await peekNextNumbers(
    tx,
    scope,
    pattern,
    list.map((s) => s.code),
  );
  return {
    patternVersion: pattern.version,
    items: list.map((s, i) => ({ sectorId: s.id, sectorName: s.name, sectorCode: s.code, numero: numeros[i] })),
  };
}
