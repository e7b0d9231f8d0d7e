import fsp from 'node:fs/promises';
import { and, asc, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { jobs } from '../../../db/schema';
import { mutate, read } from '../../../db/tx';
import type { SystemJobHandler } from '../../../jobs/define';
import { resolveJobFile } from '../../../jobs/files';
import { logger } from '../../../logger';
import { allMunicipalities } from '../../../tenancy/scope';
import { publishJob } from '../publish';
import type { FileRetentionPayload } from './file-retention';

const BATCH = 200;
const DAY_MS = 86_400_000;

/**
 * Deletes the result files of jobs that finished more than JOB_FILE_RETENTION_DAYS ago and marks
 * their rows (`file_removed_at`), so exports and reports do not fill the disk. The rows stay: the
 * owner's Downloads page shows the file as expired (live) and the download answers 404 with
 * "generate it again". Idempotent: two nodes (or two runs) sweeping at once do no harm. An
 * installation-wide sweep: it reads and marks the rows of all municipalities, explicitly.
 */
export async function removeExpiredJobFiles(
  ctx: Pick<AppContext, 'db' | 'config' | 'publisher'>,
  now = new Date(),
): Promise<number> {
  const days = ctx.config.jobFileRetentionDays;
  if (!(days > 0)) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const all = allMunicipalities();
  let removed = 0;
  for (;;) {
    const due = await read(ctx, all, (tx) =>
      tx
        .select({ id: jobs.id, filePath: jobs.filePath })
        .from(jobs)
        .where(and(isNotNull(jobs.filePath), isNull(jobs.fileRemovedAt), lt(jobs.finishedAt, cutoff)))
        .orderBy(asc(jobs.finishedAt))
        .limit(BATCH),
    );
    if (!due.length) break;
    for (const r of due) {
      const abs = resolveJobFile(ctx.config, r.filePath!);
      if (abs) await fsp.rm(abs, { force: true });
    }
    // Only the rows still unmarked: another node sweeping at the same time tells their owners instead.
    const ids = due.map((r) => r.id);
    const marked = await mutate(
      ctx,
      null,
      (tx) =>
        tx
          .update(jobs)
          .set({ fileRemovedAt: now })
          .where(and(inArray(jobs.id, ids), isNull(jobs.fileRemovedAt)))
          .returning(),
      all,
    );
    for (const row of marked) publishJob(ctx, 'job.progress', row);
    removed += marked.length;
    if (due.length < BATCH) break;
  }
  if (removed) logger.info({ removed, days }, 'arquivos de tarefas expirados removidos');
  return removed;
}

/** The scheduled sweep: a failure is logged by the runner and retried per the definition. */
export const run: SystemJobHandler<FileRetentionPayload> = async (ctx) => {
  await removeExpiredJobFiles(ctx);
};
