import { asc, eq } from 'drizzle-orm';
import { loanToday } from '@tombo/shared';
import { municipalities } from '../../../db/schema';
import { mutate, read } from '../../../db/tx';
import type { JobContext, SystemJobHandler } from '../../../jobs/define';
import { logger } from '../../../logger';
import { allMunicipalities, scopeOfMunicipality } from '../../../tenancy/scope';
import { sweepLoans } from '../commands';
import type { LoansOverduePayload } from './loans-overdue';

/**
 * Runs the loans' daily work for every active municipality, each in its own transaction under its own
 * scope; one municipality failing does not stop the others (the job fails at the end and is retried,
 * which is harmless: the work is idempotent). Returns the totals.
 */
export async function sweepAllLoans(
  ctx: Pick<JobContext, 'db' | 'publisher'>,
  today = loanToday(),
): Promise<{ overdue: number; reminders: number }> {
  const list = await read(ctx, allMunicipalities(), (tx) =>
    tx
      .select({ id: municipalities.id })
      .from(municipalities)
      .where(eq(municipalities.active, true))
      .orderBy(asc(municipalities.id)),
  );
  const total = { overdue: 0, reminders: 0 };
  let failure: unknown;
  for (const { id } of list) {
    const scope = scopeOfMunicipality(id);
    try {
      const done = await mutate(ctx, null, (tx, out) => sweepLoans(tx, out, scope, today), scope);
      total.overdue += done.overdue;
      total.reminders += done.reminders;
    } catch (err) {
      logger.error({ err, municipalityId: id }, 'empréstimos: falha na verificação diária');
      failure ??= err;
    }
  }
  if (total.overdue || total.reminders) logger.info({ ...total, today }, 'empréstimos: verificação diária');
  if (failure) throw failure;
  return total;
}

/** The scheduled run. */
export const run: SystemJobHandler<LoansOverduePayload> = async (ctx, payload) => {
  await sweepAllLoans(ctx, payload.today);
};
