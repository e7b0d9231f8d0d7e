// Issue 33, items 2, 3 and 6 (gzip bomb): every backup archive is hostile until checked. Against the production
// bundle in its own process, a set of crafted archives (traversal, absolute, symlink, extra, altered, oversized,
// missing, a bomb, one that plants the installation's rollback files, one with another municipality's file) is
// refused on upload with a pt-BR reason and nothing is written; the same archives put behind a backup row (as if
// swapped on disk) fail their restore job once, with the reason, the process stays up, and a restart neither
// resumes them nor runs anything planted. A restore job left 'running' by a dead process is failed at the next
// start, not run again (no crash loop).
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MSG, MSG } from '@tombo/shared';
import { createMigratedDatabase, dropDatabase } from '../../server/src/db/test-database';
import { extractArchive, type Manifest } from '../../server/src/modules/backups/archive';
import { buildBundle, killAll, login, startProcess, tempDir, waitHealthy, type Proc } from '../support/processes';

const PORT = 3361;
const url = `http://127.0.0.1:${PORT}`;
const pgMode = Boolean(process.env.DATABASE_URL);
const procs: Proc[] = [];
let dataDir: string;
let work: string;
let databaseUrl = '';
let proc: Proc;
let su: string;
let manifest: Manifest;
let unpacked: string;
let vizinhoId: number;

