import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config';

/** Backups live under DATA_DIR/backups (municipalities: m<id>/; the whole installation: installation/). */
export const BACKUPS_DIR = 'backups';

/** The stored (DATA_DIR-relative) path of a municipality's backup archive. */
export const municipalityBackupPath = (municipalityId: number, id: number, at: Date) =>
  path.join(BACKUPS_DIR, `m${municipalityId}`, `${id}-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`);

/** The stored path of an archive a superuser uploaded (it may belong to no municipality here). */
export const uploadedBackupPath = (at: Date) =>
  path.join(BACKUPS_DIR, 'uploaded', `${at.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.tar.gz`);

/** Absolute path of a stored backup path, or null when it would leave DATA_DIR/backups. */
export function resolveBackupFile(config: Pick<Config, 'dataDir'>, stored: string): string | null {
  const base = path.resolve(config.dataDir, BACKUPS_DIR);
  const abs = path.resolve(config.dataDir, stored);
  return abs.startsWith(base + path.sep) ? abs : null;
}

/** A stored file of a row (`files/...`, never job results) that a backup carries. */
export const isStoredFile = (v: unknown): v is string =>
  typeof v === 'string' && /^files\/[\w\-./]+$/.test(v) && !v.startsWith('files/jobs/') && !v.includes('..');
