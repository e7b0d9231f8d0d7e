import fsp from 'node:fs/promises';
import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { room } from '@tombo/shared';
import type { AppContext } from '../context';
import { jobs } from '../db/schema';
import { Outbox } from '../db/tx';
import { logger } from '../logger';
import { toJob } from '../modules/jobs/service';
import { resolveJobFile } from './files';

const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * Deletes the result files of jobs that finished more than JOB_FILE_RETENTION_DAYS ago and marks
 * their rows (`file_removed_at`), so exports and reports do not fill the disk. The rows stay: the
 * owner's Downloads page shows the file as expired (live) and the download answers 404 with
 * "generate it again". Idempotent, so every node may run it.
 */
export async function removeExpiredJobFiles(ctx: Pick<AppContext, 'db' | 'config' | 'publisher'>, now = new Date()): Promise<number> {
  const days = ctx.config.jobFileRetentionDays;
  if (!(days > 0)) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let removed = 0;
  for (;;) {
    const rows = await ctx.db.select({ id: jobs.id, filePath: jobs.filePath }).from(jobs)
      .where(and(isNotNull(jobs.filePath), isNull(jobs.fileRemovedAt), lt(jobs.finishedAt, cutoff)))
      .orderBy(asc(jobs.finishedAt)).limit(BATCH);
    for (const r of rows) {
      const abs = resolveJobFile(ctx.config, r.filePath!);
      if (abs) await fsp.rm(abs, { force: true });
      const [row] = await ctx.db.update(jobs).set({ fileRemovedAt: now })
        .where(and(eq(jobs.id, r.id), isNull(jobs.fileRemovedAt))).returning();
      if (!row) continue; // another node got there first
      removed++;
      const out = new Outbox(null);
      out.emit(room.user(row.ownerId), 'job.progress', toJob(row), row.municipalityId);
      out.flush(ctx);
    }
    if (rows.length < BATCH) break;
  }
  if (removed) logger.info({ removed, days }, 'arquivos de tarefas expirados removidos');
  return removed;
}

/** Runs the sweep now and then every `everyMs`; `stop()` waits for a sweep in flight. */
export function scheduleJobFileRetention(ctx: Pick<AppContext, 'db' | 'config' | 'publisher'>, everyMs = 3_600_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = removeExpiredJobFiles(ctx).catch((err: unknown) => logger.warn({ err }, 'job file retention sweep failed'));
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
