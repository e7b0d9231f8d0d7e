import { sql } from 'drizzle-orm';
import { termoVersoes } from '../../../db/schema';
import { mutate } from '../../../db/tx';
import type { JobContext, SystemJobHandler } from '../../../jobs/define';
import { logger } from '../../../logger';
import { allMunicipalities } from '../../../tenancy/scope';
import type { TermoRow } from '../presenters';
import { failTermo, renderTermo } from '../render';
import type { TermosPendingPayload } from './termos-pending';

const BATCH = 10;
/** A claim older than this is taken as abandoned (the process rendering it died). */
const STALE_CLAIM = '10 minutes';

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
          .update(termoVersoes)
          .set({ status: 'rendering', claimedAt: new Date() })
          .where(
            sql`${termoVersoes.id} in (
              select id from termo_versoes
               where automatico
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

export const run: SystemJobHandler<TermosPendingPayload> = async (ctx) => {
  const n = await renderPendingTermos(ctx);
  if (n) logger.info({ rendered: n }, 'automatic term versions rendered');
};
