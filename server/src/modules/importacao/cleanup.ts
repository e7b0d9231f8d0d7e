import fsp from 'node:fs/promises';
import { and, asc, eq, lt, notInArray } from 'drizzle-orm';
import { IMPORTACAO_LIMITS } from '@tombo/shared';
import type { AppContext } from '../../context';
import { importacoes } from '../../db/schema';
import { mutate, read } from '../../db/tx';
import { logger } from '../../logger';
import { allMunicipalities } from '../../tenancy/scope';
import { storedFile } from './commands';

/**
 * Days an upload's files (the register and its error CSV) are kept after its last change: an import
 * finished (concluded or failed) or abandoned (sent or analysed, never imported) 7 days ago no longer
 * needs them; the imported assets, the job's report and the audit trail stay. Documented in docs/api.md.
 */
export const IMPORTACAO_FILE_RETENTION_DAYS = IMPORTACAO_LIMITS.fileRetentionDays;

const DAY_MS = 86_400_000;
const BATCH = 200;
/** An import still running keeps its file, however old (its job reads it); an expired one has none left. */
const KEEP = ['importando', 'expirada'];

/**
 * Removes the files of uploads untouched for IMPORTACAO_FILE_RETENTION_DAYS and marks them 'expirada'
 * (the previous status and the day kept in `report`). Installation-wide (all municipalities, explicitly);
 * idempotent: two nodes sweeping at once remove the same files and mark each row once.
 */
export async function removeExpiredImportacoes(
  ctx: Pick<AppContext, 'db' | 'config' | 'publisher'>,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - IMPORTACAO_FILE_RETENTION_DAYS * DAY_MS);
  const all = allMunicipalities();
  let removed = 0;
  for (;;) {
    const due = await read(ctx, all, (tx) =>
      tx
        .select()
        .from(importacoes)
        .where(and(notInArray(importacoes.status, KEEP), lt(importacoes.updatedAt, cutoff)))
        .orderBy(asc(importacoes.updatedAt))
        .limit(BATCH),
    );
    if (!due.length) break;
    for (const r of due)
      for (const rel of [r.filePath, r.errorsPath]) {
        const abs = rel ? storedFile(ctx.config, rel) : null;
        if (abs) await fsp.rm(abs, { force: true });
      }
    const marked = await mutate<number>(
      ctx,
      null,
      async (tx) => {
        let n = 0;
        for (const r of due) {
          const [row] = await tx
            .update(importacoes)
            .set({
              status: 'expirada',
              errorsPath: null,
              report: { ...(r.report ?? {}), statusAnterior: r.status, arquivosRemovidosEm: now.toISOString() },
              updatedAt: now,
            })
            .where(and(eq(importacoes.id, r.id), notInArray(importacoes.status, KEEP)))
            .returning({ id: importacoes.id });
          if (row) n++;
        }
        return n;
      },
      all,
    );
    removed += marked;
    if (due.length < BATCH) break;
  }
  if (removed)
    logger.info({ removed, days: IMPORTACAO_FILE_RETENTION_DAYS }, 'arquivos de importações expirados removidos');
  return removed;
}
