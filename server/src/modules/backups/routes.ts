import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  BACKUP_MSG,
  BACKUP_UPLOAD_MAX_BYTES,
  backupCreateBody,
  backupRestoreBody,
  backupSettingsBody,
  idParam,
  jobIdParam,
  superuserBackupsQuery,
} from '@tombo/shared';
import { jobs, municipalities } from '../../db/schema';
import { record } from '../audit';
import { conflict, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { logger } from '../../logger';
import { allMunicipalities } from '../../tenancy/scope';
import { enqueueJob, presentJob } from '../jobs';
import { backupChanged, registerUploadedBackup, requestBackup, saveBackupSettings } from './commands';
import { resolveBackupFile, uploadedBackupPath } from './paths';
import { presentBackup } from './presenters';
import { getBackup, getBackupRow, listAllBackups, listBackups } from './queries';
import { checkBackupFile, checkManifest, refusedAs400 } from './run';
import { hashFile, inspectArchive } from './archive';
import { installationId } from '../../installation';
import { receiveUpload, withUpload } from '../../uploads/receive';
import { cleanName } from '../../uploads/store';
import { sendStoredFile } from '../../uploads';

const all = allMunicipalities();
const backup = { param: 'id', rule: 'backup.manage', message: BACKUP_MSG.notFound } as const;

/**
 * Backups (/configuracoes/backup): the municipality's list and schedule (settings:read: admin and
 * supervisor see them), 'Gerar backup', the schedule and the download (settings:update: admins);
 * the restore is the superuser's only (spec §1 changelog).
 */
export const backupRoutes = [
  route({
    method: 'get',
    path: '/backups',
    audience: 'municipal',
    permission: 'settings:read',
    handler: (c) => c.read((tx) => listBackups(tx, c.scope)),
  }),
  route({
    method: 'post',
    path: '/backups',
    audience: 'municipal',
    permission: 'settings:update',
    body: backupCreateBody,
    status: 202,
    handler: async (c) => {
      const { backup: row, job } = await c.command((tx, out) => requestBackup(tx, out, c.scope, c.principal.id));
      return {
        backup: presentBackup(row, { createdByName: c.principal.name }),
        job: await enqueueJob(c.ctx, c.scope, job, c.requestId),
      };
    },
  }),
  route({
    method: 'put',
    path: '/backups/settings',
    audience: 'municipal',
    permission: 'settings:update',
    body: backupSettingsBody,
    handler: async (c) => ({ settings: await c.command((tx, out) => saveBackupSettings(tx, out, c.scope, c.body)) }),
  }),
  route({
    method: 'get',
    path: '/backups/:id/download',
    audience: 'municipal',
    permission: 'settings:update',
    params: idParam,
    access: backup,
    handler: async (c) => {
      const row = await c.read((tx) => getBackupRow(tx, c.scope, c.params.id));
      if (row.status !== 'completed' || !row.filePath) throw conflict(BACKUP_MSG.notReady);
      const file = resolveBackupFile(c.ctx.config, row.filePath);
      if (!file) throw notFound(BACKUP_MSG.fileMissing);
      // Its checksum goes with it.
      return sendStoredFile(c.res, file, {
        fileName: row.fileName ?? `backup-${row.id}.tar.gz`,
        mimeType: 'application/gzip',
        generated: true,
        headers: row.sha256 ? { 'X-Checksum-Sha256': row.sha256 } : undefined,
      }).catch(() => {
        throw notFound(BACKUP_MSG.fileMissing);
      });
    },
  }),
  route({
    method: 'get',
    path: '/superuser/backups',
    audience: 'superuser',
    query: superuserBackupsQuery,
    handler: async (c) => ({ backups: await c.read((tx) => listAllBackups(tx, all, c.query.municipalityId)) }),
  }),
  route({
    method: 'post',
    path: '/superuser/backups/upload',
    audience: 'superuser',
    body: 'upload',
    status: 201,
    handler: async (c) => {
      const file = await receiveUpload(c.ctx.config, c.req, c.res, {
        maxBytes: BACKUP_UPLOAD_MAX_BYTES,
        tooLarge: BACKUP_MSG.uploadTooLarge,
      });
      return withUpload(file, async (placed) => {
        // Checked before it is kept: an unreadable archive or one of another schema is a 400.
        const { manifest, ours } = await c.read(async (tx) => {
          const m = await checkManifest(tx, c.ctx.config, file.path, true);
          return { manifest: m, ours: m.installationId === (await installationId(tx)) };
        });
        // Then every member against the manifest (nothing is unpacked): a hostile archive is never kept.
        await refusedAs400(inspectArchive(file.path));
        const { sha256, size } = await hashFile(file.path);
        const stored = uploadedBackupPath(new Date());
        const final = path.join(c.ctx.config.dataDir, stored);
        await fsp.mkdir(path.dirname(final), { recursive: true });
        await fsp.copyFile(file.path, final);
        placed(final);
        const row = await c.command((tx, out) =>
          registerUploadedBackup(tx, out, c.principal.id, {
            stored,
            fileName: cleanName(file.originalname) || `backup-${manifest.municipality.slug}.tar.gz`,
            size,
            sha256,
            manifest,
            ours,
          }),
        );
        return { backup: presentBackup(row, { createdByName: c.principal.name }) };
      });
    },
  }),
  route({
    method: 'post',
    path: '/superuser/backups/:id/restore',
    audience: 'superuser',
    params: idParam,
    body: backupRestoreBody,
    status: 202,
    handler: async (c) => {
      const body = c.body;
      const row = await c.command(async (tx, out) => {
        const b = await getBackupRow(tx, null, c.params.id);
        // Checked before anything is written: a corrupted or foreign file is a 400 and nothing changes.
        const { manifest } = await checkBackupFile(tx, c.ctx.config, b);
        if (body.target === 'same' && b.municipalityId == null) throw conflict(BACKUP_MSG.noMunicipality);
        if (body.target === 'new') {
          const [taken] = await tx
            .select({ id: municipalities.id })
            .from(municipalities)
            .where(eq(municipalities.slug, body.slug));
          if (taken) throw conflict(BACKUP_MSG.slugTaken, 'DUPLICATE');
        }
        const payload =
          body.target === 'same'
            ? { backupId: b.id, target: 'same' }
            : { backupId: b.id, target: 'new', name: body.name, slug: body.slug };
        const [job] = await tx
          .insert(jobs)
          .values({
            municipalityId: null,
            ownerId: c.principal.id,
            name: 'backup.restore',
            title: `Restauração do backup #${b.id} (${manifest.municipality.name})`,
            payload,
          })
          .returning();
        await record(
          tx,
          out,
          {
            action: 'BACKUP_RESTORE_REQUEST',
            entityType: 'Backup',
            entityId: b.id,
            label: `#${b.id}`,
            municipalityId: null,
            details: { new_value: { jobId: job.id, ...payload } },
          },
          backupChanged(b.municipalityId, b.id),
        );
        return job;
      });
      try {
        await c.ctx.queue.enqueue({ id: row.id, name: 'backup.restore', requestId: c.requestId });
      } catch (err) {
        logger.error({ err, jobId: row.id, requestId: c.requestId }, 'enqueue failed');
        throw conflict();
      }
      return { job: presentJob(row) };
    },
  }),
  route({
    method: 'get',
    path: '/superuser/backups/jobs/:id',
    audience: 'superuser',
    params: jobIdParam,
    handler: async (c) => {
      const [row] = await c.read((tx) => tx.select().from(jobs).where(eq(jobs.id, c.params.id)));
      if (!row || row.ownerId !== c.principal.id || !row.name.startsWith('backup.')) throw notFound();
      return { job: presentJob(row) };
    },
  }),
  route({
    method: 'get',
    path: '/superuser/backups/:id',
    audience: 'superuser',
    params: idParam,
    handler: async (c) => ({ backup: await c.read((tx) => getBackup(tx, c.params.id)) }),
  }),
];
