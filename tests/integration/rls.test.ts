import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { patrimonios } from '../../server/src/db/schema';
import { read } from '../../server/src/db/tx';
import { allMunicipalities, scopeOfMunicipality, type Tenancy } from '../../server/src/tenancy/scope';
import { startTestServer, type TestServer } from '../support/harness';
import { newInventario, newLeitura, world, type TestWorld } from '../support/factories';
import { client } from '../support/http';

// Row-level security, checked from the database itself: the tables are listed from the catalog (a new
// table without a policy fails here), and every tenant table is probed as the application role. `q`
// runs as the owner (`s.owner`), which bypasses the policies; the app's own connections fail closed.

/** Tables every municipality shares, each with why it needs no policy. */
const GLOBAL_TABLES: Record<string, string> = {
  municipalities: 'the tenants themselves: read at sign-in and listed by the superuser',
  role_permissions: 'one permission list per role for the whole installation (spec §6), edited by the superuser',
  installation_settings: 'one row of installation-wide switches (the public consultation), edited by the superuser',
  installation: 'one row: the installation id written into every backup manifest (a foreign backup is refused)',
  version_upgrades: 'the installation’s upgrade history (version manager), read by superuser and admins',
  version_rollbacks: 'the installation’s rollback history (version manager), requested by the superuser',
  version_rollback_pending: 'the one scheduled rollback of the installation, read at boot (superuser only)',
  refresh_tokens: 'found by token hash before anyone is signed in; reachable only through its own user',
  password_reset_tokens: 'found by token hash before anyone is signed in (forgot password); per user',
};

/** Tenant tables without a municipality_id of their own: their policy goes through another table (tested below). */
const INDIRECT_TABLES: Record<string, string> = {
  user_sectors: 'a link is visible when its sector is (policy through sectors)',
  user_two_factor: 'a 2FA secret is visible when its user is (policy through users)',
  user_recovery_codes: 'as user_two_factor',
  auth_challenges: 'as user_two_factor (sign-in reads them over all municipalities)',
};

let s: TestServer;
let w: TestWorld;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  // Inventories' child tables need an inventory of the same municipality to make their rows.
  for (const t of [w.A, w.B]) await newLeitura(s, await newInventario(s, t));
  // A ledger entry and its two partidas (one statement: the balance trigger checks them whole).
  for (const t of [w.A, w.B])
    await q(
      `with l as (insert into lancamentos (municipality_id, fact_date, competencia, fact, description)
                  values ($1, '2026-01-10', '2026-01', 'correcao', 'rls') returning id),
            k as (select id, role from contas_contabeis where municipality_id = $1)
       insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit)
       select $1::int, l.id, (select id from k where role = 'ativo' limit 1), 100, 0 from l
       union all select $1::int, l.id, (select id from k where role = 'saldo_abertura'), 0, 100 from l`,
      [t.id],
    );
  // A standing commission and one member (its user of the same municipality).
  for (const t of [w.A, w.B])
    await q(
      `with c as (insert into comissoes (municipality_id, kind, act, act_date, valid_until)
                  values ($1, 'inventario', 'Portaria rls', '2026-01-01', '2026-12-31') returning id)
       insert into comissao_members (municipality_id, comissao_id, user_id, user_name, is_president, position)
       select $1::int, c.id, null, 'Membro rls', true, 0 from c`,
      [t.id],
    );
});
afterAll(async () => {
  await s?.close();
});

const q = <T = Record<string, any>>(text: string, params: unknown[] = []) => s.owner.query<T>(text, params);
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of schema public (ordinary and partitioned), with their row-level security flag and policy count. */
async function publicTables() {
  return q<{ name: string; rls: boolean; policies: number }>(
    `select c.relname as name, c.relrowsecurity as rls,
            (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`,
  );
}

interface Column {
  name: string;
  udt: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: boolean;
  generated: boolean;
}

