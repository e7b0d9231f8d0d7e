import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { DEFAULT_CHROME_PATH } from '../../render/pool';

// Facts about the running installation that are not in the database (system information screen).

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

/** The version of the build: the root package.json's (the same the footer shows). */
export const APP_VERSION: string = (() => {
  try {
    const file = path.resolve(import.meta.dirname, '../../../../package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

export const startedAt = () => STARTED_AT;

/** Bytes and files under `dir` (recursively; symlinks not followed; unreadable entries skipped). */
export async function directoryUsage(dir: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  const walk = async (d: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile()) {
        const st = await fs.promises.stat(p).catch(() => null);
        if (st) {
          bytes += st.size;
          files++;
        }
      }
    }
  };
  await walk(dir);
  return { bytes, files };
}

const chromiumVersions = new Map<string, Promise<string | null>>();

/** `chromium --version` of the configured browser (CHROME_PATH, else the system's), asked once per path. */
export function chromiumVersion(chromePath: string | undefined): { path: string; version: Promise<string | null> } {
  const exe = chromePath || DEFAULT_CHROME_PATH;
  if (!chromiumVersions.has(exe)) {
    chromiumVersions.set(
      exe,
      new Promise((resolve) => {
        execFile(exe, ['--version'], { timeout: 10_000 }, (err, stdout) => {
          const line = String(stdout ?? '')
            .split('\n')
            .find((l) => /\d+\.\d+/.test(l));
          resolve(err && !line ? null : (line?.trim() ?? null));
        });
      }),
    );
  }
  return { path: exe, version: chromiumVersions.get(exe)! };
}
