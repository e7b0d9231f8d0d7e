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

/**
 * A relative path of plain segments ([A-Za-z0-9_.-], never '.' or '..'), joined by single '/': what every
 * member of an archive and every stored file must be. No absolute part, no '..', no backslash, no NUL.
 */
export function isPlainPath(p: string): boolean {
  if (!p || p.length > 1024) return false;
  return p.split('/').every((s) => /^[\w\-.]+$/.test(s) && s !== '.' && s !== '..');
}

/** A stored file of municipality `id` that a backup carries: `files/<area>/<id>/…`, never job results. */
export function isOwnStoredFile(p: string, municipalityId: number): boolean {
  if (!isPlainPath(p)) return false;
  const [root, area, owner, ...rest] = p.split('/');
  return root === 'files' && area !== 'jobs' && owner === String(municipalityId) && rest.length > 0;
}

/** The same stored file under another municipality's folder (`files/<area>/<to>/…`). */
export function retargetStoredFile(p: string, to: number): string {
  const [root, area, , ...rest] = p.split('/');
  return [root, area, String(to), ...rest].join('/');
}
