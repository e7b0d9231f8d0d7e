// Issue 34, item 6: database names follow docs/glossary.md (English snake_case; Portuguese only for the glossary's
// spec nouns). Today's exceptions wait in the check's pending lists, which must match the glossary's plan.
import fs from 'node:fs';
import path from 'node:path';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import {
  IDENTIFIERS,
  NOUNS,
  PENDING,
  PENDING_COLUMNS,
  PENDING_TABLES,
  SPEC_COLUMNS,
  nameProblem,
  namingProblems,
  tablesOf,
} from './naming';

const glossary = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/glossary.md'), 'utf8');

/** The text of one `## ` section of the glossary. */
function section(title: string): string {
  const start = glossary.indexOf(`\n## ${title}\n`);
  expect(start, `docs/glossary.md has a section "${title}"`).toBeGreaterThan(-1);
  const end = glossary.indexOf('\n## ', start + 1);
  return glossary.slice(start, end === -1 ? undefined : end);
}

/** The `old` → `new` pairs of a table row of the glossary, keyed by the row's first name. */
function renameRows(text: string): Map<string, Array<[string, string]>> {
  const rows = new Map<string, Array<[string, string]>>();
  for (const line of text.split('\n')) {
    const head = /^\| `([a-z0-9_]+)`/.exec(line);
    if (!head) continue;
    const pairs = [...line.matchAll(/`([a-z0-9_]+)` → `([a-z0-9_]+)`/g)].map((m) => [m[1], m[2]] as [string, string]);
    rows.set(head[1], pairs);
  }
  return rows;
}

describe('database names follow the glossary', () => {
  it('every table and column of the Drizzle schema follows the rule or waits in the pending list', () => {
    const tables = tablesOf(schema);
    expect(tables.length).toBeGreaterThan(50);
    expect(namingProblems(tables)).toEqual([]);
  });

  it('a planted column that breaks the rule is refused, each for its reason; good names pass', () => {
    const planted = pgTable('inventario_notes', {
      id: serial('id').primaryKey(),
      patrimonioId: integer('patrimonio_id'),
      numeroPatrimonio: text('numero_patrimonio'),
      localName: text('local_name'),
      nome: text('nome'),
      lidoEm: timestamp('lido_em'),
      assetCount: integer('asset_count'),
      camel: text('camelCase'),
    });
    const loans = pgTable('loan_notes', { id: serial('id').primaryKey() });
    expect(namingProblems([...tablesOf(schema), ...tablesOf({ planted, loans })])).toEqual([
      "inventario_notes.nome has 'nome', which is neither an English word of the check's list nor a noun of the glossary",
      "inventario_notes.lido_em has 'lido', which is neither an English word of the check's list nor a noun of the glossary",
      "inventario_notes.asset_count has 'asset', which is neither an English word of the check's list nor a noun of the glossary",
      'inventario_notes.camelCase is not snake_case',
      "loan_notes says 'loan': the glossary's noun is 'emprestimo'",
    ]);
  });

  it('a spec column is allowed whole, not as a prefix; a noun phrase is allowed inside any name', () => {
    expect(nameProblem('descricao_bem', 'column')).toBeNull();
    expect(nameProblem('descricao_busca', 'column')).toMatch(/'descricao'/);
    expect(nameProblem('tipo_bem_id', 'column')).toBeNull();
    expect(nameProblem('tipo_id', 'column')).toMatch(/'tipo'/);
    expect(nameProblem('formas_aquisicao', 'table')).toBeNull();
    expect(nameProblem('numero_patrimonio', 'table')).toMatch(/'numero'/);
  });

  it('a stale pending rename is reported: its column is gone, or it already follows the rule', () => {
    const tables = [{ name: 'sectors', columns: ['id', 'name'] }];
    expect(
      namingProblems(tables, { tables: { sectors: 'setores' }, columns: { sectors: { nome: 'name', name: 'x' } } }),
    ).toEqual([
      'sectors follows the rule: drop its pending rename',
      'sectors.name follows the rule: drop its pending rename',
      'sectors.nome is gone: drop its pending rename',
    ]);
    expect(namingProblems([], PENDING)).toContain('asset_versions is gone: drop its pending rename');
  });

  it('every glossary name a pending rename leads to follows the rule', () => {
    for (const target of Object.values(PENDING_TABLES)) expect(nameProblem(target, 'table'), target).toBeNull();
    for (const columns of Object.values(PENDING_COLUMNS))
      for (const target of Object.values(columns)) expect(nameProblem(target, 'column'), target).toBeNull();
  });

  it("the check's Portuguese nouns, spec columns and identifiers are the glossary's", () => {
    const allowed = section('Portuguese words a database name may use');
    const listed = new Set([...allowed.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]));
    expect([...listed].sort()).toEqual([...NOUNS, ...SPEC_COLUMNS, ...IDENTIFIERS].sort());
  });

  it("the check's pending renames are exactly the glossary's checked renames", () => {
    const rows = renameRows(section('Pending renames: tables and columns the check refuses'));
    const fromGlossary = [...rows].flatMap(([table, pairs]) =>
      pairs.map(([from, to]) => (from === table ? `${table} → ${to}` : `${table}.${from} → ${to}`)),
    );
    const fromCheck = [
      ...Object.entries(PENDING_TABLES).map(([from, to]) => `${from} → ${to}`),
      ...Object.entries(PENDING_COLUMNS).flatMap(([table, columns]) =>
        Object.entries(columns).map(([from, to]) => `${table}.${from} → ${to}`),
      ),
    ];
    expect(fromGlossary.sort()).toEqual(fromCheck.sort());
  });
});
