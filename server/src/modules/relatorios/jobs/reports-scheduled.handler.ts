import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { JobContext, SystemJobHandler } from '../../../jobs/define';
import type { JobQueue } from '../../../jobs/queue';
import { loadPrincipal } from '../../../auth/principal';
import { reportConfigs } from '../../../db/schema';
import { actorOf, mutate, read } from '../../../db/tx';
import { logger } from '../../../logger';
import { allMunicipalities, scopeOfMunicipality, scopeOfPrincipal } from '../../../tenancy/scope';
import { createJob, type JobRow } from '../../jobs';
import { nextRun } from '../schedule';
import type { ReportsScheduledPayload } from './reports-scheduled';

type Ctx = JobContext & { queue?: JobQueue };
/** Configs handled per sweep (the rest wait for the next one). */
const BATCH = 200;

/**
 * Hands created rows to the runner: the process's queue when it has one (the API), else a BullMQ
 * producer (the worker), else (inline, no Redis) runs them here, one after the other.
 */
async function hand(ctx: Ctx, rows: JobRow[]): Promise<void> {
  if (!rows.length) return;
  if (ctx.queue) {
    for (const r of rows) await ctx.queue.enqueue({ id: r.id, name: 'report.generate' });
    return;
  }
  const redisUrl = ctx.config.redisUrl;
  if (redisUrl) {
    const { createBullQueue } = await import('../../../jobs/bullmq');
    const queue = await createBullQueue({ ...ctx.config, redisUrl }, { schedulers: false });
    try {
      for (const r of rows) await queue.enqueue({ id: r.id, name: 'report.generate' });
    } finally {
      await queue.close();
    }
    return;
  }
  const { runJob } = await import('../../../jobs/runner');
  for (const r of rows) await runJob(ctx, r.id, { attempt: 1, final: true });
}

/**
 * One sweep: each due config is claimed by moving its `proxima_execucao` on (an UPDATE that matches only
 * the value read, so a second node or a re-run finds nothing to do) and, in the same transaction, gets a
 * `report.generate` job of its owner with `notifyOwner`. An owner who may no longer generate is skipped.
 */
export async function runScheduledReports(ctx: Ctx, now = new Date()): Promise<{ created: number }> {
  const due = await read(ctx, allMunicipalities(), (tx) =>
    tx
      .select()
      .from(reportConfigs)
      .where(and(isNotNull(reportConfigs.proximaExecucao), lte(reportConfigs.proximaExecucao, now)))
      .orderBy(asc(reportConfigs.proximaExecucao))
      .limit(BATCH),
  );
  const created: JobRow[] = [];
  for (const c of due) {
    if (!c.agendamento || !c.proximaExecucao) continue;
    const principal = await loadPrincipal(ctx, c.userId);
    const allowed =
      principal?.municipalityId === c.municipalityId && principal.permissions.includes('exports:generate');
    const scope = scopeOfMunicipality(c.municipalityId);
    try {
      const row = await mutate(
        ctx,
        allowed ? actorOf(principal) : null,
        async (tx, out) => {
          const [claimed] = await tx
            .update(reportConfigs)
            .set({ ultimaExecucao: now, proximaExecucao: nextRun(c.agendamento!, now) })
            .where(and(eq(reportConfigs.id, c.id), eq(reportConfigs.proximaExecucao, c.proximaExecucao!)))
            .returning({ id: reportConfigs.id });
          if (!claimed || !allowed) return null;
          const sectorIds = scopeOfPrincipal(principal).sectorIds;
          return createJob(tx, out, scope, {
            ownerId: c.userId,
            name: 'report.generate',
            title: `Relatório agendado — ${c.name} (PDF)`,
            payload: {
              templateId: c.templateId,
              filtros: c.filtros,
              sectorIds: sectorIds ? [...sectorIds] : null,
              configId: c.id,
            },
            audit: { action: 'REPORT_SCHEDULED', entityType: 'ReportConfig', entityId: c.id, label: c.name },
            notifyOwner: true,
          });
        },
        scope,
      );
      if (row) created.push(row);
      else if (!allowed) logger.warn({ configId: c.id }, 'relatórios agendados: o dono não pode gerar relatórios');
    } catch (err) {
      logger.error({ err, configId: c.id }, 'relatórios agendados: falha ao agendar');
    }
  }
  await hand(ctx, created);
  if (created.length) logger.info({ created: created.length }, 'relatórios agendados');
  return { created: created.length };
}

/** The scheduled run. */
export const run: SystemJobHandler<ReportsScheduledPayload> = async (ctx, payload) => {
  await runScheduledReports(ctx, payload.now ? new Date(payload.now) : new Date());
};