async function columnsOf(table: string): Promise<Column[]> {
  return q<Column>(
    `select column_name as name, udt_name as udt, is_nullable = 'YES' as nullable,
            column_default is not null as "hasDefault", is_identity = 'YES' as identity,
            is_generated = 'ALWAYS' as generated
       from information_schema.columns where table_schema = 'public' and table_name = $1
      order by ordinal_position`,
    [table],
  );
}

/** Columns a copy of a row carries: not generated, not identity, not a defaulted id (serial, uuid). */
const copyable = (cols: Column[]) =>
  cols.filter((c) => !c.generated && !c.identity && !(c.name === 'id' && c.hasDefault) && c.name !== 'municipality_id');

/** `insert into t (…, municipality_id) select …, <to> from t where <from>` — a copy of one row for another tenant. */
function copyStatement(table: string, cols: Column[], to: number, from: string): string {
  const list = copyable(cols).map((c) => ident(c.name));
  return `insert into ${ident(table)} (${[...list, 'municipality_id'].join(', ')})
          select ${[...list, String(to)].join(', ')} from ${ident(table)} where ${from} limit 1`;
}

/**
 * An insert of a copy of one of A's rows (read here as the owner, so the statement does not depend on
 * what the tenant sees) with `municipality_id` = `to`.
 */
