import { asc, eq } from 'drizzle-orm';
import { manutencaoToday } from '@tombo/shared';
import { municipalities } from '../../../db/schema';
import { mutate, read } from '../../../db/tx';
import type { JobContext, SystemJobHandler } from '../../../jobs/define';
import { logger } from '../../../logger';
import { allMunicipalities, scopeOfMunicipality } from '../../../tenancy/scope';
import { sweepManutencoes } from '../commands';
import type { ManutencoesAvisosPayload } from './manutencoes-avisos';

/**
 * The maintenance reminders of every active municipality, each in its own transaction under its own
 * scope; one failing does not stop the others (the job fails at the end and is retried: idempotent).
 */
export async function sweepAllManutencoes(
  ctx: Pick<JobContext, 'db' | 'publisher'>,
  today = manutencaoToday(),
): Promise<{ proximas: number; atrasadas: number }> {
  const list = await read(ctx, allMunicipalities(), (tx) =>
    tx
      .select({ id: municipalities.id })
      .from(municipalities)
      .where(eq(municipalities.active, true))
      .orderBy(asc(municipalities.id)),
  );
  const total = { proximas: 0, atrasadas: 0 };
  let failure: unknown;
  for (const { id } of list) {
    const scope = scopeOfMunicipality(id);
    try {
      const done = await mutate(ctx, null, (tx, out) => sweepManutencoes(tx, out, scope, today), scope);
      total.proximas += done.proximas;
      total.atrasadas += done.atrasadas;
    } catch (err) {
      logger.error({ err, municipalityId: id }, 'manutenções: falha nos avisos diários');
      failure ??= err;
    }
  }
  if (total.proximas || total.atrasadas) logger.info({ ...total, today }, 'manutenções: avisos diários');
  if (failure) throw failure;
  return total;
}

/** The scheduled run. */
export const run: SystemJobHandler<ManutencoesAvisosPayload> = async (ctx, payload) => {
  await sweepAllManutencoes(ctx, payload.today);
};