const start = async () => {
  proc = startProcess('main', {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // Inline jobs: the process that resumes them at start is the one under test.
    REDIS_URL: '',
    SEED_DEMO: 'always',
    LOGIN_RATE_LIMIT_MAX: '100000',
  });
  procs.push(proc);
  await waitHealthy(proc, `${url}/api/health`);
};
const stop = async () => {
  proc.child.kill('SIGTERM');
  await proc.exited;
};
const api = async (method: string, p: string, token: string, body?: unknown) => {
  const r = await fetch(`${url}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: (await r.json().catch(() => null)) as any };
};
const sql = async <T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> => {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
};

/** One member of a crafted archive: a file (bytes) or a link. */
type Member = { name: string; body?: Buffer; type?: 'symlink' | 'link' | 'directory'; size?: number };

async function pack(members: Member[]): Promise<Buffer> {
  const p = tar.pack();
  const chunks: Buffer[] = [];
  p.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => p.on('end', r));
  for (const m of members)
    await new Promise<void>((resolve, reject) => {
      const header = m.type
        ? { name: m.name, type: m.type, linkname: m.type === 'directory' ? undefined : '/etc/passwd' }
        : { name: m.name, size: m.size ?? m.body!.length };
      p.entry(header, m.type ? undefined : m.body, (e) => (e ? reject(e) : resolve()));
    });
  p.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

const entry = (p: string, body: Buffer) => ({ path: p, size: body.length, sha256: sha(body) });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const readMember = (p: string) => fs.readFileSync(path.join(unpacked, p));
/** The demo municipality's backup, manifest first (`m`, which may list more), with its genuine members. */
const genuine = (m: Manifest = manifest): Member[] => [
  { name: 'manifest.json', body: Buffer.from(JSON.stringify(m)) },
  ...[...manifest.entries, ...manifest.files].map((e) => ({ name: e.path, body: readMember(e.path) })),
];
const withFile = (p: string, body: Buffer): Member[] => [
  {
    name: 'manifest.json',
    body: Buffer.from(JSON.stringify({ ...manifest, files: [...manifest.files, entry(p, body)] })),
  },
  ...genuine().slice(1),
  { name: p, body },
];

interface Case {
  name: string;
  archive: () => Promise<Buffer>;
  /** The pt-BR reason (built once the demo municipality's backup is known). */
  reason: () => string;
  /** Refused already by the manifest (so a restore request answers 400); else only when the members are read. */
  byManifest: boolean;
  /** Paths under DATA_DIR (or absolute) that must never appear. */
  planted?: () => string[];
}

const evil = Buffer.from('evil');
const stamp = Date.now();
const own = (name: string) => `files/patrimonios/${manifest.municipality.id}/${name}`;
const marker = Buffer.from(JSON.stringify({ upgradeId: 1, toVersion: '2.0.0', backupFile: 'evil.sql' }));
const evilSql = Buffer.from('DROP SCHEMA public CASCADE; CREATE SCHEMA public; CREATE TABLE pwned (x int);');
const cases: Case[] = [
  {
    name: 'traversal (../)',
    archive: () => pack(withFile(`../evil-${stamp}.txt`, evil)),
    reason: () => BACKUP_MSG.memberUnsafe(`../evil-${stamp}.txt`),
    byManifest: true,
    planted: () => [`../evil-${stamp}.txt`],
  },
  {
    name: 'absolute path',
    archive: () => pack(withFile(`/tmp/tombo-evil-${stamp}.txt`, evil)),
    reason: () => BACKUP_MSG.memberUnsafe(`/tmp/tombo-evil-${stamp}.txt`),
    byManifest: true,
    planted: () => [`/tmp/tombo-evil-${stamp}.txt`],
  },
  {
    name: 'plants the rollback marker and SQL (item 2)',
    archive: () => {
      const m = {
        ...manifest,
        files: [
          ...manifest.files,
          entry('backups/installation/rollback-pending.json', marker),
          entry('backups/installation/evil.sql', evilSql),
        ],
      };
      return pack([
        ...genuine(m),
        { name: 'backups/installation/rollback-pending.json', body: marker },
        { name: 'backups/installation/evil.sql', body: evilSql },
      ]);
    },
    reason: () => BACKUP_MSG.fileOutside('backups/installation/rollback-pending.json'),
    byManifest: true,
    planted: () => ['backups/installation/rollback-pending.json', 'backups/installation/evil.sql'],
  },
  {
    name: "another municipality's stored file",
    archive: () => pack(withFile(`files/documentos/${vizinhoId}/alheio.pdf`, evil)),
    reason: () => BACKUP_MSG.fileOutside(`files/documentos/${vizinhoId}/alheio.pdf`),
    byManifest: true,
    planted: () => [`files/documentos/${vizinhoId}/alheio.pdf`],
  },
  {
    name: 'a symlink named as a listed file',
    archive: () => {
      const p = own(`link-${stamp}.txt`);
      const m = { ...manifest, files: [...manifest.files, entry(p, evil)] };
      return pack([...genuine(m), { name: p, type: 'symlink' }]);
    },
    reason: () => BACKUP_MSG.memberType(own(`link-${stamp}.txt`)),
    byManifest: false,
    planted: () => [own(`link-${stamp}.txt`)],
  },
  {
    name: 'an extra member',
    archive: () => pack([...genuine(), { name: own(`extra-${stamp}.txt`), body: evil }]),
    reason: () => BACKUP_MSG.memberExtra(own(`extra-${stamp}.txt`)),
    byManifest: false,
    planted: () => [own(`extra-${stamp}.txt`)],
  },
  {
    name: 'an altered member',
    archive: () =>
      pack(
        genuine().map((x) =>
          x.name === 'data/sectors.ndjson' ? { ...x, body: Buffer.from(x.body!.toString().replace('"', "'")) } : x,
        ),
      ),
    reason: () => BACKUP_MSG.memberAltered('data/sectors.ndjson'),
    byManifest: false,
  },
  {
    name: 'an oversized member',
    archive: () =>
      pack(
        genuine().map((x) =>
          x.name === 'data/sectors.ndjson' ? { ...x, body: Buffer.concat([x.body!, Buffer.alloc(4096, 0x20)]) } : x,
        ),
      ),
    reason: () => BACKUP_MSG.memberAltered('data/sectors.ndjson'),
    byManifest: false,
  },
  {
    name: 'a listed member missing',
    archive: () => pack(genuine().filter((x) => x.name !== 'data/sectors.ndjson')),
    reason: () => BACKUP_MSG.memberMissing('data/sectors.ndjson'),
    byManifest: false,
  },
  {
    name: 'the manifest not first',
    archive: () => pack([...genuine().slice(1), genuine()[0]]),
    reason: () => BACKUP_MSG.manifestFirst,
    byManifest: true,
  },
  {
    name: 'a gzip bomb: a 200 MiB manifest in a small upload',
    archive: () => {
      const body = Buffer.alloc(200 * 1024 ** 2, 0x20);
      body[0] = 0x7b;
      body[body.length - 1] = 0x7d;
      return pack([{ name: 'manifest.json', body }]);
    },
    reason: () => BACKUP_MSG.manifestTooLarge,
    byManifest: true,
  },
];

async function upload(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'de-fora.tar.gz');
  const r = await fetch(`${url}/api/superuser/backups/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${su}` },
    body: form,
  });
  return { status: r.status, body: (await r.json()) as any };
}
const uploadedFiles = () => {
  const dir = path.join(dataDir, 'backups', 'uploaded');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};
const exists = (p: string) => fs.existsSync(path.isAbsolute(p) ? p : path.join(dataDir, p));

beforeAll(async () => {
  buildBundle();
  dataDir = tempDir('tombo-hostile-');
  work = tempDir('tombo-hostile-work-');
  if (pgMode) databaseUrl = await createMigratedDatabase(process.env.DATABASE_URL!);
  await start();
  su = await login(url, 'superuser@tombo.gov.br');
  const admin = await login(url);
  vizinhoId = (await api('GET', '/api/auth/me', await login(url, 'admin@vizinho.gov.br'))).body.user.municipalityId;
  // A genuine backup of the demo municipality, unpacked: the material every crafted archive is made of.
  const made = await api('POST', '/api/backups', admin, {});
  expect(made.status, JSON.stringify(made.body)).toBe(202);
  for (;;) {
    const j = await api('GET', `/api/jobs/${made.body.job.id}`, admin);
    if (j.body.job.status === 'completed') break;
    expect(j.body.job.status).not.toBe('failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  const download = await fetch(`${url}/api/backups/${made.body.backup.id}/download`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const file = path.join(work, 'genuine.tar.gz');
  fs.writeFileSync(file, Buffer.from(await download.arrayBuffer()));
  unpacked = path.join(work, 'genuine');
  fs.mkdirSync(unpacked);
  manifest = await extractArchive(file, unpacked);
}, 240_000);
afterAll(async () => {
  killAll(procs);
  if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  for (const d of [dataDir, work]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

describe('hostile archives on upload', () => {
  it('the genuine archive passes (the crafted ones differ from it only by their flaw)', async () => {
    const ok = await upload(await pack(genuine()));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  for (const c of cases)
    it(`${c.name} → 400 with the reason, nothing kept or planted, the process alive`, async () => {
      const before = (await api('GET', '/api/superuser/backups', su)).body.backups.length;
      const kept = uploadedFiles();
      const res = await upload(await c.archive());
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.message).toBe(c.reason());
      expect((await api('GET', '/api/superuser/backups', su)).body.backups.length).toBe(before);
      expect(uploadedFiles()).toBe(kept);
      for (const p of c.planted?.() ?? []) expect(exists(p), p).toBe(false);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    });
});

describe.runIf(pgMode)('hostile archives behind a backup row (swapped on disk): the restore', () => {
  /** A backups row for the crafted bytes, as if the stored file had been replaced: its recorded SHA-256 matches. */
  async function stored(bytes: Buffer): Promise<number> {
    const rel = `backups/uploaded/crafted-${Date.now()}-${Math.random().toString(36).slice(2)}.tar.gz`;
    fs.mkdirSync(path.join(dataDir, 'backups', 'uploaded'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, rel), bytes);
    const [row] = await sql<{ id: number }>(
      `insert into backups (municipality_id, kind, status, progress, file_path, file_name, size, sha256, finished_at)
       values (null, 'uploaded', 'completed', 100, $1, 'crafted.tar.gz', $2, $3, now()) returning id`,
      [rel, bytes.length, sha(bytes)],
    );
    return row.id;
  }
  const failedJobs: string[] = [];

  for (const c of cases)
    it(`${c.name}: refused, the job fails once with the reason, nothing changes`, async () => {
      const id = await stored(await c.archive());
      const [{ n: municipios }] = await sql<{ n: number }>('select count(*)::int n from municipalities');
      const slug = `hostil-${Date.now()}`;
      const res = await api('POST', `/api/superuser/backups/${id}/restore`, su, {
        target: 'new',
        name: 'Hostil',
        slug,
        confirmation: 'RESTAURAR',
      });
      if (c.byManifest) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error.message).toBe(c.reason());
      } else {
        expect(res.status, JSON.stringify(res.body)).toBe(202);
        let job: any;
        for (;;) {
          job = (await api('GET', `/api/superuser/backups/jobs/${res.body.job.id}`, su)).body.job;
          if (job.status === 'completed' || job.status === 'failed') break;
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(job.status).toBe('failed');
        expect(job.error).toBe(`${MSG.jobs.failed} ${c.reason()}`);
        const [{ attempts }] = await sql<{ attempts: number }>('select attempts from jobs where id = $1', [job.id]);
        expect(attempts).toBe(1);
        failedJobs.push(job.id);
      }
      expect((await sql<{ n: number }>('select count(*)::int n from municipalities'))[0].n).toBe(municipios);
      for (const p of c.planted?.() ?? []) expect(exists(p), p).toBe(false);
      expect(proc.child.exitCode).toBeNull();
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    });

  it('a restart resumes none of them, runs nothing planted, and fails a restore a dead process left running', async () => {
    // As a process killed mid-restore leaves it: the row claimed once, still 'running'.
    const [{ id: owner }] = await sql<{ id: number }>(`select id from users where email = 'superuser@tombo.gov.br'`);
    const [{ id: backupId }] = await sql<{ id: number }>('select max(id) id from backups');
    const [dead] = await sql<{ id: string }>(
      `insert into jobs (owner_id, name, title, payload, status, attempts, started_at)
       values ($1, 'backup.restore', 'Restauração interrompida', $2, 'running', 1, now()) returning id`,
      [owner, JSON.stringify({ backupId, target: 'new', name: 'Interrompida', slug: `interrompida-${stamp}` })],
    );
    // What the review planted by hand in DATA_DIR: ignored, the rollback lives in the database.
    const inst = path.join(dataDir, 'backups', 'installation');
    fs.mkdirSync(inst, { recursive: true });
    fs.writeFileSync(path.join(inst, 'evil.sql'), 'CREATE TABLE pwned (x int);');
    fs.writeFileSync(
      path.join(inst, 'rollback-pending.json'),
      JSON.stringify({
        upgradeId: 1,
        fromVersion: '9.9.9',
        toVersion: '2.0.0',
        backupFile: path.join(inst, 'evil.sql'),
      }),
    );
    const [{ n: assets }] = await sql<{ n: number }>('select count(*)::int n from patrimonios');
    await stop();
    await start();
    // The queue looks at the rows left over right after the start: wait for it to have judged this one.
    let job: { status: string; error: string | null } | undefined;
    for (let i = 0; i < 300; i++) {
      [job] = await sql<{ status: string; error: string | null }>('select status, error from jobs where id = $1', [
        dead.id,
      ]);
      if (job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toEqual({ status: 'failed', error: `${MSG.jobs.failed} ${MSG.jobs.abandoned}` });
    expect(proc.log()).toContain('job abandoned by the queue: marked failed');
    const statuses = await sql<{ status: string }>('select status from jobs where id = any($1::uuid[])', [failedJobs]);
    expect(statuses.map((s) => s.status)).toEqual(failedJobs.map(() => 'failed'));
    expect(await sql(`select to_regclass('public.pwned') t`)).toEqual([{ t: null }]);
    expect((await sql<{ n: number }>('select count(*)::int n from patrimonios'))[0].n).toBe(assets);
    expect(proc.log()).not.toContain('Versão revertida');
    expect(await sql(`select 1 from municipalities where slug = $1`, [`interrompida-${stamp}`])).toEqual([]);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });
});
