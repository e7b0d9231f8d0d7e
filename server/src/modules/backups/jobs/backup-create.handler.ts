import fsp from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { JobFailure, type JobContext, type UserJobHandler } from '../../../jobs/define';
import { JSON_MIME } from '../../../jobs/files';
import { jobs } from '../../../db/schema';
import { read } from '../../../db/tx';
import { allMunicipalities } from '../../../tenancy/scope';
import { updateBackup } from '../commands';
import { getBackupRow } from '../queries';
import { runBackup } from '../run';
import type { BackupCreatePayload } from './backup-create';

/** `backup.create`: the archive (kept under DATA_DIR/backups); the job's own result is a small JSON receipt. */
export const run: UserJobHandler<BackupCreatePayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('O backup exige um município.', false);
  const { backupId } = job.payload;
  const { manifest, size, sha256 } = await runBackup(ctx, job.municipalityId, backupId, (p) => job.progress(p));
  const receipt = job.tempPath('json');
  await fsp.writeFile(
    receipt,
    JSON.stringify({ backupId, size, sha256, municipality: manifest.municipality, tables: manifest.tables }, null, 2),
  );
  return { tempPath: receipt, ext: 'json', fileName: `backup-${backupId}-recibo.json`, mimeType: JSON_MIME };
};

/** Once the job is over: a backup left unfinished (the job finally failed) is marked failed with its reason. */
export async function cleanup(ctx: JobContext, payload: unknown): Promise<void> {
  const backupId = (payload as Partial<BackupCreatePayload>)?.backupId;
  if (typeof backupId !== 'number') return;
  const found = await read(ctx, allMunicipalities(), async (tx) => {
    const row = await getBackupRow(tx, null, backupId).catch(() => null);
    if (!row?.jobId || row.status === 'completed' || row.municipalityId == null) return null;
    const [j] = await tx.select({ error: jobs.error }).from(jobs).where(eq(jobs.id, row.jobId));
    return { municipalityId: row.municipalityId, error: j?.error ?? null };
  });
  if (found)
    await updateBackup(ctx, found.municipalityId, backupId, {
      status: 'failed',
      error: found.error,
      finishedAt: new Date(),
    });
}
