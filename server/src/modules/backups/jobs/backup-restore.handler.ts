import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BACKUP_MSG } from '@tombo/shared';
import { JobFailure, type UserJobHandler } from '../../../jobs/define';
import { JSON_MIME } from '../../../jobs/files';
import { mutate, read } from '../../../db/tx';
import { record } from '../../audit';
import { isUniqueViolation } from '../../../http/errors';
import { allMunicipalities } from '../../../tenancy/scope';
import { ArchiveRefused, extractArchive } from '../archive';
import { createMailer } from '../../../mail/mailer';
import { sendInvitation, unusableHash } from '../../superuser';
import { backupChanged } from '../commands';
import { getBackupRow } from '../queries';
import { restoreMunicipality } from '../restore';
import { checkBackupFile } from '../run';
import type { BackupRestorePayload } from './backup-restore';

/** A refused archive as the job's final failure, with its pt-BR reason (never retried). */
async function refusedAsFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ArchiveRefused) throw new JobFailure(err.message, false);
    throw err;
  }
}

/**
 * `backup.restore`: checks the archive again (the request checked it too), extracts it verifying
 * every member, restores it in one transaction, then writes the audit row in the target municipality.
 */
export const run: UserJobHandler<BackupRestorePayload> = async (ctx, job) => {
  const p = job.payload;
  const { row, file, manifest } = await read(ctx, allMunicipalities(), async (tx) => {
    const r = await getBackupRow(tx, null, p.backupId);
    const checked = await checkBackupFile(tx, ctx.config, r).catch((err: Error) => {
      throw new JobFailure(err.message, false);
    });
    return { row: r, ...checked };
  });
  if (p.target === 'same' && row.municipalityId == null) throw new JobFailure(BACKUP_MSG.noMunicipality, false);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tombo-restore-'));
  try {
    await job.progress(10);
    // Every member checked against the manifest as it is unpacked; a refusal fails the job once, for good.
    await refusedAsFailure(extractArchive(file, dir));
    await job.progress(30);
    const target =
      p.target === 'same'
        ? ({ kind: 'same', municipalityId: row.municipalityId! } as const)
        : ({ kind: 'new', name: p.name, slug: p.slug } as const);
    const m = await refusedAsFailure(restoreMunicipality(ctx, manifest, dir, target, await unusableHash())).catch(
      (err: unknown) => {
        if (isUniqueViolation(err))
          throw new JobFailure(`${BACKUP_MSG.restoreFailed} Um registro único (e-mail, endereço) já existe.`, false);
        throw err;
      },
    );
    // Users restored without a password (a municipality backup carries none) get their set-password link.
    const mailer = createMailer(ctx.config);
    for (const u of m.invitations) await sendInvitation({ config: ctx.config, mailer }, u, m.name, u.token);
    await mutate(
      ctx,
      { id: job.ownerId, name: 'Superusuário', municipalityId: null },
      (tx, out) =>
        record(
          tx,
          out,
          {
            action: 'BACKUP_RESTORE',
            entityType: 'Backup',
            entityId: row.id,
            label: `#${row.id}`,
            // The installation's log: the municipality's own tables stay exactly the backup's.
            municipalityId: null,
            details: {
              new_value: {
                backupId: row.id,
                target: p.target,
                municipalityId: m.id,
                tables: manifest.tables.length,
                convidados: m.invitations.length,
              },
            },
          },
          backupChanged(m.id, row.id),
        ),
      allMunicipalities(),
    );
    const out = job.tempPath('json');
    await fsp.writeFile(
      out,
      JSON.stringify(
        {
          backupId: row.id,
          municipality: { id: m.id, name: m.name },
          tables: manifest.tables.map((t) => ({ name: t.name, rows: t.rows })),
          invited: m.invitations.map((u) => u.email),
        },
        null,
        2,
      ),
    );
    return { tempPath: out, ext: 'json', fileName: `restauracao-backup-${row.id}.json`, mimeType: JSON_MIME };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
};
