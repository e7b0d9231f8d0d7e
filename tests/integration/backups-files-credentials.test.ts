// Issue 33, items 4 and 6 (credentials): what a municipality backup carries and where its restore points.
// - No credential travels: no password hash, second factor, recovery code or session; a restore keeps the
//   current password of a user who still exists and invites (set-password link) any user it brings back.
// - A restore references only files that travel in the archive, re-written under the target municipality's
//   folder: a new municipality's admin downloads its own copy, deleting it leaves the original; a row pointing
//   at another municipality's file refuses the restore (nothing written, that file untouched).
import fs from 'node:fs';
import path from 'node:path';
import tar from 'tar-stream';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MSG, MSG, type Job } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newUser, ownerQuery, world, type TestWorld } from '../support/factories';
import { extractArchive, type Manifest } from '../../server/src/modules/backups/archive';

let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;
let su: string;
const aFile = { rel: '', bytes: Buffer.from('%PDF-1.4 documento de A\n') };
const bFile = { rel: '', bytes: Buffer.from('%PDF-1.4 documento de B, que A nunca pode ler\n') };
let aDocId: number;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const abs = (rel: string) => path.join(s.ctx.config.dataDir, rel);

/** A document row of the municipality with its file on disk. */
async function document(municipalityId: number, file: { rel: string; bytes: Buffer }): Promise<number> {
  fs.mkdirSync(path.dirname(abs(file.rel)), { recursive: true });
  fs.writeFileSync(abs(file.rel), file.bytes);
  const [row] = await ownerQuery<{ id: number }>(
    s,
    `insert into documents (municipality_id, file_name, stored_path, mime_type, size, uploaded_by_name)
     values ($1, 'Termo.pdf', $2, 'application/pdf', $3, 'Pessoa Teste') returning id`,
    [municipalityId, file.rel, file.bytes.length],
  );
  return row.id;
}

/** A completed backup of A: its stored archive. */
async function backupOfA(): Promise<string> {
  const admin = await w.A.users.admin.token();
  const res = await client(s.url, admin)('POST', '/api/backups', {});
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const job = await waitJob(s, admin, res.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  const [{ p }] = await ownerQuery<{ p: string }>(s, 'select file_path p from backups where id = $1', [
    res.body.backup.id,
  ]);
  return abs(p);
}

/** Uploads an archive as the superuser and restores it; resolves with the finished job. */
async function uploadAndRestore(bytes: Buffer, target: { slug: string } | 'same'): Promise<Job> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'a.tar.gz');
  const up = await fetch(`${s.url}/api/superuser/backups/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${su}` },
    body: form,
  });
  const upBody = (await up.json()) as any;
  expect(up.status, JSON.stringify(upBody)).toBe(201);
  const body =
    target === 'same'
      ? { target: 'same', confirmation: 'RESTAURAR' }
      : { target: 'new', name: `Cópia ${target.slug}`, slug: target.slug, confirmation: 'RESTAURAR' };
  const res = await client(s.url, su)('POST', `/api/superuser/backups/${upBody.backup.id}/restore`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  for (;;) {
    const r = await client(s.url, su)('GET', `/api/superuser/backups/jobs/${res.body.job.id}`);
    if (r.body.job.status === 'completed' || r.body.job.status === 'failed') return r.body.job as Job;
    await new Promise((r2) => setTimeout(r2, 50));
  }
}

/** The set-password token of the newest invitation mailed to `email` (dev outbox). */
function invitationTo(email: string): string | null {
  const outbox = path.join(s.ctx.config.dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return null;
  const mails = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith(`-${email.replace(/[^a-z0-9@._-]/gi, '_')}.txt`))
    .sort()
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
  return mails.at(-1)?.match(/\/criar-senha\/([\w-]+)/)?.[1] ?? null;
}

