import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { termoPending, termoVersions } from '../../../db/schema';
import { enterTenancy, mutate, Outbox } from '../../../db/tx';
import type { JobContext, SystemJobHandler } from '../../../jobs/define';
import { logger } from '../../../logger';
import { allMunicipalities } from '../../../tenancy/scope';
import { versionOfPendencia } from '../commands';
import type { TermoRow } from '../presenters';
import { failTermo, renderTermo } from '../render';
import type { TermosPendingPayload } from './termos-pending';

const BATCH = 10;
/** Pendencias turned into versions per transaction (each one numbers and snapshots a whole sector). */
const PENDENCIA_BATCH = 5;
/** A claim older than this is taken as abandoned (the process rendering it died). */
const STALE_CLAIM = '10 minutes';

/**
 * Claims waiting pendencias (deleting them, skipping rows an approval or another sweep holds) and, in the
 * same transaction, records the version each stands for (numbered under the municipality's term lock,
 * with the snapshot of its sector), written pending: a crash before the commit leaves the pendencias in
 * place, after it the versions. Returns how many versions were recorded.
 */
export async function recordPendingTermos(ctx: JobContext): Promise<number> {
  let done = 0;
  for (;;) {
    const outs: Outbox[] = [];
    let recorded = 0;
    const n = await ctx.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      await enterTenancy(tx, allMunicipalities());
      const claimed = await tx
        .delete(termoPending)
        .where(
          sql`${termoPending.id} in (
            select id from termo_pending order by id limit ${PENDENCIA_BATCH} for update skip locked)`,
        )
        .returning();
      // Term locks taken in one order (by municipality) by every sweep: two sweeps never wait on each other in a cycle.
      claimed.sort((a, b) => a.municipalityId - b.municipalityId || a.id - b.id);
      for (const p of claimed) {
        const actor =
          p.createdById != null
            ? { id: p.createdById, name: p.createdByName ?? '', municipalityId: p.municipalityId }
            : null;
        const out = new Outbox(actor);
        recorded += (await versionOfPendencia(tx, out, p)).length;
        outs.push(out);
      }
      return claimed.length;
    });
    // Published after the commit, as `mutate` does.
    for (const out of outs) {
      out.flush(ctx);
      await out.settle();
    }
    if (!n) return done;
    done += recorded;
  }
}

/**
 * Claims pending automatic versions (skipping rows another sweep holds) and renders each; returns how
 * many were rendered. Installation-wide bookkeeping: claims over all municipalities, renders under each.
 */
export async function renderPendingTermos(ctx: JobContext): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await mutate(
      ctx,
      null,
      (tx) =>
        tx
          .update(termoVersions)
          .set({ status: 'rendering', claimedAt: new Date() })
          .where(
            sql`${termoVersions.id} in (
              select id from termo_versions
               where automatic
                 and (status = 'pending' or (status = 'rendering' and claimed_at < now() - ${STALE_CLAIM}::interval))
               order by id limit ${BATCH} for update skip locked)`,
          )
          .returning(),
      allMunicipalities(),
    );
    if (!claimed.length) return done;
    for (const row of claimed as TermoRow[]) {
      try {
        await renderTermo(ctx, row);
        done++;
      } catch (err) {
        logger.warn({ err, termoVersaoId: row.id }, 'automatic term version not rendered');
        await failTermo(ctx, row, 'Não foi possível gerar o PDF do termo (gerador indisponível ou tempo esgotado).');
      }
    }
  }
}

/** One run of the sweep: pendencias become versions, then pending versions are rendered. */
export async function sweepTermos(ctx: JobContext): Promise<{ recorded: number; rendered: number }> {
  const recorded = await recordPendingTermos(ctx);
  const rendered = await renderPendingTermos(ctx);
  return { recorded, rendered };
}

export const run: SystemJobHandler<TermosPendingPayload> = async (ctx) => {
  const { recorded, rendered } = await sweepTermos(ctx);
  if (recorded || rendered) logger.info({ recorded, rendered }, 'automatic term versions recorded and rendered');
};
