import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestServer, type TestServer } from '../support/harness';
import { newTenant, type TestTenant } from '../support/factories';

// A long import must not make every other asset write of its municipality wait (issue 12): the per-
// municipality asset_versions row, bumped by a trigger on every asset statement, would stay locked
// until the import commits. With `tombo.defer_asset_versions` on (what the import sets) the trigger
// leaves it alone. Two real connections: PostgreSQL only (PGlite has one).
const onPostgres = Boolean(process.env.DATABASE_URL);

let s: TestServer;
let T: TestTenant;
beforeAll(async () => {
  if (!onPostgres) return;
  s = await startTestServer();
  T = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

/** Inserts one asset of T in an open transaction of `c`, deferring the version bump or not. */
async function insertInOpenTransaction(c: pg.Client, defer: boolean) {
  await c.query('begin');
  if (defer) await c.query(`select set_config('tombo.defer_asset_versions', 'on', true)`);
  await c.query(
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, valor_aquisicao)
     values ($1, 'LOCK-' || floor(random() * 1e9), 'Bem importado', $2, 'Setor', 1)`,
    [T.id, T.sector.id],
  );
}

/** Whether another connection could take the municipality's asset_versions row right now. */
async function versionRowFree(other: pg.Client): Promise<boolean> {
  try {
    await other.query('begin');
    await other.query('select 1 from asset_versions where municipality_id = $1 for update nowait', [T.id]);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') return false;
    throw err;
  } finally {
    await other.query('rollback');
  }
}

describe.skipIf(!onPostgres)('an import does not hold the municipality’s asset_versions row', () => {
  it('a deferred insert leaves the row free; a plain one holds it until its commit', async () => {
    const importer = new pg.Client({ connectionString: s.ctx.config.databaseUrl });
    const other = new pg.Client({ connectionString: s.ctx.config.databaseUrl });
    await importer.connect();
    await other.connect();
    try {
      const version = async () =>
        (await other.query('select version from asset_versions where municipality_id = $1', [T.id])).rows[0].version;
      const before = await version();
      await insertInOpenTransaction(importer, true);
      expect(await versionRowFree(other)).toBe(true);
      await importer.query('rollback');
      expect(await version()).toBe(before);

      await insertInOpenTransaction(importer, false);
      expect(await versionRowFree(other)).toBe(false);
      await importer.query('commit');
      expect(await version()).toBe(before + 1);
    } finally {
      await importer.end();
      await other.end();
    }
  });
});