/** Sets a password with an invitation token and signs in with it. */
async function acceptInvitation(email: string): Promise<string> {
  const token = invitationTo(email);
  expect(token, `no invitation mailed to ${email}`).toBeTruthy();
  const password = 'Nova@Senha2026';
  const r = await client(s.url)('POST', '/api/auth/reset-password', { token, password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (await s.login(email, password)).token;
}

/** Repacks an unpacked archive after `edit` changed its members' files (the manifest follows them). */
async function repack(dir: string, manifest: Manifest): Promise<Buffer> {
  const m: Manifest = {
    ...manifest,
    entries: manifest.entries.map((e) => ({ ...e, ...stat(path.join(dir, e.path)) })),
    files: manifest.files.map((e) => ({ ...e, ...stat(path.join(dir, e.path)) })),
  };
  const p = tar.pack();
  const chunks: Buffer[] = [];
  p.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => p.on('end', r));
  for (const [name, body] of [
    ['manifest.json', Buffer.from(JSON.stringify(m))] as const,
    ...[...m.entries, ...m.files].map((e) => [e.path, fs.readFileSync(path.join(dir, e.path))] as const),
  ])
    await new Promise<void>((resolve, reject) =>
      p.entry({ name, size: body.length }, body, (e) => (e ? reject(e) : resolve())),
    );
  p.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}
const stat = (file: string) => {
  const b = fs.readFileSync(file);
  return { size: b.length, sha256: sha(b) };
};

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
  su = (await s.login(w.superuser.email, w.superuser.password)).token;
  aFile.rel = `files/documentos/${w.A.id}/termo-a.pdf`;
  bFile.rel = `files/documentos/${w.B.id}/termo-b.pdf`;
  aDocId = await document(w.A.id, aFile);
  await document(w.B.id, bFile);
  // A second factor and recovery codes of A's supervisor: never in a backup.
  await ownerQuery(s, `insert into user_two_factor (user_id, secret_enc, enabled_at) values ($1, 'segredo', now())`, [
    w.A.users.supervisor.id,
  ]);
  await ownerQuery(s, `insert into user_recovery_codes (user_id, code_hash) values ($1, 'hash-de-codigo')`, [
    w.A.users.supervisor.id,
  ]);
}, 120_000);
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('credentials', () => {
  it('a municipality backup carries no password hash, second factor, recovery code or session', async () => {
    const dir = fs.mkdtempSync(path.join(s.ctx.config.dataDir, 'ver-'));
    const manifest = await extractArchive(await backupOfA(), dir);
    const names = manifest.tables.map((t) => t.name);
    expect(names).toContain('users');
    for (const t of [
      'user_two_factor',
      'user_recovery_codes',
      'auth_challenges',
      'refresh_tokens',
      'password_reset_tokens',
    ])
      expect(names).not.toContain(t);
    expect(manifest.tables.find((t) => t.name === 'users')!.columns).not.toContain('password_hash');
    for (const e of manifest.entries) {
      const text = fs.readFileSync(path.join(dir, e.path), 'utf8');
      expect(text, e.path).not.toContain('$argon2');
      expect(text, e.path).not.toContain('segredo');
    }
  });

  it('in place: a user who still exists keeps the password; one the restore brings back is invited', async () => {
    const gone = await newUser(s, { municipalityId: w.A.id, role: 'visualizador' });
    const archive = fs.readFileSync(await backupOfA());
    await ownerQuery(s, 'delete from users where id = $1', [gone.id]);
    const job = await uploadAndRestore(archive, 'same');
    expect(job.status, job.error ?? '').toBe('completed');
    // Still the same password (and still its second factor: the restore leaves credentials alone).
    expect(
      (
        await client(s.url)('POST', '/api/auth/login', {
          email: w.A.users.admin.email,
          password: w.A.users.admin.password,
        })
      ).status,
    ).toBe(200);
    expect(
      await ownerQuery(s, 'select 1 from user_two_factor where user_id = $1', [w.A.users.supervisor.id]),
    ).toHaveLength(1);
    // Back, but the old password is not: an invitation is.
    expect(
      (await client(s.url)('POST', '/api/auth/login', { email: gone.email, password: gone.password })).status,
    ).toBe(401);
    const token = await acceptInvitation(gone.email);
    expect((await client(s.url, token)('GET', '/api/auth/me')).body.user.email).toBe(gone.email);
  });
});

