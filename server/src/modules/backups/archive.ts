import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { BACKUP_MSG } from '@tombo/shared';
import { fileSink } from '../../jobs/file-sink';
import { isOwnStoredFile, isPlainPath } from './paths';

export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 'tombo-municipality-backup';
/** The largest manifest read (it names every table and stored file: ~150 bytes a file). */
export const MANIFEST_MAX_BYTES = 64 * 1024 ** 2;
/** The most an archive may inflate to: a gzip bomb stops here, while streaming, before any member is kept. */
export const UNPACKED_MAX_BYTES = 64 * 1024 ** 3;

/** One member of the archive besides the manifest: its path inside the archive, size and SHA-256. */
export interface ArchiveEntry {
  path: string;
  size: number;
  sha256: string;
}

const size = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);
const entrySchema = z.strictObject({ path: z.string().max(1024), size, sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const manifestSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(1),
  installationId: z.string().max(64),
  appVersion: z.string().max(64),
  schemaVersion: z.string().max(200),
  createdAt: z.string().max(64),
  municipality: z.strictObject({
    id: z.number().int().positive(),
    name: z.string().max(500),
    slug: z.string().max(200),
  }),
  tables: z
    .array(
      z.strictObject({
        name: identifier,
        columns: z.array(identifier).max(1600),
        rows: size,
        md5: z.string().regex(/^[0-9a-f]{32}$/),
        entry: z.string().max(1024),
      }),
    )
    .max(1000),
  files: z.array(entrySchema),
  entries: z.array(entrySchema).max(1000),
});

/** What the archive says about itself (checked before any restore). */
export type Manifest = z.infer<typeof manifestSchema>;

/** An archive refused whole, with the pt-BR reason the superuser reads; nothing was written. */
export class ArchiveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRefused';
  }
}

/** A member's name as a message may show it: printable, at most 120 characters. */
// eslint-disable-next-line no-control-regex
const shown = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 120);

/** SHA-256 and size of a file, streamed. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const h = createHash('sha256');
  let n = 0;
  for await (const chunk of fs.createReadStream(file)) {
    h.update(chunk as Buffer);
    n += (chunk as Buffer).length;
  }
  return { sha256: h.digest('hex'), size: n };
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

/**
 * The members the manifest allows, by path: `data/<table>.ndjson` for each of its tables and the stored
 * files of its own municipality (`files/<area>/<id>/…`), each once, none inside another, within the
 * unpacked limit. Anything else refuses the archive.
 */
function allowedMembers(m: Manifest): Map<string, ArchiveEntry> {
  const members = new Map<string, ArchiveEntry>();
  const tableEntries = new Set(m.tables.map((t) => t.entry));
  if (tableEntries.size !== m.tables.length || m.entries.length !== m.tables.length)
    throw new ArchiveRefused(BACKUP_MSG.manifestInvalid);
  for (const t of m.tables)
    if (t.entry !== `data/${t.name}.ndjson`) throw new ArchiveRefused(BACKUP_MSG.manifestInvalid);
  let total = 0;
  for (const e of [...m.entries, ...m.files]) {
    const isData = m.entries.includes(e);
    if (!isPlainPath(e.path)) throw new ArchiveRefused(BACKUP_MSG.memberUnsafe(shown(e.path)));
    if (isData ? !tableEntries.has(e.path) : !isOwnStoredFile(e.path, m.municipality.id))
      throw new ArchiveRefused(BACKUP_MSG.fileOutside(shown(e.path)));
    if (members.has(e.path)) throw new ArchiveRefused(BACKUP_MSG.memberExtra(shown(e.path)));
    members.set(e.path, e);
    total += e.size;
  }
  if (total > UNPACKED_MAX_BYTES) throw new ArchiveRefused(BACKUP_MSG.tooLargeUnpacked);
  // 'a/b' and 'a/b/c' cannot both be files.
  for (const p of members.keys())
    for (let i = p.indexOf('/'); i > 0; i = p.indexOf('/', i + 1))
      if (members.has(p.slice(0, i))) throw new ArchiveRefused(BACKUP_MSG.memberUnsafe(shown(p)));
  return members;
}

type Member = AsyncIterable<Buffer> & { header: tar.Header };

/** Reads the manifest member (at most MANIFEST_MAX_BYTES, counted as it inflates) and checks it. */
async function manifestOf(entry: Member): Promise<{ manifest: Manifest; members: Map<string, ArchiveEntry> }> {
  const { name, type, size: declared } = entry.header;
  if (name !== MANIFEST || type !== 'file') throw new ArchiveRefused(BACKUP_MSG.manifestFirst);
  if ((declared ?? 0) > MANIFEST_MAX_BYTES) throw new ArchiveRefused(BACKUP_MSG.manifestTooLarge);
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of entry) {
    n += c.length;
    if (n > MANIFEST_MAX_BYTES) throw new ArchiveRefused(BACKUP_MSG.manifestTooLarge);
    chunks.push(c);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ArchiveRefused(BACKUP_MSG.corrupted);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new ArchiveRefused(BACKUP_MSG.manifestInvalid);
  return { manifest: parsed.data, members: allowedMembers(parsed.data) };
}

