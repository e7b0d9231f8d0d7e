import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseWithOwner, type Database, type OwnerDatabase } from '../../server/src/db/client';
import { migrate } from '../../server/src/db/migrate';
import { createFreshDatabase, dropDatabase } from '../../server/src/db/test-database';

// Migration 0012 moves the counters keyed by rendered text ("2026AD#", "2026-AD-#") to one per
// (municipality, sector, year), never lowering one, and never below the asset numbers already issued.
const migrations = path.resolve(import.meta.dirname, '../../server/src/db/migrations');
let url: string | undefined;
let database: Database;
let db: OwnerDatabase; // a migration test: everything as the owner
let before: string;

beforeAll(async () => {
  // The migrations up to 0011, as a database of the previous release has them.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-mig-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith('0012_'));
  expect(upTo).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, upTo);
  fs.mkdirSync(path.join(before, 'meta'));
  fs.writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries as Array<{ tag: string }>)
    fs.copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));

  url = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL) : undefined;
  ({ database, owner: db } = await openDatabaseWithOwner({ databaseUrl: url }));
  await migrate(db, before);
});
afterAll(async () => {
  await database?.close();
  if (url) await dropDatabase(url);
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

async function municipality(slug: string, sectorCodes: string[]) {
  const [m] = await db.query<{ id: number }>(`insert into municipalities (name, slug) values ($1, $1) returning id`, [
    slug,
  ]);
  const sectors: Record<string, number> = {};
  for (const code of sectorCodes) {
    const [x] = await db.query<{ id: number }>(
      `insert into sectors (municipality_id, name, code) values ($1, $2, $2) returning id`,
      [m.id, code],
    );
    sectors[code] = x.id;
  }
  const counters = async (rows: Array<[string, number]>) => {
    for (const [prefix, last] of rows)
      await db.query(`insert into numbering_counters (municipality_id, prefix, last_value) values ($1, $2, $3)`, [
        m.id,
        prefix,
        last,
      ]);
  };
  const assets = async (code: string, numbers: string[]) => {
    for (const n of numbers)
      await db.query(
        `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome)
         values ($1, $2, 'Bem', $3, $4)`,
        [m.id, n, sectors[code], code],
      );
  };
  return { id: m.id, counters, assets };
}

describe('migration 0012 (numbering sequences)', () => {
  it('carries every counter over to its (sector, year), taking the highest, and never below an issued number', async () => {
    // The defect's state: the separator went from '' to '-', and "2026-AD-000001"… restarted beside "2026AD000007".
    const a = await municipality('migracao-a', ['AD', 'FI', 'TI', 'SA', '26']);
    await db.query(
      `insert into numbering_patterns (municipality_id, components, separator) values ($1, $2::jsonb, '-')`,
      [
        a.id,
        JSON.stringify([
          { id: 'year', type: 'year', format: 'YYYY' },
          { id: 'sector', type: 'sector', sectorCodeLength: 2 },
          { id: 'sequence', type: 'sequence', length: 6 },
        ]),
      ],
    );
    await a.counters([
      ['2026AD#', 7],
      ['2026-AD-#', 2],
      ['AD.26.#', 4],
      ['2025FI#', 30],
      ['2026-FI-#', 1],
      ['26/#', 5],
      ['#', 12],
      ['A#', 3],
      ['2026-SA-#', 2],
    ]);
    // Numbers of the current pattern above their counter (TI has none at all); one of another
    // pattern (no separator) is left to the allocation's collision check.
    await a.assets('AD', ['2026AD000001', '2026-AD-000001', '2026-AD-000002']);
    await a.assets('TI', ['2026-TI-000004', '2026-TI-000001']);
    await a.assets('SA', ['2026-SA-000001', '2026-SA-000009']);
    // Another municipality with the default pattern: nothing of the first one leaks into it.
    const b = await municipality('migracao-b', ['AD']);
    await b.counters([['2026AD#', 3]]);
    await b.assets('AD', ['2026AD000001', '2026AD000002', '2026AD000003']);

    await migrate(db);

    const rows = await db.query<{ m: number; sector_code: string; year: number; last_value: number }>(
      `select municipality_id as m, sector_code, year, last_value from numbering_sequences order by 1, 2, 3`,
    );
    const of = (m: number, sectorCode: string, year: number) =>
      rows.find((r) => r.m === m && r.sector_code === sectorCode && r.year === year)?.last_value;
    expect(of(a.id, 'AD', 2026)).toBe(7); // max of "2026AD#", "2026-AD-#" and "AD.26.#"
    expect(of(a.id, 'FI', 2025)).toBe(30);
    expect(of(a.id, 'FI', 2026)).toBe(1);
    expect(of(a.id, '', 2026)).toBe(5); // "26/#": YY and the sequence, every sector
    expect(of(a.id, '', 0)).toBe(12); // the sequence alone
    expect(of(a.id, 'A', 0)).toBe(3); // a 1-character sector code is a sequence of its own
    expect(of(a.id, 'TI', 2026)).toBe(4); // no counter: the highest issued number
    expect(of(a.id, 'SA', 2026)).toBe(9); // counter below the issued numbers: raised to them
    expect(of(b.id, 'AD', 2026)).toBe(3);
    expect(rows.filter((r) => r.m === b.id)).toHaveLength(1);
    // A text with two readings ("26" is a year or a sector code) raises both: a gap, never a reissue.
    expect(of(a.id, '26', 0)).toBe(5);
    const old = await db.query(`select to_regclass('numbering_counters') as t`);
    expect(old[0].t).toBeNull();
  });
});
