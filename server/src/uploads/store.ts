import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { logger } from '../logger';

type DataDir = Pick<Config, 'dataDir'>;

/** An uploaded file's name as kept and shown: no folders, control or reserved characters, at most 200 characters. */
export const cleanName = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_')
    .trim()
    .slice(-200) || 'arquivo';

/**
 * A folder of stored files under DATA_DIR (never a public one). Rows keep paths relative to DATA_DIR, so
 * the folder can move; a stored path is resolved only when it stays inside the folder.
 */
export function fileFolder(relDir: string) {
  const base = (config: DataDir) => path.resolve(config.dataDir, relDir);
  const folder = {
    relDir,
    /** Absolute path of a stored relative path, or null when it would leave the folder. */
    resolve(config: DataDir, stored: string): string | null {
      const abs = path.resolve(config.dataDir, stored);
      return abs.startsWith(base(config) + path.sep) ? abs : null;
    },
    /** A new place for a file under `parts` (e.g. the municipality): its stored (relative) and absolute paths. */
    async newPlace(config: DataDir, parts: string[], ext: string): Promise<{ stored: string; final: string }> {
      const dirRel = path.join(relDir, ...parts);
      await fsp.mkdir(path.join(config.dataDir, dirRel), { recursive: true });
      const stored = path.join(dirRel, `${randomUUID()}.${ext}`);
      return { stored, final: path.join(config.dataDir, stored) };
    },
    /** Moves a checked temp file into a new place under `parts`. */
    async moveIn(
      config: DataDir,
      parts: string[],
      ext: string,
      from: string,
    ): Promise<{ stored: string; final: string }> {
      const place = await folder.newPlace(config, parts, ext);
      await fsp.rename(from, place.final);
      return place;
    },
    /** Removes stored files (after the commit that dropped their rows); a failure is logged. */
    async remove(config: DataDir, stored: string[]): Promise<void> {
      for (const s of stored) {
        const abs = folder.resolve(config, s);
        if (abs)
          await fsp.rm(abs, { force: true }).catch((err) => logger.warn({ err, file: abs }, 'could not remove a file'));
      }
    },
  };
  return folder;
}