async function insertCopyStatement(table: string, cols: Column[], from: number, to: number): Promise<string> {
  const [{ j }] = await q<{ j: unknown }>(
    `select to_jsonb(t) as j from ${ident(table)} t where municipality_id = $1 limit 1`,
    [from],
  );
  const list = copyable(cols).map((c) => ident(c.name));
  const json = JSON.stringify(j).replace(/'/g, "''");
  return `insert into ${ident(table)} (${[...list, 'municipality_id'].join(', ')})
          select ${[...list, String(to)].join(', ')} from jsonb_populate_record(null::${ident(table)}, '${json}'::jsonb)`;
}

/** Single-column foreign keys of a table: column → referenced table and column. */
async function foreignKeys(table: string) {
  const rows = await q<{ col: string; ref_table: string; ref_col: string }>(
    `select a.attname as col, rt.relname as ref_table, ra.attname as ref_col
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
       join pg_class rt on rt.oid = c.confrelid
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
      where c.contype = 'f' and n.nspname = 'public' and t.relname = $1 and cardinality(c.conkey) = 1`,
    [table],
  );
  return new Map(rows.map((r) => [r.col, r]));
}

const literalOf: Record<string, string> = {
  int2: '1',
  int4: '1',
  int8: '1',
  numeric: '1',
  float4: '1',
  float8: '1',
  text: `'rls-' || gen_random_uuid()`,
  varchar: `'rls-' || gen_random_uuid()`,
  bool: 'false',
  jsonb: `'{}'`,
  json: `'{}'`,
  date: 'current_date',
  timestamptz: 'now()',
  timestamp: 'now()',
  uuid: 'gen_random_uuid()',
};

/** A row made from nothing: required columns get a value of their type, foreign keys a row of the same municipality. */
async function synthesize(table: string, cols: Column[], m: number): Promise<void> {
  const fks = await foreignKeys(table);
  const names: string[] = [];
  const values: string[] = [];
  for (const c of cols) {
    if (c.generated || c.identity || (c.hasDefault && c.name !== 'municipality_id')) continue;
    if (c.nullable && c.name !== 'municipality_id') continue;
    const fk = fks.get(c.name);
    let value: string | undefined;
    if (c.name === 'municipality_id') value = String(m);
    else if (fk) {
      const refTenant = (await columnsOf(fk.ref_table)).some((x) => x.name === 'municipality_id');
      value = `(select ${ident(fk.ref_col)} from ${ident(fk.ref_table)}${refTenant ? ` where municipality_id = ${m}` : ''} order by 1 limit 1)`;
    } else value = c.udt.startsWith('_') ? `'{}'` : literalOf[c.udt];
    if (!value) throw new Error(`no value for column ${c.name} of type ${c.udt}`);
    names.push(ident(c.name));
    values.push(value);
  }
  await q(`insert into ${ident(table)} (${names.join(', ')}) values (${values.join(', ')})`);
}

/**
 * Makes sure municipality `m` has a row in `table` (as the owner, which bypasses the policies): what the
 * world's factories made, else a copy of another municipality's row (A's first), else a row made from nothing.
 */
async function ensureRow(table: string, cols: Column[], m: number): Promise<void> {
  const count = async () =>
    (await q<{ n: number }>(`select count(*)::int as n from ${ident(table)} where municipality_id = $1`, [m]))[0].n;
  if ((await count()) > 0) return;
  const errors: string[] = [];
  try {
    await q(
      copyStatement(
        table,
        cols,
        m,
        `municipality_id is not null and municipality_id <> ${m} order by (municipality_id = ${w.A.id}) desc`,
      ),
    );
  } catch (e) {
    errors.push(`copy: ${errorText(e)}`);
  }
  if ((await count()) === 0) {
    try {
      await synthesize(table, cols, m);
    } catch (e) {
      errors.push(`new row: ${errorText(e)}`);
    }
  }
  if ((await count()) === 0)
    throw new Error(`could not make a row of ${table} for municipality ${m} (${errors.join('; ')}): add a factory`);
}

/** Message and code of an error and of its causes (drizzle wraps the driver's error). */
function errorText(e: unknown): string {
  const parts: string[] = [];
  for (let x = e as any; x; x = x.cause) parts.push(`${x.code ?? ''} ${x.message ?? x}`.trim());
  return parts.join(' <- ');
}
/** The policy of `table` itself refused the row (not, say, a trigger writing to another table). */
const isRlsError = (e: unknown, table: string) =>
  errorText(e).includes(`new row violates row-level security policy for table "${table}"`);

class Rollback extends Error {}
type Tenant = { municipalityId: number } | 'all';

/**
 * Runs one statement as the application role under a tenancy, exactly as the server's transactions do,
 * and rolls back whatever happened. Returns the rows, or throws the statement's error.
 */
async function asTenant(tenant: Tenant, statement: string): Promise<Record<string, any>[]> {
  const municipality = tenant === 'all' ? '' : String(tenant.municipalityId);
  const all = tenant === 'all' ? 'on' : 'off';
  let rows: Record<string, any>[] = [];
  try {
    await s.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', 'tombo_app', true), set_config('app.municipality_id', ${municipality}, true), set_config('app.all_municipalities', ${all}, true)`,
      );
      // The ledger's immutability triggers would answer a move before the policy does (contabilidade-livro tests
      // them); the restore's setting lets the probe reach the policy.
      await tx.execute(sql`select set_config('tombo.ledger_restore', 'on', true)`);
      rows = ((await tx.execute(sql.raw(statement))) as unknown as { rows: Record<string, any>[] }).rows;
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return rows;
}

/** Problems found by one probe: the statement must fail with a row-level security error. */
async function expectRlsError(problems: string[], what: string, table: string, tenant: Tenant, statement: string) {
  try {
    const [{ n }] = await asTenant(tenant, `with x as (${statement} returning 1) select count(*)::int as n from x`);
    problems.push(`${what}: succeeded (${n} rows), expected a row-level security error`);
  } catch (e) {
    if (!isRlsError(e, table)) problems.push(`${what}: failed with another error: ${errorText(e)}`);
  }
}

/** Problems found by one probe: a statement whose first row's `n` must satisfy `ok`. */
async function expectCount(
  problems: string[],
  what: string,
  tenant: Tenant,
  statement: string,
  ok: (n: number) => boolean,
) {
  try {
    const n = Number((await asTenant(tenant, statement))[0]?.n);
    if (!ok(n)) problems.push(`${what}: got ${n}`);
  } catch (e) {
    problems.push(`${what}: ${errorText(e)}`);
  }
}

/** Every probe of a table keyed by `column` (municipality_id, or sector_id for user_sectors): the problems found. */
async function probe(
  table: string,
  column: string,
  a: number,
  b: number,
  insertB: string,
  moveAToB: string,
): Promise<string[]> {
  const t = ident(table);
  const problems: string[] = [];
  const countOf = (v: number) => `select count(*)::int as n from ${t} where ${column} = ${v}`;
  const owner = (await q<{ n: number }>(countOf(b)))[0].n;
  if (owner === 0) problems.push(`as owner, B has no row to probe`);
  const A = { municipalityId: w.A.id };
  await expectCount(problems, 'A sees its own rows', A, countOf(a), (n) => n > 0);
  await expectCount(problems, "A sees none of B's rows", A, countOf(b), (n) => n === 0);
  await expectRlsError(problems, 'A inserts a row for B', table, A, insertB);
  await expectRlsError(problems, 'A moves its rows to B', table, A, moveAToB);
  await expectCount(
    problems,
    "A updates B's rows (rows affected)",
    A,
    `with x as (update ${t} set ${column} = ${column} where ${column} = ${b} returning 1) select count(*)::int as n from x`,
    (n) => n === 0,
  );
  await expectCount(
    problems,
    "A deletes B's rows (rows affected)",
    A,
    `with x as (delete from ${t} where ${column} = ${b} returning 1) select count(*)::int as n from x`,
    (n) => n === 0,
  );
  await expectCount(
    problems,
    "all municipalities on: B's rows visible",
    'all',
    countOf(b),
    (n) => n === owner && n > 0,
  );
  const after = (await q<{ n: number }>(countOf(b)))[0].n;
  if (after !== owner) problems.push(`as owner, B's rows went from ${owner} to ${after}`);
  return problems.map((p) => `${table}: ${p}`);
}

describe('row-level security on every tenant table', () => {
  it('every table of schema public is global (listed with a reason) or has row-level security and a policy', async () => {
    const tables = await publicTables();
    const names = new Set(tables.map((t) => t.name));
    const problems: string[] = [];
    for (const listed of [...Object.keys(GLOBAL_TABLES), ...Object.keys(INDIRECT_TABLES)])
      if (!names.has(listed)) problems.push(`${listed}: listed here but not in the database (remove it)`);
    for (const t of tables) {
      if (t.name in GLOBAL_TABLES) continue;
      if (!t.rls) problems.push(`${t.name}: row-level security is not enabled (call tenant_policy in its migration)`);
      if (t.policies === 0) problems.push(`${t.name}: has no policy (call tenant_policy in its migration)`);
    }
    expect(problems).toEqual([]);
  });

  it('a tenant table with municipality_id: A sees, inserts, moves, updates and deletes none of B’s rows', async () => {
    const problems: string[] = [];
    const probed: string[] = [];
    for (const { name } of await publicTables()) {
      if (name in GLOBAL_TABLES || name in INDIRECT_TABLES) continue;
      const cols = await columnsOf(name);
      if (!cols.some((c) => c.name === 'municipality_id')) {
        problems.push(`${name}: no municipality_id (add one, or list it as global/indirect here with a reason)`);
        continue;
      }
      try {
        await ensureRow(name, cols, w.A.id);
        await ensureRow(name, cols, w.B.id);
      } catch (e) {
        problems.push(`${name}: ${errorText(e)}`);
        continue;
      }
      const insertB = await insertCopyStatement(name, cols, w.A.id, w.B.id);
      const moveAToB = `update ${ident(name)} set municipality_id = ${w.B.id} where municipality_id = ${w.A.id}`;
      problems.push(...(await probe(name, 'municipality_id', w.A.id, w.B.id, insertB, moveAToB)));
      probed.push(name);
    }
    expect(problems).toEqual([]);
    // The probe reached the tables that matter most (guards against an empty listing).
    expect(probed).toEqual(expect.arrayContaining(['users', 'sectors', 'locais', 'patrimonios', 'audit_logs', 'jobs']));
  });

  it("user_recovery_codes and auth_challenges (per user): A sees, adds, moves, updates and deletes none of B's users' rows", async () => {
    const [a, b] = [w.A.users.admin.id, w.B.users.admin.id];
    for (const id of [a, b]) {
      await q(`insert into user_recovery_codes (user_id, code_hash) values (${id}, 'h${id}')`);
      await q(
        `insert into auth_challenges (user_id, token_hash, kind, expires_at) values (${id}, 't${id}', 'verify', now())`,
      );
    }
    const codes = await probe(
      'user_recovery_codes',
      'user_id',
      a,
      b,
      `insert into user_recovery_codes (user_id, code_hash) values (${b}, 'x')`,
      `update user_recovery_codes set user_id = ${b} where user_id = ${a}`,
    );
    const challenges = await probe(
      'auth_challenges',
      'user_id',
      a,
      b,
      `insert into auth_challenges (user_id, token_hash, kind, expires_at) values (${b}, 'y', 'verify', now())`,
      `update auth_challenges set user_id = ${b} where user_id = ${a}`,
    );
    expect([...codes, ...challenges]).toEqual([]);
  });

  it("user_sectors (no municipality_id): A sees, links, moves, updates and deletes none of B's sector links", async () => {
    const insertB = `insert into user_sectors (user_id, sector_id) values (${w.A.users.usuario.id}, ${w.B.sector.id})`;
    const moveAToB = `update user_sectors set sector_id = ${w.B.sector.id} where sector_id = ${w.A.sector.id}`;
    expect(await probe('user_sectors', 'sector_id', w.A.sector.id, w.B.sector.id, insertB, moveAToB)).toEqual([]);
  });
});

describe('tenancy fails closed', () => {
  it("a statement on the app's connections outside read/mutate runs as tombo_app and sees no tenant row", async () => {
    // Several at once, so that the PostgreSQL pool opens several connections: each starts as the app role.
    const sessions = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.ctx.database.query<{ role: string; m: string | null; all: string | null }>(
          `select current_user as role, current_setting('app.municipality_id', true) as m,
                  current_setting('app.all_municipalities', true) as "all", pg_sleep(0.05)`,
        ),
      ),
    );
    for (const [x] of sessions) {
      expect(x.role).toBe('tombo_app');
      expect(x.m ?? '').toBe('');
      expect(x.all).not.toBe('on');
    }
    const tenantTables = (await publicTables()).map((t) => t.name).filter((name) => !(name in GLOBAL_TABLES));
    const withRows: string[] = [];
    const seen: string[] = [];
    for (const name of tenantTables) {
      const count = `select count(*)::int as n from ${ident(name)}`;
      const [{ n: owned }] = await q<{ n: number }>(count);
      const [{ n: visible }] = await s.ctx.database.query<{ n: number }>(count);
      if (owned > 0) withRows.push(name);
      if (visible !== 0) seen.push(`${name}: ${visible} of ${owned} rows`);
    }
    expect(seen).toEqual([]);
    expect(withRows).toEqual(
      expect.arrayContaining(['users', 'user_sectors', 'sectors', 'locais', 'patrimonios', 'audit_logs']),
    );
    // Through Drizzle too (the same pool), and a write is refused by the policy.
    expect(await s.ctx.db.select().from(patrimonios)).toEqual([]);
    await expect(
      s.ctx.database.query('insert into sectors (municipality_id, name, code) values ($1, $2, $3)', [
        w.A.id,
        'Fora de qualquer transação',
        'ZZ',
      ]),
    ).rejects.toThrow(/row-level security/);
  });

  it('a request still works end to end: principal loaded, its own rows read and written, none of B', async () => {
    const api = client(s.url, await w.A.users.admin.token());
    const own = await api('GET', `/api/patrimonios/${w.A.asset.id}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.patrimonio.id).toBe(w.A.asset.id);
    expect((await api('GET', `/api/patrimonios/${w.B.asset.id}`)).status).toBe(404);
    const created = await api('POST', '/api/sectors', { name: 'Setor Fechado', code: 'FC' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [row] = await q<{ municipality_id: number }>('select municipality_id from sectors where id = $1', [
      created.body.id ?? created.body.sector?.id,
    ]);
    expect(row?.municipality_id).toBe(w.A.id);
  });
});

describe('reads keep their tenancy as session state on connections of their own', () => {
  const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
  const seen = (tenancy: Tenancy) =>
    read(s.ctx, tenancy, async (tx) => {
      const r = rowsOf<{ a: number; b: number }>(
        await tx.execute(
          sql`select count(*) filter (where municipality_id = ${w.A.id})::int as a, count(*) filter (where municipality_id = ${w.B.id})::int as b from patrimonios`,
        ),
      );
      return r[0];
    });

  it('reads of A, B and all, interleaved and at once, each see exactly their rows; the app pool still sees none', async () => {
    const [ownA, ownB] = await Promise.all(
      [w.A.id, w.B.id].map(
        async (id) =>
          (await q<{ n: number }>('select count(*)::int as n from patrimonios where municipality_id = $1', [id]))[0].n,
      ),
    );
    expect(ownA).toBeGreaterThan(0);
    expect(ownB).toBeGreaterThan(0);
    const tenancies: Array<[Tenancy, { a: number; b: number }]> = [
      [scopeOfMunicipality(w.A.id), { a: ownA, b: 0 }],
      [scopeOfMunicipality(w.B.id), { a: 0, b: ownB }],
      [allMunicipalities(), { a: ownA, b: ownB }],
    ];
    // One after another (the pool hands the same connection back), then 60 at once over all its connections.
    const order = [0, 1, 2, 0, 2, 1, 1, 0, ...Array.from({ length: 60 }, (_, i) => (i * 7) % 3)];
    const sequential = [];
    for (const i of order.slice(0, 8)) sequential.push(await seen(tenancies[i][0]));
    const parallel = await Promise.all(order.slice(8).map((i) => seen(tenancies[i][0])));
    expect([...sequential, ...parallel]).toEqual(order.map((i) => tenancies[i][1]));
    expect(await s.ctx.database.query('select count(*)::int as n from patrimonios')).toEqual([{ n: 0 }]);
  });

  it('a read without parallel workers leaves none of its settings to the next read; a transaction inside a read keeps the tenancy', async () => {
    const workers = () =>
      read(
        s.ctx,
        scopeOfMunicipality(w.A.id),
        async (tx) =>
          rowsOf<{ v: string }>(
            await tx.execute(sql`select current_setting('max_parallel_workers_per_gather') as v`),
          )[0].v,
      );
    const serverDefault = (await q<{ v: string }>(`select current_setting('max_parallel_workers_per_gather') as v`))[0]
      .v;
    const serial = await read(
      s.ctx,
      scopeOfMunicipality(w.A.id),
      async (tx) =>
        rowsOf<{ v: string }>(await tx.execute(sql`select current_setting('max_parallel_workers_per_gather') as v`))[0]
          .v,
      { parallel: false },
    );
    expect(serial).toBe('0');
    expect(await workers()).toBe(serverDefault);
    const inner = await read(s.ctx, scopeOfMunicipality(w.B.id), (tx) =>
      tx.transaction(
        async (t) => rowsOf<{ b: number }>(await t.execute(sql`select count(*)::int as b from patrimonios`))[0].b,
      ),
    );
    expect(inner).toBe((await seen(scopeOfMunicipality(w.B.id))).b);
  });
});
