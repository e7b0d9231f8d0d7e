import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import type { JobContext } from '../../jobs/define';
import { JobFailure } from '../../jobs/define';
import type { Db } from '../../db/client';
import { enterTenancy } from '../../db/tx';
import { allMunicipalities, scopeOfMunicipality } from '../../tenancy/scope';
import { INVITATION_TTL_DAYS, BACKUP_MSG } from '@tombo/shared';
import { newOpaqueToken, sha256 } from '../../auth/tokens';
import { passwordResetTokens } from '../../db/schema';
import { ArchiveRefused, type Manifest } from './archive';
import { DERIVED, backupTables, checksumSql, ident, type BackupTable } from './catalog';
import { whereOf } from './dump';
import { isOwnStoredFile, retargetStoredFile } from './paths';
import { rowsOf } from '../../db/rows';

const CHUNK = 1_000;
const exec = (tx: Db, text: string) => tx.execute(sql.raw(text));
const tmpOf = (t: string) => ident(`bk_${t}`);
const mapOf = (t: string) => ident(`map_${t}`);

/** Where the rows go: the backup's own municipality (ids kept) or a new one created in the same transaction. */
export type RestoreTarget = { kind: 'same'; municipalityId: number } | { kind: 'new'; name: string; slug: string };

/** Rewrites a row's line (a JSON object) before it is loaded; throws ArchiveRefused for a row it refuses. */
type LineRewrite = (line: string) => string;

/**
 * A row's stored-file references for the target municipality: a top-level text that DATA_DIR would resolve
 * under `files/` must be a stored file of the backup's own municipality, and becomes the same file under the
 * target's folder (where the restore puts the archive's copy). Any other refuses the archive: a restore
 * never points at another municipality's file.
 */
function fileReferences(dataDir: string, from: number, to: number): LineRewrite {
  return (line) => {
    // Only a line holding 'files' (or a JSON escape that could spell it) can name a stored file.
    if (!line.includes('files') && !line.includes('\\')) return line;
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new ArchiveRefused(BACKUP_MSG.corrupted);
    }
    let changed = false;
    for (const [k, v] of Object.entries(row)) {
      if (typeof v !== 'string' || !v.includes('files')) continue;
      const rel = path.relative(dataDir, path.resolve(dataDir, v)).split(path.sep).join('/');
      if (rel !== 'files' && !rel.startsWith('files/')) continue;
      if (!isOwnStoredFile(rel, from)) throw new ArchiveRefused(BACKUP_MSG.foreignReference(v.slice(0, 120)));
      const next = retargetStoredFile(rel, to);
      if (next !== v) {
        row[k] = next;
        changed = true;
      }
    }
    return changed ? JSON.stringify(row) : line;
  };
}

/** Loads a table's JSON lines into its temporary twin, in chunks (json_populate_recordset: the database parses). */
async function load(tx: Db, t: BackupTable, file: string, rewrite: LineRewrite): Promise<void> {
  const cols = [...t.columns, ...t.withheld].map(ident).join(', ');
  await exec(
    tx,
    `create temp table ${tmpOf(t.name)} on commit drop as select ${cols} from ${ident(t.name)} with no data`,
  );
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let batch: string[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const json = `[${batch.join(',')}]`;
    batch = [];
    await tx.execute(
      sql`insert into ${sql.raw(tmpOf(t.name))} select * from json_populate_recordset(null::${sql.raw(tmpOf(t.name))}, ${json}::json)`,
    );
  };
  for await (const line of lines) {
    if (!line) continue;
    batch.push(rewrite(line));
    if (batch.length >= CHUNK) await flush();
  }
  await flush();
}

/** New keys for a new municipality: every row gets a fresh id (its sequence, or a new UUID); references follow. */
async function remap(tx: Db, tables: BackupTable[], municipalityId: number): Promise<void> {
  const mapped = new Set<string>();
  for (const t of tables) {
    if (t.columns.includes('municipality_id'))
      await exec(tx, `update ${tmpOf(t.name)} set municipality_id = ${municipalityId}`);
    if (!t.newKey) continue;
    const pk = ident(t.primaryKey[0]);
    const next = t.newKey.kind === 'uuid' ? 'gen_random_uuid()' : `nextval('${t.newKey.sequence.replace(/'/g, "''")}')`;
    await exec(
      tx,
      `create temp table ${mapOf(t.name)} on commit drop as select ${pk} as old, ${next} as new from ${tmpOf(t.name)}`,
    );
    await exec(tx, `create unique index on ${mapOf(t.name)} (old)`);
    mapped.add(t.name);
  }
  for (const t of tables) {
    const refs = [
      ...(t.newKey ? [{ column: t.primaryKey[0], references: t.name }] : []),
      ...t.foreignKeys.filter((f) => mapped.has(f.references)),
    ];
    for (const r of refs) {
      // A soft reference to a row the backup does not hold (a deleted property) is cleared, never left pointing
      // at another municipality's id.
      if ('soft' in r && r.soft)
        await exec(
          tx,
          `update ${tmpOf(t.name)} x set ${ident(r.column)} = null where x.${ident(r.column)} is not null
             and not exists (select 1 from ${mapOf(r.references)} m where m.old = x.${ident(r.column)})`,
        );
      await exec(
        tx,
        `update ${tmpOf(t.name)} x set ${ident(r.column)} = m.new from ${mapOf(r.references)} m where x.${ident(r.column)} = m.old`,
      );
    }
  }
}

