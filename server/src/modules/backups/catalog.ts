import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** A foreign key of a backed-up table: its column and the table it points to. */
export interface ForeignKey {
  column: string;
  references: string;
  nullable: boolean;
  /** A reference the database does not enforce (SOFT_REFERENCES): its value may name a row no longer there. */
  soft?: boolean;
}

/** A table of a municipality's backup, read from the database's own catalog. */
export interface BackupTable {
  name: string;
  /** Stored columns (generated ones are left out: the database recomputes them, and WITHHELD credentials). */
  columns: string[];
  /** The WITHHELD columns of the table (a restore fills them). */
  withheld: string[];
  primaryKey: string[];
  /** How the single-column key gets a new value in a new municipality: a sequence, a new UUID, or none. */
  newKey: { kind: 'sequence'; sequence: string } | { kind: 'uuid' } | null;
  foreignKeys: ForeignKey[];
  /** The rows of the municipality: `municipality_id = $1`, or through the parent (user_sectors → users). */
  filter: string;
}

// Not in a backup: the backups area itself, job results (temporary files with their own retention),
// secrets of sessions (restoring them would bring back signed-out sessions and used reset links) and the
// users' second factors (docs/operations.md: a municipality backup carries no credential).
const EXCLUDED = new Set([
  'backups',
  'backup_settings',
  'jobs',
  'refresh_tokens',
  'password_reset_tokens',
  'auth_challenges',
  'user_two_factor',
  'user_recovery_codes',
]);
/** Credentials left out of a municipality backup's rows; a restore keeps the current ones or invites the user. */
export const WITHHELD: Readonly<Record<string, readonly string[]>> = { users: ['password_hash'] };
/**
 * References without a foreign key, remapped like one by a restore into a new municipality (and ordering the tables
 * like one): a ledger line names the property it moved, which may since have been deleted (migration 0054; `soft`:
 * such a value is cleared in the copy), and its entry (migration 0055: the balance trigger checks it instead).
 */
const SOFT_REFERENCES: Readonly<Record<string, readonly ForeignKey[]>> = {
  partidas: [
    { column: 'imovel_id', references: 'imoveis', nullable: true, soft: true },
    { column: 'lancamento_id', references: 'lancamentos', nullable: false },
  ],
};

/**
 * Derived tables, left out of a backup: a restore deletes the municipality's rows before writing the others and
 * rebuilds them after, with the function named here (`select fn(municipality)`), from the restored rows.
 */
export const DERIVED: Readonly<Record<string, string>> = {
  // The ledger's monthly movements per account (migration 0055), sums of `partidas`.
  conta_movements: 'contabilidade_recalcular_movimentos',
};

// Written by a trigger of another table (patrimonios → asset_versions, imoveis → imovel_versions): restored after everything else.
const LAST = new Set(['asset_versions', 'imovel_versions']);

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The tables holding a municipality's data, parents before children (the order rows are inserted;
 * deletes go the other way). Every table with a `municipality_id`, plus the tables without one whose
 * rows hang from one of those (by foreign key), minus EXCLUDED.
 */