/** Streams one member, checking it against the manifest (size, SHA-256), into `dest` when given. */
async function takeMember(entry: Member, want: ArchiveEntry, dest: string | null): Promise<void> {
  const altered = () => new ArchiveRefused(BACKUP_MSG.memberAltered(shown(want.path)));
  if (entry.header.size !== want.size) throw altered();
  const h = createHash('sha256');
  let n = 0;
  if (dest) await fsp.mkdir(path.dirname(dest), { recursive: true });
  const sink = dest ? fileSink(dest) : null;
  try {
    for await (const c of entry) {
      n += c.length;
      if (n > want.size) throw altered();
      h.update(c);
      await sink?.write(c);
    }
    await sink?.close();
  } catch (err) {
    await sink?.abort();
    throw err;
  }
  if (n !== want.size || h.digest('hex') !== want.sha256) throw altered();
}

/** Goes through the members: the manifest first, then each allowed member exactly once, all present. */
async function readMembers(extract: AsyncIterable<Member>, dir: string | null, onlyManifest: boolean) {
  let checked: Awaited<ReturnType<typeof manifestOf>> | null = null;
  const seen = new Set<string>();
  for await (const entry of extract) {
    if (!checked) {
      checked = await manifestOf(entry);
      if (onlyManifest) return checked.manifest;
      continue;
    }
    const { name, type } = entry.header;
    if (!isPlainPath(name)) throw new ArchiveRefused(BACKUP_MSG.memberUnsafe(shown(name)));
    if (type !== 'file') throw new ArchiveRefused(BACKUP_MSG.memberType(shown(name)));
    const want = checked.members.get(name);
    if (!want || seen.has(name)) throw new ArchiveRefused(BACKUP_MSG.memberExtra(shown(name)));
    seen.add(name);
    await takeMember(entry, want, dir ? path.join(dir, name) : null);
  }
  if (!checked) throw new ArchiveRefused(BACKUP_MSG.corrupted);
  for (const p of checked.members.keys())
    if (!seen.has(p)) throw new ArchiveRefused(BACKUP_MSG.memberMissing(shown(p)));
  return checked.manifest;
}

/** Counts inflated bytes and stops the stream past UNPACKED_MAX_BYTES (plus the tar headers' slack). */
const inflateCap = () => {
  let n = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      n += chunk.length;
      done(n > UNPACKED_MAX_BYTES + MANIFEST_MAX_BYTES ? new ArchiveRefused(BACKUP_MSG.tooLargeUnpacked) : null, chunk);
    },
  });
};

/**
 * One pass over an archive. Every stream is awaited and every failure is caught here: a damaged or
 * hostile archive ends as an ArchiveRefused (pt-BR reason), never as an unhandled stream error.
 * A file-system failure (the disk, the archive's own file) is thrown as it is.
 */
async function walk(file: string, dir: string | null, onlyManifest: boolean): Promise<Manifest> {
  const extract = tar.extract();
  // Settles once and never rejects: its error is read below, so none is ever left unheard.
  const reading = pipeline(fs.createReadStream(file), createGunzip(), inflateCap(), extract).then(
    () => null,
    (err: unknown) => err,
  );
  let failure: unknown = null;
  let manifest: Manifest | null = null;
  try {
    manifest = await readMembers(extract as unknown as AsyncIterable<Member>, dir, onlyManifest);
  } catch (err) {
    failure = err;
  }
  if (failure || onlyManifest) extract.destroy();
  const streamError = await reading;
  if (!failure && !onlyManifest) failure = streamError;
  if (!failure) return manifest!;
  if (failure instanceof ArchiveRefused) throw failure;
  if (typeof (failure as { syscall?: unknown }).syscall === 'string') throw failure;
  throw new ArchiveRefused(BACKUP_MSG.corrupted);
}

/** Reads and checks only the manifest (the first member): its shape and the members it allows. */
export const readManifest = (file: string) => walk(file, null, true);

/**
 * Checks the whole archive against its manifest without writing anything: every member allowed,
 * a plain file, present once, of the declared size and SHA-256. Throws ArchiveRefused otherwise.
 */
export const inspectArchive = (file: string) => walk(file, null, false);

/** `inspectArchive`, writing each member under `dir` (a fresh folder) as it is checked. */
export const extractArchive = (file: string, dir: string) => walk(file, dir, false);
