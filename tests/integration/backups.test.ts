import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_MSG, type Backup, type BackupListResponse, type Job } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newPatrimonio, newSector, ownerQuery, world, type TestWorld } from '../support/factories';
import { backupTables, checksumSql } from '../../server/src/modules/backups/catalog';
import { whereOf } from '../../server/src/modules/backups/dump';
import { readManifest, writeArchive, extractArchive } from '../../server/src/modules/backups/archive';

// Backups of a municipality (issue 12): the restore drill (back up, change and delete, restore: every
// table's count and row checksum equal the backup's), the 400s that change nothing, who may do what.

let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;

/** Count and checksum of every backed-up table of a municipality, as the database computes them. */
async function snapshot(municipalityId: number): Promise<Record<string, { n: number; md5: string }>> {
  return s.owner.transaction(async (tx) => {
    const out: Record<string, { n: number; md5: string }> = {};
    for (const t of await backupTables(tx)) {
      const res = (await tx.execute(
        (await import('drizzle-orm')).sql.raw(checksumSql(t, whereOf(t, municipalityId))),
      )) as unknown as { rows: { n: number; md5: string }[] };
      out[t.name] = { n: Number(res.rows[0].n), md5: res.rows[0].md5 };
    }
    return out;
  });
}

/** Polls a superuser restore job until it is over. */
async function waitRestore(token: string, id: string): Promise<Job> {
  for (;;) {
    const r = await client(s.url, token)('GET', `/api/superuser/backups/jobs/${id}`);
    expect(r.status).toBe(200);
    if (r.body.job.status === 'completed' || r.body.job.status === 'failed') return r.body.job as Job;
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function makeBackup(token: string): Promise<Backup> {
  const res = await client(s.url, token)('POST', '/api/backups', {});
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const job = await waitJob(s, token, res.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  const list = (await client(s.url, token)('GET', '/api/backups')).body as BackupListResponse;
  const b = list.backups.find((x) => x.id === res.body.backup.id)!;
  expect(b.status).toBe('completed');
  return b;
}

const fileOf = async (id: number) =>
  path.join(
    s.ctx.config.dataDir,
    (await ownerQuery<{ p: string }>(s, 'select file_path p from backups where id = $1', [id]))[0].p,
  );

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
  // Some more of A: a second sector with assets, and a stored file of an asset.
  const sec = await newSector(s, w.A.id);
  for (let i = 0; i < 5; i++) await newPatrimonio(s, { municipalityId: w.A.id, sectorId: sec.id });
  const rel = `files/patrimonios/${w.A.id}/drill-${Date.now()}.txt`;
  fs.mkdirSync(path.join(s.ctx.config.dataDir, path.dirname(rel)), { recursive: true });
  fs.writeFileSync(path.join(s.ctx.config.dataDir, rel), 'foto do bem');
  await ownerQuery(
    s,
    `insert into patrimonio_arquivos (patrimonio_id, municipality_id, kind, file_name, stored_path, mime_type, size)
     values ($1, $2, 'document', 'foto.txt', $3, 'text/plain', 11)`,
    [w.A.asset.id, w.A.id, rel],
  );
}, 120_000);

afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('restore drill', () => {
  it('back up, change and delete data, restore: every table equals the backup (count and checksum); B untouched', async () => {
    const admin = await w.A.users.admin.token();
    const b = await makeBackup(admin);
    const before = await snapshot(w.A.id);
    expect(b.size).toBeGreaterThan(0);
    expect(b.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The manifest's figures are the database's, taken in the backup's snapshot.
    for (const t of b.summary!.tables) expect({ n: t.rows, md5: t.md5 }, t.name).toEqual(before[t.name]);
    expect(b.summary!.files).toBe(1);
    expect(before.patrimonios.n).toBe(6);

    // Change and delete.
    const file = (
      await ownerQuery<{ p: string }>(s, 'select stored_path p from patrimonio_arquivos where municipality_id = $1', [
        w.A.id,
      ])
    )[0].p;
    await ownerQuery(s, `update patrimonios set descricao_bem = 'alterado' where id = $1`, [w.A.asset.id]);
    await ownerQuery(s, `delete from patrimonio_arquivos where municipality_id = $1`, [w.A.id]);
    fs.rmSync(path.join(s.ctx.config.dataDir, file));
    await ownerQuery(s, `delete from patrimonios where municipality_id = $1 and id <> $2`, [w.A.id, w.A.asset.id]);
    await ownerQuery(s, `delete from user_sectors where user_id = $1`, [w.A.users.usuario.id]);
    await newSector(s, w.A.id, { name: 'Setor criado depois' });
    const changed = await snapshot(w.A.id);
    expect(changed.patrimonios.n).toBe(1);
    const bBefore = await snapshot(w.B.id);

    const su = await s.login(w.superuser.email, w.superuser.password).then((r) => r.token);
    const res = await client(s.url, su)('POST', `/api/superuser/backups/${b.id}/restore`, {
      target: 'same',
      confirmation: 'RESTAURAR',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitRestore(su, res.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');

    expect(await snapshot(w.A.id)).toEqual(before);
    expect(await snapshot(w.B.id)).toEqual(bBefore);
    expect(fs.readFileSync(path.join(s.ctx.config.dataDir, file), 'utf8')).toBe('foto do bem');
    // The admin still signs in (users were updated in place, not re-created).
    expect((await client(s.url, admin)('GET', '/api/backups')).status).toBe(200);
  });

  it('restores into a new municipality: ids remapped, same counts, the original untouched', async () => {
    const admin = await w.B.users.admin.token();
    const b = await makeBackup(admin);
    const bBefore = await snapshot(w.B.id);
    const su = await s.login(w.superuser.email, w.superuser.password).then((r) => r.token);
    const slug = `copia-${Date.now()}`;
    const res = await client(s.url, su)('POST', `/api/superuser/backups/${b.id}/restore`, {
      target: 'new',
      name: 'Cópia de B',
      slug,
      confirmation: 'RESTAURAR',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitRestore(su, res.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const [m] = await ownerQuery<{ id: number }>(s, 'select id from municipalities where slug = $1', [slug]);
    const copy = await snapshot(m.id);
    for (const [t, v] of Object.entries(bBefore)) expect(copy[t].n, t).toBe(v.n);
    expect(await snapshot(w.B.id)).toEqual(bBefore);
    const [u] = await ownerQuery<{ email: string }>(
      s,
      `select email from users where municipality_id = $1 and role = 'admin'`,
      [m.id],
    );
    expect(u.email).toContain(`+restaurado${m.id}@`);
  });

  it("ledger lines naming a property follow it into a new municipality; a deleted property's lines are cleared", async () => {
    const B = w.B.id;
    const imovel = async (numero: string) =>
      (
        await ownerQuery<{ id: number }>(
          s,
          `insert into imoveis (municipality_id, numero_patrimonio, denominacao, endereco, valor_aquisicao)
           values ($1, $2, 'Escola', 'Rua A, 1', 1000) returning id`,
          [B, numero],
        )
      )[0].id;
    const conta = async (codigo: string) =>
      (
        await ownerQuery<{ id: number }>(
          s,
          'select id from contas_contabeis where municipality_id = $1 and code = $2',
          [B, codigo],
        )
      )[0].id;
    const [ativo, abertura] = [await conta('1.2.3.2.1.01'), await conta('2.3.7.1.1.03')];
    const lancar = async (imovelId: number, numero: string) =>
      ownerQuery(
        s,
        `with l as (insert into lancamentos (municipality_id, fact_date, competencia, fact, description)
                    values ($1, current_date, to_char(current_date, 'YYYY-MM'), 'abertura', 'teste') returning id)
         insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit, conta_corrente, imovel_id)
         select $1::int, l.id, $2::int, 100000, 0, $4, $5::int from l
         union all select $1::int, l.id, $3::int, 0, 100000, $4, $5::int from l`,
        [B, ativo, abertura, `${numero} — Escola`, imovelId],
      );
    const kept = await imovel('IMB-1');
    const gone = await imovel('IMB-2');
    await lancar(kept, 'IMB-1');
    await lancar(gone, 'IMB-2');
    await ownerQuery(s, 'delete from imoveis where id = $1', [gone]);

    const b = await makeBackup(await w.B.users.admin.token());
    const su = await s.login(w.superuser.email, w.superuser.password).then((r) => r.token);
    const slug = `copia-livro-${Date.now()}`;
    const res = await client(s.url, su)('POST', `/api/superuser/backups/${b.id}/restore`, {
      target: 'new',
      name: 'Cópia do livro de B',
      slug,
      confirmation: 'RESTAURAR',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitRestore(su, res.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const [m] = await ownerQuery<{ id: number }>(s, 'select id from municipalities where slug = $1', [slug]);
    const linhas = await ownerQuery<{ cc: string; imovel: string | null }>(
      s,
      `select p.conta_corrente cc, i.numero_patrimonio imovel from partidas p
         left join imoveis i on i.id = p.imovel_id and i.municipality_id = p.municipality_id
        where p.municipality_id = $1 and p.conta_corrente like 'IMB-%' order by p.conta_corrente, p.id`,
      [m.id],
    );
    expect(linhas).toEqual([
      { cc: 'IMB-1 — Escola', imovel: 'IMB-1' },
      { cc: 'IMB-1 — Escola', imovel: 'IMB-1' },
      { cc: 'IMB-2 — Escola', imovel: null },
      { cc: 'IMB-2 — Escola', imovel: null },
    ]);
    const [{ n }] = await ownerQuery<{ n: number }>(
      s,
      `select count(*)::int n from partidas where municipality_id = $1 and imovel_id is not null
         and imovel_id not in (select id from imoveis where municipality_id = $1)`,
      [m.id],
    );
    expect(n).toBe(0);
  });
});

describe('bad restores change nothing', () => {
  // A damaged byte inside the manifest (the gzip stream fails before the first member is read) and one
  // further in (only the whole file's checksum tells).
  for (const where of ['start', 'middle'] as const)
    it(`a corrupted file (${where}) → 400, nothing changed`, async () => {
      const admin = await w.A.users.admin.token();
      const b = await makeBackup(admin);
      const f = await fileOf(b.id);
      const bytes = fs.readFileSync(f);
      bytes[where === 'start' ? 40 : Math.floor(bytes.length / 2)] ^= 0xff;
      fs.writeFileSync(f, bytes);
      await ownerQuery(s, `update patrimonios set descricao_bem = 'depois do backup' where id = $1`, [w.A.asset.id]);
      const before = await snapshot(w.A.id);
      const su = await s.login(w.superuser.email, w.superuser.password).then((r) => r.token);
      const res = await client(s.url, su)('POST', `/api/superuser/backups/${b.id}/restore`, {
        target: 'same',
        confirmation: 'RESTAURAR',
      });
      expect(res.status).toBe(400);
      // Where the byte lands decides which check speaks first: the gzip stream, the manifest's shape (a
      // damaged manifest may still inflate: its CRC is at the end) or the whole file's checksum.
      expect([BACKUP_MSG.corrupted, BACKUP_MSG.manifestInvalid, BACKUP_MSG.checksum]).toContain(res.body.error.message);
      expect(await snapshot(w.A.id)).toEqual(before);
      const jobs = await ownerQuery(
        s,
        `select 1 from jobs where name = 'backup.restore' and payload->>'backupId' = $1`,
        [String(b.id)],
      );
      expect(jobs).toHaveLength(0);
    });

  it('a backup of another installation → 400, nothing changed', async () => {
    const admin = await w.A.users.admin.token();
    const b = await makeBackup(admin);
    const f = await fileOf(b.id);
    // The same archive as another installation would have written it (its own installation id).
    const dir = fs.mkdtempSync(path.join(s.ctx.config.dataDir, 'foreign-'));
    const manifest = await extractArchive(f, dir);
    await writeArchive(f, { ...manifest, installationId: '00000000-0000-4000-8000-000000000000' }, (p) =>
      path.join(dir, p),
    );
    expect((await readManifest(f)).installationId).toBe('00000000-0000-4000-8000-000000000000');
    const before = await snapshot(w.A.id);
    const su = await s.login(w.superuser.email, w.superuser.password).then((r) => r.token);
    const res = await client(s.url, su)('POST', `/api/superuser/backups/${b.id}/restore`, {
      target: 'same',
      confirmation: 'RESTAURAR',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(BACKUP_MSG.foreign);
    expect(await snapshot(w.A.id)).toEqual(before);
  });

  it('without the typed confirmation → 400', async () => {
    const su = await s.login(w.superuser.email, w.superuser.password).then((r) => r.token);
    const [b] = await ownerQuery<{ id: number }>(s, `select id from backups where status = 'completed' limit 1`);
    const res = await client(s.url, su)('POST', `/api/superuser/backups/${b.id}/restore`, {
      target: 'same',
      confirmation: 'sim',
    });
    expect(res.status).toBe(400);
  });
});

describe('who may do what', () => {
  it('restore is the superuser’s only: an admin gets 403', async () => {
    const [b] = await ownerQuery<{ id: number }>(s, `select id from backups where municipality_id = $1 limit 1`, [
      w.A.id,
    ]);
    const res = await client(s.url, await w.A.users.admin.token())('POST', `/api/superuser/backups/${b.id}/restore`, {
      target: 'same',
      confirmation: 'RESTAURAR',
    });
    expect(res.status).toBe(403);
  });

  it('download: admins only (supervisor 403, another municipality 404); the bytes are the recorded checksum', async () => {
    const admin = await w.A.users.admin.token();
    const b = await makeBackup(admin);
    const get = (token: string) =>
      fetch(`${s.url}/api/backups/${b.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    const ok = await get(admin);
    expect(ok.status).toBe(200);
    const bytes = Buffer.from(await ok.arrayBuffer());
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(b.sha256);
    expect(ok.headers.get('content-disposition')).toContain('.tar.gz');
    expect(ok.headers.get('content-type')).toBe('application/gzip');
    expect(ok.headers.get('cache-control')).toBe('private, no-store');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('x-checksum-sha256')).toBe(b.sha256);
    expect((await get(await w.A.users.supervisor.token())).status).toBe(403);
    expect((await get(await w.B.users.admin.token())).status).toBe(404);
    // A supervisor reads the list but cannot generate.
    const sup = client(s.url, await w.A.users.supervisor.token());
    expect((await sup('GET', '/api/backups')).status).toBe(200);
    expect((await sup('POST', '/api/backups', {})).status).toBe(403);
    expect((await client(s.url, await w.A.users.usuario.token())('GET', '/api/backups')).status).toBe(403);
  });

  it('the list updates live when a backup finishes (backup.changed to the municipality)', async () => {
    const admin = await w.A.users.admin.token();
    const sock = await s.socket(admin);
    const seen: { id: number }[] = [];
    sock.on('backup.changed', (e) => seen.push(e.data as { id: number }));
    const b = await makeBackup(admin);
    for (let i = 0; i < 100 && !seen.some((e) => e.id === b.id); i++) await new Promise((r) => setTimeout(r, 20));
    expect(seen.some((e) => e.id === b.id)).toBe(true);
  });
});

describe('schedule and retention', () => {
  it('a due schedule makes a scheduled backup once; backups older than keepDays go, the newest stays', async () => {
    const admin = client(s.url, await w.B.users.admin.token());
    const list0 = (await admin('GET', '/api/backups')).body as BackupListResponse;
    const put = await admin('PUT', '/api/backups/settings', {
      enabled: true,
      hour: 2,
      frequency: 'daily',
      keepDays: 7,
      version: list0.settings.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const { run } = await import('../../server/src/modules/backups/jobs/backups-scheduled.handler');
    const now = new Date(Date.now() + 60_000).toISOString();
    await run(s.ctx, { now });
    await run(s.ctx, { now }); // the same due time again: claimed already, nothing new
    const list = (await admin('GET', '/api/backups')).body as BackupListResponse;
    const scheduled = list.backups.filter((b) => b.kind === 'scheduled');
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0].status).toBe('completed');
    expect(list.settings.lastRunAt).not.toBeNull();
    // Everything made "20 days ago": only the newest completed backup survives the sweep.
    await ownerQuery(s, `update backups set created_at = now() - interval '20 days' where municipality_id = $1`, [
      w.B.id,
    ]);
    await run(s.ctx, { now });
    const after = (await admin('GET', '/api/backups')).body as BackupListResponse;
    expect(after.backups.map((b) => b.id)).toEqual([scheduled[0].id]);
    expect(fs.existsSync(await fileOf(scheduled[0].id))).toBe(true);
  });
});

describe('an archive from elsewhere (POST /api/superuser/backups/upload)', () => {
  const send = async (token: string, bytes: Buffer, name = 'copia.tar.gz') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${s.url}/api/superuser/backups/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  const su = () => s.login(w.superuser.email, w.superuser.password).then((r) => r.token);

  it('a downloaded copy of this installation comes back as a backup of its municipality and restores in place', async () => {
    const admin = await w.A.users.admin.token();
    const b = await makeBackup(admin);
    const bytes = fs.readFileSync(await fileOf(b.id));
    const token = await su();
    const up = await send(token, bytes, 'backup-a.tar.gz');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const got = up.body.backup as Backup;
    expect(got).toMatchObject({
      kind: 'uploaded',
      status: 'completed',
      municipalityId: w.A.id,
      fileName: 'backup-a.tar.gz',
    });
    expect(got.sha256).toBe(b.sha256);
    expect(got.summary?.municipality?.name).toBe(w.A.name);
    await ownerQuery(s, `update patrimonios set descricao_bem = 'mudou depois' where id = $1`, [w.A.asset.id]);
    const res = await client(s.url, token)('POST', `/api/superuser/backups/${got.id}/restore`, {
      target: 'same',
      confirmation: 'RESTAURAR',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitRestore(token, res.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const [row] = await ownerQuery<{ d: string }>(s, 'select descricao_bem d from patrimonios where id = $1', [
      w.A.asset.id,
    ]);
    expect(row.d).not.toBe('mudou depois');
    const audit = await ownerQuery(s, `select 1 from audit_logs where action = 'BACKUP_UPLOAD' and entity_id = $1`, [
      String(got.id),
    ]);
    expect(audit).toHaveLength(1);
  });

  it('an archive of another installation belongs to no municipality: in place → 409, into a new one → restored', async () => {
    const admin = await w.B.users.admin.token();
    const b = await makeBackup(admin);
    const dir = fs.mkdtempSync(path.join(s.ctx.config.dataDir, 'elsewhere-'));
    const manifest = await extractArchive(await fileOf(b.id), dir);
    const foreign = path.join(dir, 'foreign.tar.gz');
    await writeArchive(foreign, { ...manifest, installationId: '00000000-0000-4000-8000-000000000001' }, (p) =>
      path.join(dir, p),
    );
    const token = await su();
    const up = await send(token, fs.readFileSync(foreign));
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const got = up.body.backup as Backup;
    expect(got.municipalityId).toBeNull();
    expect(got.municipalityName).toBe(w.B.name);
    const same = await client(s.url, token)('POST', `/api/superuser/backups/${got.id}/restore`, {
      target: 'same',
      confirmation: 'RESTAURAR',
    });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe(BACKUP_MSG.noMunicipality);
    const slug = `de-fora-${Date.now()}`;
    const res = await client(s.url, token)('POST', `/api/superuser/backups/${got.id}/restore`, {
      target: 'new',
      name: 'Vinda de outra instalação',
      slug,
      confirmation: 'RESTAURAR',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await waitRestore(token, res.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    const [m] = await ownerQuery<{ id: number }>(s, 'select id from municipalities where slug = $1', [slug]);
    const [n] = await ownerQuery<{ n: number }>(
      s,
      'select count(*)::int n from patrimonios where municipality_id = $1',
      [m.id],
    );
    expect(n.n).toBe(manifest.tables.find((t) => t.name === 'patrimonios')!.rows);
  });

  it('a file that is not a backup → 400 and nothing is kept; only the superuser may upload', async () => {
    const token = await su();
    const [before] = await ownerQuery<{ n: number }>(s, 'select count(*)::int n from backups');
    const bad = await send(token, Buffer.from('isto não é um backup'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(BACKUP_MSG.corrupted);
    const [after] = await ownerQuery<{ n: number }>(s, 'select count(*)::int n from backups');
    expect(after.n).toBe(before.n);
    const uploaded = path.join(s.ctx.config.dataDir, 'backups', 'uploaded');
    const kept = fs.existsSync(uploaded) ? fs.readdirSync(uploaded) : [];
    const rows = await ownerQuery<{ p: string }>(s, `select file_path p from backups where kind = 'uploaded'`);
    expect(kept.length).toBe(rows.length);
    expect((await send(await w.A.users.admin.token(), Buffer.from('x'))).status).toBe(403);
  });
});
