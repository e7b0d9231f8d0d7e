import { sql } from 'drizzle-orm';
import { HISTORICO_ACTIONS, IMPORTACAO_MSG } from '@tombo/shared';
import type { Db } from '../../db/client';
import { numberingSequences, patrimonioHistorico, patrimonios } from '../../db/schema';
import type { Actor, Outbox } from '../../db/tx';
import { JobFailure } from '../../jobs/define';
import { inScope, type TenantScope } from '../../tenancy/scope';
import { getPattern, highestTaken, sequenceOf } from '../numbering';
import { issueNumbers } from '../patrimonios';
import { lancarIncorporacao } from '../contabilidade';
import type { AssetRow } from './asset-row';
import type { PendingRow } from './schema';
import { applyUpdates, existingByNumber } from './updates';

/** How a batch treats a number already in the register. */
export interface WriteMode {
  /** The numbers are issued from the sequences (none is in the file). */
  generated: boolean;
  /** Update the existing asset of that number (re-import). */
  update: boolean;
  /** Keep the row as pending (error on its number) instead of failing the whole import. */
  keepPending: boolean;
}

/** What a batch did: the rows inserted, the assets updated, the rows kept pending. */
export interface Written {
  inserted: AssetRow[];
  updated: number;
  pending: PendingRow[];
}

/** A row kept pending with one error per field key. */
export const pendingOf = (r: AssetRow, errors: Record<string, string>): PendingRow => ({
  line: r.line,
  values: r.source,
  errors,
  ...(r.origem.length ? { origem: r.origem } : {}),
});

/**
 * Writes one batch inside the caller's transaction: new numbers inserted with their history entry;
 * numbers already in the register updated (`update`), kept pending (`keepPending`) or failing the
 * import with their line.
 */
export async function writeBatch(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  actor: Actor,
  rows: AssetRow[],
  mode: WriteMode,
): Promise<Written> {
  const done: Written = { inserted: [], updated: 0, pending: [] };
  if (mode.generated) {
    const numbers = await issueNumbers(
      tx,
      scope,
      rows.map((r) => r.sectorCode),
    );
    rows.forEach((r, i) => (r.numero = r.values.numeroPatrimonio = numbers[i]));
  }
  const existing = mode.generated
    ? new Map()
    : await existingByNumber(
        tx,
        scope,
        rows.map((r) => r.numero),
        mode.update,
      );
  const fresh: AssetRow[] = [];
  const updates: Parameters<typeof applyUpdates>[3] = [];
  for (const r of rows) {
    const old = existing.get(r.numero);
    if (!old) fresh.push(r);
    else if (mode.update && inScope(scope, old.sectorId)) updates.push({ row: r, old });
    else if (mode.keepPending)
      done.pending.push(
        pendingOf(r, {
          numero: mode.update
            ? IMPORTACAO_MSG.updateOutOfScope(r.numero)
            : IMPORTACAO_MSG.duplicateInRegister(r.numero),
        }),
      );
    else
      throw new JobFailure(
        `Linha ${r.line}: ${mode.update ? IMPORTACAO_MSG.updateOutOfScope(r.numero) : IMPORTACAO_MSG.duplicateInRegister(r.numero)}`,
        false,
      );
  }
  if (updates.length) done.updated = await applyUpdates(tx, out, scope, updates);
  if (!fresh.length) return done;
  const inserted = await tx
    .insert(patrimonios)
    .values(fresh.map((r) => r.values))
    .returning({ id: patrimonios.id, numero: patrimonios.numeroPatrimonio, doado: patrimonios.doado });
  await tx.insert(patrimonioHistorico).values(
    inserted.map((x) => ({
      patrimonioId: x.id,
      municipalityId: scope.municipalityId,
      action: HISTORICO_ACTIONS.created,
      details: mode.generated
        ? `Bem ${x.numero} cadastrado por importação de planilha${x.doado ? ' (baixado por doação)' : ''}.`
        : `Bem ${x.numero} cadastrado por importação do cadastro anterior${x.doado ? ' (baixado por doação)' : ''}.`,
      userId: actor.id,
      userName: actor.name,
    })),
  );
  await lancarIncorporacao(
    tx,
    scope,
    { id: actor.id, name: actor.name },
    inserted.map((x) => x.id),
    'importacao',
  );
  done.inserted = fresh;
  return done;
}

/** Moves each used sector's counter of this year past the highest imported number of its shape. */
export async function continueCounters(tx: Db, scope: TenantScope, codes: string[]): Promise<void> {
  const pattern = await getPattern(tx, scope);
  const now = new Date();
  for (const code of codes) {
    const seq = sequenceOf(pattern, code, now);
    const top = await highestTaken(tx, scope, seq);
    if (!top) continue;
    await tx
      .insert(numberingSequences)
      .values({ municipalityId: scope.municipalityId, ...seq.key, lastValue: top })
      .onConflictDoUpdate({
        target: [numberingSequences.municipalityId, numberingSequences.sectorCode, numberingSequences.year],
        set: { lastValue: sql`greatest(${numberingSequences.lastValue}, ${top})` },
      });
  }
}

/** Numbers in number order: digit runs compared as numbers ('2026AD9' before '2026AD10'). */
export const byNumber = (a: string, b: string) => a.localeCompare(b, 'pt-BR', { numeric: true });

/** The lowest and highest number of a run, in number order (what the success message shows). */
export class NumberRange {
  first = '';
  last = '';
  /** Takes these numbers in. */
  add(numeros: Iterable<string>): void {
    for (const n of numeros) {
      if (!this.first || byNumber(n, this.first) < 0) this.first = n;
      if (!this.last || byNumber(n, this.last) > 0) this.last = n;
    }
  }
  /** The range, or null when nothing was taken in. */
  get value() {
    return this.first ? { first: this.first, last: this.last } : null;
  }
}
