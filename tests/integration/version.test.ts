import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { VersionInfo } from '@tombo/shared';
import { CHANGELOG } from '@tombo/shared';
import { loadConfig, type Config } from '../../server/src/config';
import { startServer, type RunningServer } from '../../server/src/server';
import { createFreshDatabase, dropDatabase } from '../../server/src/db/test-database';
import { DEMO_PASSWORD } from '../../server/src/modules/demo-seed';
import { client } from '../support/http';
import { DEMO } from '../support/harness';

// The version manager (issue 12): GET /api/version; the upgrade history is real (a start of another
// version records from → to with a whole-installation backup taken before its migrations); a
// 'Reverter' restores that backup when the older version starts, and the outcome is recorded.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-version-'));
let databaseUrl: string | undefined;
let running: RunningServer | null = null;
const feed = path.join(dataDir, 'feed.json');

async function boot(version: string, extra: Partial<Config> = {}): Promise<RunningServer> {
  if (running) await running.close();
  running = null;
  databaseUrl ??= process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    redisUrl: undefined,
    jwtSecret: 'x'.repeat(64),
    redisPrefix: `tombo-test-${randomBytes(4).toString('hex')}`,
    loginRateLimitMax: 10_000,
    appVersion: version,
    ...extra,
  });
  // The demo data on the first start (an installation with data), never again.
  running = await startServer(config, { inMemory: false, seed: 'always' });
  return running;
}

async function tokenOf(s: RunningServer, email: string): Promise<string> {
  const r = await client(s.url)('POST', '/api/auth/login', { email, password: DEMO_PASSWORD });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}

