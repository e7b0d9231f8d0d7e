import fsp from 'node:fs/promises';
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { SystemJobHandler } from '../../../jobs/define';
import { municipalities } from '../../../db/schema';
import { mutate, read } from '../../../db/tx';
import { record } from '../../audit';
import { logger } from '../../../logger';
import { allMunicipalities, scopeOfMunicipality } from '../../../tenancy/scope';
import { backupChanged, insertScheduledBackup, updateBackup } from '../commands';
import { resolveBackupFile } from '../paths';
import { runBackup } from '../run';
import { lastDue } from '../schedule';
import { backups, backupSettings } from '../schema';
import type { BackupsScheduledPayload } from './backups-scheduled';

/** Scheduled backups that are due, then the retention of every municipality with a schedule. */
export const run: SystemJobHandler<BackupsScheduledPayload> = async (ctx, payload) => {
  const now = payload.now ? new Date(payload.now) : new Date();
  const settings = await read(ctx, allMunicipalities(), (tx) =>
    tx
      .select({ s: backupSettings })
      .from(backupSettings)
      .innerJoin(municipalities, eq(municipalities.id, backupSettings.municipalityId))
      .where(eq(municipalities.active, true)),
  );
  for (const { s } of settings) {
    if (!s.enabled) continue;
    const due = lastDue(now, s.hour, s.frequency === 'weekly' ? 'weekly' : 'daily');
    // Compare-and-set: one node takes a due run; the others find last_run_at already moved.
    const row = await mutate(
      ctx,
      null,
      async (tx, out) => {
        const [claimed] = await tx
          .update(backupSettings)
          .set({ lastRunAt: now })
          .where(
            and(
              eq(backupSettings.municipalityId, s.municipalityId),
              or(isNull(backupSettings.lastRunAt), lt(backupSettings.lastRunAt, due)),
            ),
          )
          .returning();
        return claimed ? insertScheduledBackup(tx, out, s.municipalityId) : null;
      },
      scopeOfMunicipality(s.municipalityId),
    );
    if (!row) continue;
    try {
      await runBackup(ctx, s.municipalityId, row.id);
    } catch (err) {
      logger.error({ err, municipalityId: s.municipalityId }, 'scheduled backup failed');
      await updateBackup(ctx, s.municipalityId, row.id, {
        status: 'failed',
        error: 'Falha no backup agendado; veja o log do servidor.',
        finishedAt: new Date(),
      });
    }
  }
  for (const { s } of settings) await sweep(ctx, s.municipalityId, s.keepDays, now);
};

/** Removes the municipality's backups older than `keepDays` (files first), keeping its newest completed one. */
async function sweep(
  ctx: Parameters<SystemJobHandler<BackupsScheduledPayload>>[0],
  municipalityId: number,
  keepDays: number,
  now: Date,
): Promise<void> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  const scope = scopeOfMunicipality(municipalityId);
  const removed = await mutate(
    ctx,
    null,
    async (tx, out) => {
      const [newest] = await tx
        .select({ id: backups.id })
        .from(backups)
        .where(and(eq(backups.municipalityId, municipalityId), eq(backups.status, 'completed')))
        .orderBy(desc(backups.finishedAt), desc(backups.id))
        .limit(1);
      const old = await tx
        .delete(backups)
        .where(
          and(
            eq(backups.municipalityId, municipalityId),
            lt(backups.createdAt, before),
            inArray(backups.status, ['completed', 'failed']),
            newest ? sql`${backups.id} <> ${newest.id}` : undefined,
          ),
        )
        .returning();
      for (const b of old) await record(tx, out, null, backupChanged(municipalityId, b.id, true));
      return old;
    },
    scope,
  );
  for (const b of removed) {
    const abs = b.filePath ? resolveBackupFile(ctx.config, b.filePath) : null;
    if (abs)
      await fsp.rm(abs, { force: true }).catch((err) => logger.warn({ err, file: abs }, 'backup file not removed'));
  }
}
