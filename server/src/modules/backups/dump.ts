import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { JobContext } from '../../jobs/define';
import { fileSink } from '../../jobs/file-sink';
import type { Db } from '../../db/client';
import { enterTenancy } from '../../db/tx';
import { scopeOfMunicipality } from '../../tenancy/scope';
import { appVersion, installationId, schemaVersion } from '../../installation';
import { BACKUP_FORMAT, hashFile, writeArchive, type ArchiveEntry, type Manifest } from './archive';
import { backupTables, checksumSql, ident, type BackupTable } from './catalog';
import { isOwnStoredFile } from './paths';
import { rowsOf } from '../../db/rows';

const CHUNK = 2_000;

/** A table's rows filter for one municipality (the id is an integer: written into the statement). */
export const whereOf = (t: BackupTable, municipalityId: number) =>
  t.filter.replaceAll('$1', String(Math.trunc(municipalityId)));

/**
 * Writes one table's rows of the municipality as JSON lines (the database's own `row_to_json`, one
 * row per line, keyset-free through a cursor of the snapshot) and collects the stored files they name.
 */
async function dumpTable(
  tx: Db,
  t: BackupTable,
  municipalityId: number,
  file: string,
  files: Set<string>,
): Promise<void> {
  const out = fileSink(file);
  const cols = t.columns.map(ident).join(', ');
  const cursor = `bk_${t.name}`;
  await tx.execute(
    sql.raw(
      `declare ${ident(cursor)} no scroll cursor for select row_to_json(r)::text j from (select ${cols} from ${ident(t.name)} where ${whereOf(t, municipalityId)}) r`,
    ),
  );
  try {
    for (;;) {
      const rows = rowsOf<{ j: string }>(await tx.execute(sql.raw(`fetch ${CHUNK} from ${ident(cursor)}`)));
      for (const { j } of rows) {
        // Only the municipality's own stored files travel (a restore refuses a reference to any other).
        if (j.includes('"files/'))
          for (const v of Object.values(JSON.parse(j) as Record<string, unknown>))
            if (typeof v === 'string' && isOwnStoredFile(v, municipalityId)) files.add(v);
        await out.write(j + '\n');
      }
      if (rows.length < CHUNK) break;
    }
    await tx.execute(sql.raw(`close ${ident(cursor)}`));
    await out.close();
  } catch (err) {
    await out.abort();
    throw err;
  }
}

/**
 * Writes a municipality's backup archive to `dest`: a manifest (installation id, version, schema,
 * row counts and checksums per table, SHA-256 of every member), its tables' rows and its stored files,
 * all read from one repeatable-read snapshot. Returns the manifest.
 */
export async function writeMunicipalityBackup(
  ctx: Pick<JobContext, 'db' | 'config' | 'database'>,
  municipalityId: number,
  dest: string,
  report: (percent: number) => Promise<void>,
): Promise<Manifest> {
  // The embedded database has one connection: a progress write would wait for this very snapshot.
  const progress = ctx.database.kind === 'pglite' ? async () => undefined : report;
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'tombo-backup-'));
  try {
    const manifest = await ctx.db.transaction(
      async (raw) => {
        const tx = raw as unknown as Db;
        await enterTenancy(tx, scopeOfMunicipality(municipalityId));
        const [m] = rowsOf<{ id: number; name: string; slug: string }>(
          await tx.execute(sql`select id, name, slug from municipalities where id = ${municipalityId}`),
        );
        if (!m) throw new Error(`municipality ${municipalityId} not found`);
        const tables = await backupTables(tx);
        const files = new Set<string>();
        const entries: ArchiveEntry[] = [];
        const meta: Manifest['tables'] = [];
        for (const [i, t] of tables.entries()) {
          const [sum] = rowsOf<{ n: number; md5: string }>(
            await tx.execute(sql.raw(checksumSql(t, whereOf(t, municipalityId)))),
          );
          const entry = `data/${t.name}.ndjson`;
          const file = path.join(tmp, `${t.name}.ndjson`);
          await dumpTable(tx, t, municipalityId, file, files);
          entries.push({ path: entry, ...(await hashFile(file)) });
          meta.push({ name: t.name, columns: t.columns, rows: Number(sum.n), md5: sum.md5, entry });
          await progress(5 + (70 * (i + 1)) / tables.length);
        }
        const fileEntries: ArchiveEntry[] = [];
        for (const f of [...files].sort()) {
          const abs = path.join(ctx.config.dataDir, f);
          if (fs.existsSync(abs)) fileEntries.push({ path: f, ...(await hashFile(abs)) });
        }
        return {
          format: BACKUP_FORMAT,
          formatVersion: 1,
          installationId: await installationId(tx),
          appVersion: appVersion(ctx.config),
          schemaVersion: schemaVersion(),
          createdAt: new Date().toISOString(),
          municipality: m,
          tables: meta,
          files: fileEntries,
          entries,
        } satisfies Manifest;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    await writeArchive(dest, manifest, (p) =>
      p.startsWith('data/') ? path.join(tmp, path.basename(p)) : path.join(ctx.config.dataDir, p),
    );
    await progress(95);
    return manifest;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}