describe('stored files', () => {
  it("into a new municipality: its rows point at its own copy; its admin downloads it; deleting it leaves A's", async () => {
    const slug = `copia-${Date.now()}`;
    const job = await uploadAndRestore(fs.readFileSync(await backupOfA()), { slug });
    expect(job.status, job.error ?? '').toBe('completed');
    const [n] = await ownerQuery<{ id: number }>(s, 'select id from municipalities where slug = $1', [slug]);
    const docs = await ownerQuery<{ id: number; p: string }>(
      s,
      'select id, stored_path p from documents where municipality_id = $1',
      [n.id],
    );
    expect(docs.map((d) => d.p)).toEqual([`files/documentos/${n.id}/termo-a.pdf`]);
    expect(fs.readFileSync(abs(docs[0].p))).toEqual(aFile.bytes);
    // Its admin came over with an e-mail taken by A's: renamed, and invited to set a password.
    const admin = `${w.A.users.admin.email.replace('@', `+restaurado${n.id}@`)}`;
    const token = await acceptInvitation(admin);
    const got = await fetch(`${s.url}/api/documentos/${docs[0].id}/arquivo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(aFile.bytes);
    expect((await client(s.url, token)('DELETE', `/api/documentos/${docs[0].id}`)).status).toBe(204);
    for (let i = 0; i < 100 && fs.existsSync(abs(docs[0].p)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(abs(docs[0].p))).toBe(false);
    expect(fs.readFileSync(abs(aFile.rel))).toEqual(aFile.bytes);
    // A's own document still downloads for A.
    const mine = await fetch(`${s.url}/api/documentos/${aDocId}/arquivo`, {
      headers: { authorization: `Bearer ${await w.A.users.admin.token()}` },
    });
    expect(mine.status).toBe(200);
  });

  it("a row pointing at another municipality's file refuses the restore: nothing written, that file untouched", async () => {
    const dir = fs.mkdtempSync(path.join(s.ctx.config.dataDir, 'crafted-'));
    const manifest = await extractArchive(await backupOfA(), dir);
    const docs = path.join(dir, 'data', 'documents.ndjson');
    const lines = fs.readFileSync(docs, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    // The review's variants: B's path as it is, and spelled so that only a resolver sees it is B's.
    for (const spelled of [
      bFile.rel,
      `files/documentos/${w.A.id}/../${w.B.id}/termo-b.pdf`,
      `./${bFile.rel}`,
      abs(bFile.rel),
    ]) {
      const crafted = lines.map((l) => JSON.stringify({ ...JSON.parse(l), stored_path: spelled }));
      fs.writeFileSync(docs, crafted.join('\n') + '\n');
      const slug = `roubo-${Date.now()}`;
      const [{ n: before }] = await ownerQuery<{ n: number }>(s, 'select count(*)::int n from municipalities');
      const job = await uploadAndRestore(await repack(dir, manifest), { slug });
      expect(job.status, spelled).toBe('failed');
      expect(job.error).toBe(`${MSG.jobs.failed} ${BACKUP_MSG.foreignReference(spelled.slice(0, 120))}`);
      const [{ n: after }] = await ownerQuery<{ n: number }>(s, 'select count(*)::int n from municipalities');
      expect(after).toBe(before);
      expect(fs.readFileSync(abs(bFile.rel))).toEqual(bFile.bytes);
    }
    // In place too: A's rows would point at B's file.
    fs.writeFileSync(
      docs,
      lines.map((l) => JSON.stringify({ ...JSON.parse(l), stored_path: bFile.rel })).join('\n') + '\n',
    );
    const job = await uploadAndRestore(await repack(dir, manifest), 'same');
    expect(job.status).toBe('failed');
    const [row] = await ownerQuery<{ p: string }>(s, 'select stored_path p from documents where id = $1', [aDocId]);
    expect(row.p).toBe(aFile.rel);
  });
});
