import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 'tombo-municipality-backup';

/** One member of the archive besides the manifest: its path inside the archive, size and SHA-256. */
export interface ArchiveEntry {
  path: string;
  size: number;
  sha256: string;
}

/** What the archive says about itself (checked before any restore). */
export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  installationId: string;
  appVersion: string;
  schemaVersion: string;
  createdAt: string;
  municipality: { id: number; name: string; slug: string };
  tables: { name: string; columns: string[]; rows: number; md5: string; entry: string }[];
  files: ArchiveEntry[];
  entries: ArchiveEntry[];
}

/** SHA-256 and size of a file, streamed. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const h = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    h.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: h.digest('hex'), size };
}

/**
 * Writes `out` (tar + gzip): the manifest first, then every entry from its file on disk (`source`
 * maps an archive path to the file). Entries are streamed; memory stays flat.
 */
export async function writeArchive(out: string, manifest: Manifest, source: (entry: string) => string): Promise<void> {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip({ level: 6 }), fs.createWriteStream(out));
  const body = Buffer.from(JSON.stringify(manifest, null, 2));
  await new Promise<void>((resolve, reject) =>
    pack.entry({ name: MANIFEST, size: body.length }, body, (e) => (e ? reject(e) : resolve())),
  );
  for (const e of [...manifest.entries, ...manifest.files]) {
    const entry = pack.entry({ name: e.path, size: e.size });
    await pipeline(fs.createReadStream(source(e.path)), entry);
  }
  pack.finalize();
  await done;
}

/** An archive path that stays inside the folder it is extracted to. */
function safe(name: string): boolean {
  return !!name && !path.isAbsolute(name) && !name.split(/[\\/]/).includes('..') && !name.includes('\0');
}

/** Reads only the manifest (the first member); throws on anything that is not a readable archive. */
export async function readManifest(file: string): Promise<Manifest> {
  const extract = tar.extract();
  // pipeline, not pipe(): a corrupted gzip stream must fail the loop below (pipeline destroys the
  // extractor with its error), never leave it waiting for an entry that will not come.
  const reading = pipeline(fs.createReadStream(file), createGunzip(), extract).catch(() => undefined);
  try {
    for await (const entry of extract) {
      if (entry.header.name !== MANIFEST) throw new Error('manifest is not the first member');
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
    }
    throw new Error('empty archive');
  } finally {
    extract.destroy();
    await reading;
  }
}

/**
 * Extracts the archive into `dir`, checking every member against the manifest (size and SHA-256);
 * throws on a member that is missing, unexpected, unsafe or altered.
 */
export async function extractArchive(file: string, dir: string): Promise<Manifest> {
  let manifest: Manifest | null = null;
  const seen = new Set<string>();
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), createGunzip(), extract);
  for await (const entry of extract) {
    const name = entry.header.name;
    if (name === MANIFEST) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest;
      continue;
    }
    const expected = manifest && [...manifest.entries, ...manifest.files].find((e) => e.path === name);
    if (!expected || !safe(name) || seen.has(name)) throw new Error(`unexpected member ${name}`);
    seen.add(name);
    const dest = path.join(dir, name);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    const h = createHash('sha256');
    let size = 0;
    await pipeline(
      entry,
      async function* (src: AsyncIterable<unknown>) {
        for await (const c of src) {
          const b = c as Buffer;
          h.update(b);
          size += b.length;
          yield b;
        }
      },
      fs.createWriteStream(dest),
    );
    if (size !== expected.size || h.digest('hex') !== expected.sha256) throw new Error(`member ${name} altered`);
  }
  await reading;
  if (!manifest) throw new Error('no manifest');
  for (const e of [...manifest.entries, ...manifest.files]) if (!seen.has(e.path)) throw new Error(`missing ${e.path}`);
  return manifest;
}
