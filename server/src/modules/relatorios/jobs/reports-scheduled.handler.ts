import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { JobContext, SystemJobHandler } from '../../../jobs/define';
import type { JobQueue } from '../../../jobs/queue';
import { loadPrincipal } from '../../../auth/principal';
import { relatorioConfigs } from '../../../db/schema';
import { actorOf, mutate, read } from '../../../db/tx';
import { logger } from '../../../logger';
import { allMunicipalities, scopeOfMunicipality, scopeOfPrincipal } from '../../../tenancy/scope';
import { createJob, handToRunner, type JobRow } from '../../jobs';
import { nextRun } from '../schedule';
import type { ReportsScheduledPayload } from './reports-scheduled';

type Ctx = JobContext & { queue?: JobQueue };
/** Configs handled per sweep (the rest wait for the next one). */
const BATCH = 200;

/**
 * One sweep: each due config is claimed by moving its `next_run_at` on (an UPDATE that matches only
 * the value read, so a second node or a re-run finds nothing to do) and, in the same transaction, gets a
 * `report.generate` job of its owner with `notifyOwner`. An owner who may no longer generate is skipped.
 */
export async function runScheduledReports(ctx: Ctx, now = new Date()): Promise<{ created: number }> {
  const due = await read(ctx, allMunicipalities(), (tx) =>
    tx
      .select()
      .from(relatorioConfigs)
      .where(and(isNotNull(relatorioConfigs.nextRunAt), lte(relatorioConfigs.nextRunAt, now)))
      .orderBy(asc(relatorioConfigs.nextRunAt))
      .limit(BATCH),
  );
  const created: JobRow[] = [];
  for (const c of due) {
    if (!c.schedule || !c.nextRunAt) continue;
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
            .update(relatorioConfigs)
            .set({ lastRunAt: now, nextRunAt: nextRun(c.schedule!, now) })
            .where(and(eq(relatorioConfigs.id, c.id), eq(relatorioConfigs.nextRunAt, c.nextRunAt!)))
            .returning({ id: relatorioConfigs.id });
          if (!claimed || !allowed) return null;
          const sectorIds = scopeOfPrincipal(principal).sectorIds;
          return createJob(tx, out, scope, {
            ownerId: c.userId,
            name: 'report.generate',
            title: `Relatório agendado — ${c.name} (PDF)`,
            payload: {
              templateId: c.templateId,
              filtros: c.filters,
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
  await handToRunner(ctx, created);
  if (created.length) logger.info({ created: created.length }, 'relatórios agendados');
  return { created: created.length };
}

/** The scheduled run. */
export const run: SystemJobHandler<ReportsScheduledPayload> = async (ctx, payload) => {
  await runScheduledReports(ctx, payload.now ? new Date(payload.now) : new Date());
};