/** Loads the archive's rows into temporary tables (checked against this database's catalog). */
async function loadRows(tx: Db, manifest: Manifest, dir: string, rewrite: LineRewrite): Promise<BackupTable[]> {
  const tables = await backupTables(tx);
  const names = tables.map((t) => `${t.name}(${t.columns.join(',')})`).join(' ');
  const theirs = manifest.tables.map((t) => `${t.name}(${t.columns.join(',')})`).join(' ');
  if (names !== theirs) throw new JobFailure('As tabelas do backup não correspondem às deste banco.', false);
  for (const t of tables) await load(tx, t, path.join(dir, 'data', `${t.name}.ndjson`), rewrite);
  return tables;
}

/** A restored user who had no credential here: invited to set a password (the token is mailed after the commit). */
export interface Invitation {
  userId: number;
  name: string;
  email: string;
  token: string;
}

/**
 * The credentials a municipality backup does not carry: a restored user who still exists here keeps the
 * current password; any other gets `unusable` (a hash nobody knows) and an invitation. Needs the target's
 * tenancy (the users it sees are the target's) and runs before the rows are written.
 */
async function fillCredentials(tx: Db, unusable: string): Promise<Omit<Invitation, 'token'>[]> {
  const t = tmpOf('users');
  await exec(tx, `update ${t} x set password_hash = u.password_hash from users u where u.id = x.id`);
  return rowsOf<Omit<Invitation, 'token'>>(
    await tx.execute(
      sql`update ${sql.raw(t)} set password_hash = ${unusable} where password_hash is null
          returning id as "userId", name, email`,
    ),
  );
}

/** Set-password tokens (the invitation flow's, INVITATION_TTL_DAYS) for the users restored without a password. */
async function invite(tx: Db, users: Omit<Invitation, 'token'>[]): Promise<Invitation[]> {
  const invited = users.map((u) => ({ ...u, token: newOpaqueToken() }));
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
  for (let i = 0; i < invited.length; i += CHUNK)
    await tx
      .insert(passwordResetTokens)
      .values(invited.slice(i, i + CHUNK).map((u) => ({ userId: u.userId, tokenHash: sha256(u.token), expiresAt })));
  return invited;
}

/**
 * A copy in a new municipality beside the original: a user whose e-mail is taken elsewhere keeps the
 * copy's references under `nome+restauradoN@dominio` (e-mails are unique in the installation).
 * Needs the all-municipalities tenancy to see the other municipalities' users.
 */
async function freeEmails(tx: Db, municipalityId: number): Promise<number> {
  const res = await exec(
    tx,
    `update ${tmpOf('users')} x set email = regexp_replace(x.email, '@', '+restaurado${municipalityId}@')
      where exists (select 1 from users u where lower(u.email) = lower(x.email)) returning x.id`,
  );
  return rowsOf(res).length;
}

/**
 * Replaces the target municipality's rows with the loaded ones, in the caller's transaction: rows not
 * in the backup are deleted (children first), the backup's rows inserted or updated in place (parents
 * first, so nothing referring to a kept row is cascaded away), then every table is checked against
 * the manifest (count and checksum; counts only when ids were remapped). Any difference throws.
 */