export async function backupTables(tx: Db): Promise<BackupTable[]> {
  const cols = rowsOf<{ t: string; c: string; generated: string; def: string | null; type: string; notnull: boolean }>(
    await tx.execute(sql`
      select c.relname t, a.attname c, a.attgenerated generated, pg_get_expr(d.adbin, d.adrelid) def,
             format_type(a.atttypid, a.atttypmod) type, a.attnotnull notnull
        from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where c.relkind = 'r' order by c.relname, a.attnum`),
  );
  const pks = rowsOf<{ t: string; cols: string[] }>(
    await tx.execute(sql`
      select c.conrelid::regclass::text t, array(select a.attname from unnest(c.conkey) k join pg_attribute a
             on a.attrelid = c.conrelid and a.attnum = k order by array_position(c.conkey, k)) cols
        from pg_constraint c where c.contype = 'p' and c.connamespace = 'public'::regnamespace`),
  );
  const fks = rowsOf<{ t: string; r: string; col: string }>(
    await tx.execute(sql`
      select c.conrelid::regclass::text t, c.confrelid::regclass::text r, a.attname col
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace and array_length(c.conkey, 1) = 1
       order by 1, 3`),
  );
  const byTable = new Map<string, typeof cols>();
  for (const c of cols) byTable.set(c.t, [...(byTable.get(c.t) ?? []), c]);
  const pkOf = new Map(
    pks.map((p) => [p.t.replace(/^"|"$/g, ''), typeof p.cols === 'string' ? pgArray(p.cols) : p.cols]),
  );
  const tenant = new Set([...byTable].filter(([, cs]) => cs.some((c) => c.c === 'municipality_id')).map(([t]) => t));
  const tables: BackupTable[] = [];
  for (const [name, cs] of byTable) {
    if (EXCLUDED.has(name) || name in DERIVED || name === 'municipalities') continue;
    const own = fks.filter((f) => f.t === name);
    let filter: string;
    if (tenant.has(name)) filter = `municipality_id = $1`;
    else {
      const parent = own.find((f) => tenant.has(f.r) && !EXCLUDED.has(f.r));
      if (!parent) continue;
      filter = `${ident(parent.col)} in (select id from ${ident(parent.r)} where municipality_id = $1)`;
    }
    const primaryKey = pkOf.get(name) ?? [];
    const keyCol = primaryKey.length === 1 ? cs.find((c) => c.c === primaryKey[0]) : undefined;
    const seq = keyCol?.def?.match(/nextval\('([^']+)'/)?.[1];
    const newKey =
      keyCol && keyCol.c !== 'municipality_id'
        ? seq
          ? ({ kind: 'sequence', sequence: seq } as const)
          : keyCol.type === 'uuid'
            ? ({ kind: 'uuid' } as const)
            : null
        : null;
    tables.push({
      name,
      columns: cs.filter((c) => !c.generated && !WITHHELD[name]?.includes(c.c)).map((c) => c.c),
      withheld: cs.filter((c) => WITHHELD[name]?.includes(c.c)).map((c) => c.c),
      primaryKey,
      newKey,
      foreignKeys: [
        ...own
          .filter((f) => f.col !== 'municipality_id')
          .map((f) => ({ column: f.col, references: f.r, nullable: !cs.find((c) => c.c === f.col)?.notnull })),
        ...(SOFT_REFERENCES[name] ?? []),
      ],
      filter,
    });
  }
  return order(tables);
}

/** A text[] as node-postgres or PGlite may hand it back ('{a,b}'). */
function pgArray(v: string): string[] {
  return v
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

/** Parents first (a topological order of the foreign keys inside the set); LAST tables at the end. */
function order(tables: BackupTable[]): BackupTable[] {
  const names = new Set(tables.map((t) => t.name));
  const done = new Set<string>();
  const out: BackupTable[] = [];
  const visit = (t: BackupTable, path: Set<string>) => {
    if (done.has(t.name) || path.has(t.name)) return;
    path.add(t.name);
    for (const f of t.foreignKeys)
      if (names.has(f.references) && f.references !== t.name)
        visit(
          tables.find((x) => x.name === f.references)!,
          path,
        );
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) if (!LAST.has(t.name)) visit(t, new Set());
  for (const t of tables) if (LAST.has(t.name)) out.push(t);
  return out;
}

/**
 * The rows' checksum the manifest keeps and a restore verifies: md5 over the sorted md5 of each row's text,
 * the backed-up columns only (a withheld credential may differ after a restore).
 */
export const checksumSql = (t: BackupTable, where: string) =>
  `select count(*)::int n, md5(coalesce(string_agg(h, '' order by h), '')) md5
     from (select md5(row(${t.columns.map((c) => `x.${ident(c)}`).join(', ')})::text) h
             from ${ident(t.name)} x where ${where}) s`;
