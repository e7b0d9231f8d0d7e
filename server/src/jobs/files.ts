import path from 'node:path';
import type { Config } from '../config';

/** Result files live under DATA_DIR/files/jobs — never in a public folder; served by the authorising route. */
export const JOBS_DIR = path.join('files', 'jobs');

export const jobsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, JOBS_DIR);

/** Path stored in `jobs.file_path`: relative to DATA_DIR so the folder can move. */
export const relativeJobFile = (id: string, ext: string) => path.join(JOBS_DIR, `${id}.${ext}`);

/** Absolute path of a stored `file_path`, or null when it would leave DATA_DIR/files/jobs. */
export function resolveJobFile(config: Pick<Config, 'dataDir'>, stored: string): string | null {
  const base = path.resolve(jobsDir(config));
  const abs = path.resolve(config.dataDir, stored);
  return abs.startsWith(base + path.sep) ? abs : null;
}

/** MIME types of the result files. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_MIME = 'application/pdf';
export const JSON_MIME = 'application/json';