async function replaceRows(tx: Db, tables: BackupTable[], manifest: Manifest, municipalityId: number, fresh: boolean) {
  const inSet = new Set(tables.map((t) => t.name));
  for (const t of [...tables].reverse()) {
    const pk = t.primaryKey.map(ident).join(', ');
    await exec(
      tx,
      `delete from ${ident(t.name)} where ${whereOf(t, municipalityId)} and (${pk}) not in (select ${pk} from ${tmpOf(t.name)})`,
    );
  }
  for (const t of tables) {
    // A reference to a row outside the backup that is gone (a job result swept since) becomes null.
    for (const f of t.foreignKeys.filter(
      (f) => !inSet.has(f.references) && f.references !== 'municipalities' && f.nullable,
    ))
      await exec(
        tx,
        `update ${tmpOf(t.name)} x set ${ident(f.column)} = null where x.${ident(f.column)} is not null and not exists (select 1 from ${ident(f.references)} r where r.id = x.${ident(f.column)})`,
      );
    const cols = [...t.columns, ...t.withheld].map(ident).join(', ');
    // A withheld credential is written for a new row only (fillCredentials): an existing one keeps its own.
    const rest = t.columns.filter((c) => !t.primaryKey.includes(c));
    // Rows that did not change since the backup are left alone (no write, no trigger).
    const cols2 = (p: string) => rest.map((c) => `${p}.${ident(c)}`).join(', ');
    const onConflict = rest.length
      ? `do update set ${rest.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}
         where (${cols2(ident(t.name))}) is distinct from (${cols2('excluded')})`
      : 'do nothing';
    await exec(
      tx,
      `insert into ${ident(t.name)} (${cols}) overriding system value select ${cols} from ${tmpOf(t.name)} on conflict (${t.primaryKey.map(ident).join(', ')}) ${onConflict}`,
    );
  }
  for (const t of tables) {
    const want = manifest.tables.find((m) => m.name === t.name)!;
    const [got] = rowsOf<{ n: number; md5: string }>(await exec(tx, checksumSql(t, whereOf(t, municipalityId))));
    if (Number(got.n) !== want.rows || (!fresh && got.md5 !== want.md5))
      throw new JobFailure(`A tabela ${t.name} não confere após a restauração.`, false);
  }
}

/**
 * Copies the archive's files into DATA_DIR under the target municipality's folders (those not already
 * there), recording each one it creates in `created` (removed again if the restore fails).
 */
async function putFiles(dataDir: string, manifest: Manifest, dir: string, to: number, created: string[]) {
  const base = path.resolve(dataDir, 'files');
  for (const f of manifest.files) {
    const dest = path.resolve(dataDir, retargetStoredFile(f.path, to));
    if (!dest.startsWith(base + path.sep)) throw new ArchiveRefused(BACKUP_MSG.fileOutside(f.path));
    if (fs.existsSync(dest)) continue;
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    await fsp.copyFile(path.join(dir, f.path), dest);
    created.push(dest);
  }
}

/**
 * Restores an extracted, verified archive into the target in ONE transaction (a new municipality is
 * created in it too); its files are copied under the target's folders and removed again if the
 * transaction fails. Users the target does not have come back without a password and are invited
 * (`unusable`: the hash they get until then). Returns the target municipality and the invitations to mail.
 */
export async function restoreMunicipality(
  ctx: Pick<JobContext, 'db' | 'config'>,
  manifest: Manifest,
  dir: string,
  target: RestoreTarget,
  unusable: string,
): Promise<{ id: number; name: string; invitations: Invitation[] }> {
  const created: string[] = [];
  const from = manifest.municipality.id;
  try {
    return await ctx.db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      // The ledger's rows are immutable (migration 0052) except to a restore, which replaces them as a whole; the
      // setting also keeps a new municipality from being seeded with a chart the backup brings itself.
      await tx.execute(sql`select set_config('tombo.ledger_restore', 'on', true)`);
      let m: { id: number; name: string };
      let tables: BackupTable[];
      if (target.kind === 'new') {
        await enterTenancy(tx, allMunicipalities());
        [m] = rowsOf<{ id: number; name: string }>(
          await tx.execute(
            sql`insert into municipalities (name, slug) values (${target.name}, ${target.slug}) returning id, name`,
          ),
        );
        tables = await loadRows(tx, manifest, dir, fileReferences(ctx.config.dataDir, from, m.id));
        await remap(tx, tables, m.id);
        await freeEmails(tx, m.id);
      } else {
        if (from !== target.municipalityId) throw new JobFailure(BACKUP_MSG.noMunicipality, false);
        await enterTenancy(tx, scopeOfMunicipality(target.municipalityId));
        [m] = rowsOf<{ id: number; name: string }>(
          await tx.execute(sql`select id, name from municipalities where id = ${target.municipalityId}`),
        );
        if (!m) throw new JobFailure(BACKUP_MSG.noMunicipality, false);
        tables = await loadRows(tx, manifest, dir, fileReferences(ctx.config.dataDir, from, m.id));
      }
      // From here the row-level security of the target municipality guards every write.
      await enterTenancy(tx, scopeOfMunicipality(m.id));
      const uninvited = await fillCredentials(tx, unusable);
      // Derived tables (catalog DERIVED) go first, so nothing they refer to is held, and are rebuilt from the rows.
      for (const d of Object.keys(DERIVED))
        await tx.execute(sql`delete from ${sql.raw(ident(d))} where municipality_id = ${m.id}`);
      await replaceRows(tx, tables, manifest, m.id, target.kind === 'new');
      for (const fn of Object.values(DERIVED)) await tx.execute(sql`select ${sql.raw(ident(fn))}(${m.id}::int)`);
      const invitations = await invite(tx, uninvited);
      await putFiles(ctx.config.dataDir, manifest, dir, m.id, created);
      return { ...m, invitations };
    });
  } catch (err) {
    await Promise.all(created.map((f) => fsp.rm(f, { force: true })));
    throw err;
  }
}