afterAll(async () => {
  await running?.close();
  if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('version and upgrade history', () => {
  it('a new installation records its first version without a backup; GET /api/version for superuser and admin only', async () => {
    const s = await boot('2.0.0');
    const su = await tokenOf(s, DEMO.superuser);
    const r = await client(s.url, su)('GET', '/api/version');
    expect(r.status).toBe(200);
    const v = r.body as VersionInfo;
    expect(v.version).toBe('2.0.0');
    expect(v.schemaVersion).toMatch(/^\d{4}_/);
    expect(v.changelog).toEqual(CHANGELOG);
    // only this project's real releases, newest first, each dated (issue 35: no versions of another product)
    expect(v.changelog[0].version).toBe('2.0.0');
    for (const c of v.changelog)
      expect(c).toMatchObject({ source: 'tombo', releaseDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(v.changelog.map((c) => c.version)).not.toContain('0.0.190');
    expect(v.upgrades).toHaveLength(1);
    expect(v.upgrades[0]).toMatchObject({ fromVersion: null, toVersion: '2.0.0', backupFile: null });
    expect(v.latest).toBeNull();
    expect((await client(s.url, await tokenOf(s, DEMO.admin))('GET', '/api/version')).status).toBe(200);
    expect((await client(s.url, await tokenOf(s, DEMO.supervisor))('GET', '/api/version')).status).toBe(403);
    expect((await client(s.url, await tokenOf(s, DEMO.usuario))('GET', '/api/version')).status).toBe(403);
  });

  it('the same version again records nothing; another version records from → to with a pre-upgrade backup', async () => {
    let s = await boot('2.0.0');
    let v = (await client(s.url, await tokenOf(s, DEMO.superuser))('GET', '/api/version')).body as VersionInfo;
    expect(v.upgrades).toHaveLength(1);
    s = await boot('2.1.0');
    v = (await client(s.url, await tokenOf(s, DEMO.superuser))('GET', '/api/version')).body as VersionInfo;
    expect(v.version).toBe('2.1.0');
    expect(v.upgrades).toHaveLength(2);
    expect(v.upgrades[0]).toMatchObject({ fromVersion: '2.0.0', toVersion: '2.1.0' });
    expect(v.upgrades[0].backupFile).toMatch(/^pre-upgrade-2\.0\.0-para-2\.1\.0-/);
    expect(fs.existsSync(path.join(dataDir, 'backups', 'installation', v.upgrades[0].backupFile!))).toBe(true);
    expect(v.upgrades[0].backupSize).toBeGreaterThan(1000);
    // Sealed with the backup key (it holds every credential): nothing readable in it.
    const dump = fs.readFileSync(path.join(dataDir, 'backups', 'installation', v.upgrades[0].backupFile!));
    expect(dump.subarray(0, 15).toString()).toBe('TOMBO-SEALED-1\n');
    for (const text of ['argon2id', 'CREATE TABLE', 'municipalities', 'admin@exemplo.gov.br'])
      expect(dump.includes(text), text).toBe(false);
  });

  it("the release feed: 'Atualizar para vX' only when the feed announces a newer version, with instructions", async () => {
    fs.writeFileSync(
      feed,
      JSON.stringify({ versions: [{ version: '2.2.0', releaseDate: '2026-12-01', changelog: ['Novidade'] }] }),
    );
    const s = await boot('2.1.0', { releaseFeedFile: feed });
    const v = (await client(s.url, await tokenOf(s, DEMO.admin))('GET', '/api/version')).body as VersionInfo;
    expect(v.feed).toEqual({ configured: true, error: null });
    expect(v.latest).toMatchObject({ version: '2.2.0', changelog: ['Novidade'] });
    expect(v.latest!.instructions).toContain('git checkout v2.2.0');
  });

  it("'Reverter' (superuser only): scheduled, then the older version's start restores the pre-upgrade backup and records it", async () => {
    let s = await boot('2.1.0');
    const su = await tokenOf(s, DEMO.superuser);
    const v = (await client(s.url, su)('GET', '/api/version')).body as VersionInfo;
    // A change made under 2.1.0, which the rollback must undo.
    await s.owner.query(
      `update municipalities set name = 'Renomeado depois da atualização' where slug = (select min(slug) from municipalities)`,
    );
    const admin = await tokenOf(s, DEMO.admin);
    expect(
      (
        await client(s.url, admin)('POST', '/api/superuser/version/rollback', {
          upgradeId: v.upgrades[0].id,
          confirm: true,
        })
      ).status,
    ).toBe(403);
    const r = await client(s.url, su)('POST', '/api/superuser/version/rollback', {
      upgradeId: v.upgrades[0].id,
      confirm: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.pendingRollback).toMatchObject({ fromVersion: '2.1.0', toVersion: '2.0.0' });
    expect(r.body.pendingRollback.instructions).toContain('v2.0.0');
    // Still the same version and data until 2.0.0 starts: nothing pretends.
    const again = (await client(s.url, su)('GET', '/api/version')).body as VersionInfo;
    expect(again.version).toBe('2.1.0');
    expect(again.pendingRollback?.toVersion).toBe('2.0.0');

    s = await boot('2.0.0');
    const after = (await client(s.url, await tokenOf(s, DEMO.superuser))('GET', '/api/version')).body as VersionInfo;
    expect(after.version).toBe('2.0.0');
    expect(after.pendingRollback).toBeNull();
    expect(after.rollbacks[0], JSON.stringify(after.rollbacks[0])).toMatchObject({
      fromVersion: '2.1.0',
      toVersion: '2.0.0',
      status: 'success',
    });
    expect(after.upgrades.map((u) => `${u.fromVersion}>${u.toVersion}`)).toEqual([
      '2.1.0>2.0.0',
      '2.0.0>2.1.0',
      'null>2.0.0',
    ]);
    const renamed = await s.owner.query(`select 1 from municipalities where name = 'Renomeado depois da atualização'`);
    expect(renamed).toHaveLength(0);
    const notes = await s.owner.query<{ description: string }>(
      `select description from notifications where title = 'Versão revertida'`,
    );
    expect(notes[0]?.description).toBe('Sistema revertido com sucesso para a versão 2.0.0.');
  });

  it('a rollback runs only the file the installation wrote: a swapped backup or a planted marker changes nothing', async () => {
    let s = await boot('2.1.0');
    const su = await tokenOf(s, DEMO.superuser);
    const v = (await client(s.url, su)('GET', '/api/version')).body as VersionInfo;
    expect(v.upgrades[0]).toMatchObject({ fromVersion: '2.0.0', toVersion: '2.1.0' });
    const r = await client(s.url, su)('POST', '/api/superuser/version/rollback', {
      upgradeId: v.upgrades[0].id,
      confirm: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await s.owner.query(
      `update municipalities set name = 'Mudado em 2.1.0' where slug = (select min(slug) from municipalities)`,
    );
    // Someone who can write in DATA_DIR swaps the dump and plants the old file-based marker.
    const inst = path.join(dataDir, 'backups', 'installation');
    fs.appendFileSync(path.join(inst, v.upgrades[0].backupFile!), 'x');
    fs.writeFileSync(
      path.join(inst, 'evil.sql'),
      'DROP SCHEMA public CASCADE; CREATE SCHEMA public; CREATE TABLE pwned (x int);',
    );
    fs.writeFileSync(
      path.join(inst, 'rollback-pending.json'),
      JSON.stringify({
        upgradeId: 1,
        fromVersion: '2.1.0',
        toVersion: '2.0.0',
        backupFile: path.join(inst, 'evil.sql'),
      }),
    );
    s = await boot('2.0.0');
    const after = (await client(s.url, await tokenOf(s, DEMO.superuser))('GET', '/api/version')).body as VersionInfo;
    expect(after.pendingRollback).toBeNull();
    expect(after.rollbacks[0]).toMatchObject({ fromVersion: '2.1.0', toVersion: '2.0.0', status: 'failure' });
    expect(after.rollbacks[0].error).toContain('não é o que foi gravado');
    expect(await s.owner.query(`select 1 from municipalities where name = 'Mudado em 2.1.0'`)).toHaveLength(1);
    expect(await s.owner.query(`select to_regclass('public.pwned') t`)).toEqual([{ t: null }]);
    // The planted marker is never read, on this start or the next one.
    s = await boot('2.0.0');
    expect(await s.owner.query(`select to_regclass('public.pwned') t`)).toEqual([{ t: null }]);
  });
});
