import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as shared from '@tombo/shared';
import { jobDefinitions } from '../job-definitions';
import {
  AUDIT_ENTITY_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_HIDDEN_FIELDS,
  auditChanges,
  auditValueLabel,
} from '@tombo/shared';

// Issue 35: the activity log is the legal trail; every entity, field and value it shows must have a
// pt-BR name. The audited fields and enum values are read from the server's code (its types), not listed
// by hand, so a new one without a label fails here.

/** What the server's audit entries can hold, read from the code's types (see `scanAuditedDetails`). */
interface AuditedShape {
  /** Entity types written (string literals of `entityType`). */
  entityTypes: Set<string>;
  /** Keys of `old_value` / `new_value` objects, with where each is written. */
  fields: Map<string, Set<string>>;
  /** The string-literal values a key can take (its type is a union of literals: an enum). */
  values: Map<string, Set<string>>;
  /** Details whose keys the type does not say (`Record<string, unknown>`): file:line. */
  open: string[];
}

const add = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => m.set(k, (m.get(k) ?? new Set<V>()).add(v));

/**
 * Every audit entry the server writes (an object literal with `action`, `entityType` and `details`), read
 * with the type checker: the keys of its details' `old_value` / `new_value` types and the literal values
 * of each key. Derived from the code, so a new audited field or enum value is found without a list.
 */
function scanAuditedDetails(serverDir: string): AuditedShape {
  const cfgPath = path.join(serverDir, 'tsconfig.json');
  const cfg = ts.readConfigFile(cfgPath, (f) => ts.sys.readFile(f));
  const parsed = ts.parseJsonConfigFileContent(cfg.config, ts.sys, serverDir);
  const roots = parsed.fileNames.filter((f) => !/\.test\.ts$/.test(f) && /details:/.test(fs.readFileSync(f, 'utf8')));
  const program = ts.createProgram(roots, { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const out: AuditedShape = { entityTypes: new Set(), fields: new Map(), values: new Map(), open: [] };
  const literals = (t: ts.Type): string[] | null => {
    const parts = t.isUnion() ? t.types : [t];
    return parts.every((p) => p.isStringLiteral()) ? parts.map((p) => (p as ts.StringLiteralType).value) : null;
  };
  const keysOf = (type: ts.Type, where: string): void => {
    if (type.isUnion()) return type.types.forEach((t) => keysOf(t, where));
    if (!(type.flags & ts.TypeFlags.Object) || checker.isArrayType(type) || checker.isTupleType(type)) return;
    const props = checker.getPropertiesOfType(type);
    if (!props.length || checker.getIndexInfosOfType(type).length) out.open.push(where);
    for (const p of props) {
      add(out.fields, p.name, where);
      const lits = literals(checker.getNonNullableType(checker.getTypeOfSymbol(p)));
      for (const v of lits ?? []) add(out.values, p.name, v);
    }
  };
  const src = path.join(serverDir, 'src') + path.sep;
  for (const sf of program.getSourceFiles()) {
    if (!sf.fileName.startsWith(src.split(path.sep).join('/')) && !sf.fileName.startsWith(src)) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isObjectLiteralExpression(n)) {
        const prop = (name: string) =>
          n.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name) as
            ts.ObjectLiteralElementLike | undefined;
        const details = prop('details');
        const entity = prop('entityType');
        if (details && entity && prop('action')) {
          const line = sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
          const where = `${path.relative(serverDir, sf.fileName)}:${line}`;
          const at = (p: ts.ObjectLiteralElementLike) => (ts.isPropertyAssignment(p) ? p.initializer : p.name!);
          for (const e of literals(checker.getTypeAtLocation(at(entity))) ?? []) out.entityTypes.add(e);
          const dt = checker.getTypeAtLocation(at(details));
          for (const t of dt.isUnion() ? dt.types : [dt])
            for (const side of ['old_value', 'new_value']) {
              const s = t.getProperty(side);
              if (s) keysOf(checker.getNonNullableType(checker.getTypeOfSymbol(s)), where);
            }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

const serverDir = path.resolve(import.meta.dirname, '../../..');
const read = (f: string) => fs.readFileSync(path.join(serverDir, 'src/modules', f), 'utf8');
const all = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]);

/**
 * Details built as `Record<string, unknown>` (a diff of the fields that changed): where their keys come
 * from. A new open site fails the test until it is listed here.
 */
const OPEN_SITES: Record<string, () => string[]> = {
  'patrimonios/commands/update.ts': () => all(read('patrimonios/history.ts'), /diff\('(\w+)'/g),
  'patrimonios/commands/bulk-update.ts': () => all(read('patrimonios/history.ts'), /diff\('(\w+)'/g),
  'inventarios/commands/update.ts': () => [
    ...all(read('inventarios/commands/update.ts'), /put\('\w+', '(\w+)'/g),
    ...all(read('inventarios/commands/update.ts'), /changes\.(\w+) =/g),
  ],
  'imoveis/commands.ts': () => all(read('imoveis/history.ts'), /^ {2}\['(\w+)', '/gm),
};

type ZodDef = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
  options?: unknown[];
  entries?: Record<string, unknown>;
  values?: unknown[];
};
const defOf = (schema: unknown) => (schema as { _zod: { def: ZodDef } })._zod.def;

/**
 * The keys and enum values of a job's zod payload: a job request's audit entry holds its payload. A nested
 * object with a `name` is shown by that name, so its own keys are not read.
 */
function payloadShape(schema: unknown, where: string, shape: AuditedShape, key = ''): void {
  const d = defOf(schema);
  const enumValues = d.type === 'enum' ? Object.values(d.entries!) : d.type === 'literal' ? d.values! : [];
  for (const v of enumValues) if (typeof v === 'string' && key) add(shape.values, key, v);
  if (d.type === 'object') {
    const entries = Object.entries(d.shape!);
    const named = key !== '' && entries.some(([k]) => k === 'name');
    for (const [k, v] of named ? entries.filter(([n]) => n === 'name') : entries) {
      add(shape.fields, k, where);
      payloadShape(v, where, shape, k);
    }
  } else if (d.type === 'union') d.options!.forEach((o) => payloadShape(o, where, shape, key));
  else {
    const inner = d.innerType ?? d.element ?? d.in;
    if (inner) payloadShape(inner, where, shape, key);
  }
}

/** Exported shared lists of status codes (`*_STATUSES`): each code can be an audited `status`. */
const statusLists = () =>
  Object.entries(shared).filter(
    ([name, v]) =>
      /_STATUSES$|^STATUS_[A-Z_]+$/.test(name) && Array.isArray(v) && v.every((x) => typeof x === 'string'),
  ) as Array<[string, string[]]>;

describe('pt-BR labels of the activity log', { timeout: 240_000 }, () => {
  const shape = scanAuditedDetails(serverDir);
  for (const def of jobDefinitions) if (def.owner === 'user') payloadShape(def.payload, `job ${def.name}`, shape);

  it('the entries the issue saw read in pt-BR', () => {
    const details = (o: unknown, n: unknown) => JSON.stringify({ old_value: o, new_value: n });
    expect(auditChanges('INVENTARIO_UPDATE', details({ status: 'in_progress' }, { status: 'completed' }))).toEqual([
      { field: 'status', label: 'Status', from: 'Em andamento', to: 'Finalizado' },
    ]);
    const request = details(undefined, { type: 'transferencia', scope: 'sector', titulo: 'Poda', viewerId: 7 });
    expect(auditChanges('TRANSFER_REQUEST', request).map((c) => `${c.label}: ${c.to}`)).toEqual([
      'Tipo: Transferência',
      'Abrangência: Setor inteiro',
      'Título: Poda',
    ]);
    const job = details(undefined, { jobId: 'x', template: { id: 3, name: 'Etiqueta padrão', width: 50 } });
    expect(auditChanges('LABELS_GENERATE', job)).toEqual([
      { field: 'template', label: 'Modelo', from: null, to: 'Etiqueta padrão' },
    ]);
  });

  it('finds the audited entries (the scan itself works)', () => {
    expect(shape.fields.size).toBeGreaterThan(80);
    expect(shape.entityTypes.size).toBeGreaterThan(20);
    expect(shape.values.get('type')).toEqual(new Set(['transferencia', 'doacao']));
  });

  it('every audited entity type has a pt-BR name', () => {
    expect([...shape.entityTypes].filter((e) => !AUDIT_ENTITY_LABELS[e])).toEqual([]);
  });

  it('every audited field has a pt-BR label (or is bookkeeping the log hides)', () => {
    const keys = new Set(shape.fields.keys());
    for (const where of shape.open) {
      const file = where.replace(/^src\/modules\//, '').replace(/:\d+$/, '');
      expect(OPEN_SITES[file], `details of unknown keys at ${where}: say where they come from`).toBeDefined();
      const found = OPEN_SITES[file]();
      expect(found.length, where).toBeGreaterThan(2);
      found.forEach((k) => keys.add(k));
    }
    const missing = [...keys].filter((k) => !AUDIT_FIELD_LABELS[k] && !AUDIT_HIDDEN_FIELDS.has(k));
    expect(missing.map((k) => `${k} (${[...(shape.fields.get(k) ?? ['diff'])][0]})`)).toEqual([]);
  });

  it('every enum value of an audited field, and every status code, has a pt-BR label', () => {
    const missing: string[] = [];
    for (const [key, values] of shape.values)
      for (const v of values)
        if (!AUDIT_HIDDEN_FIELDS.has(key) && !auditValueLabel(key, v)) missing.push(`${key}=${v}`);
    const lists = statusLists();
    expect(lists.length).toBeGreaterThan(4);
    for (const [name, codes] of lists)
      for (const c of codes) if (!auditValueLabel('status', c)) missing.push(`status=${c} (${name})`);
    expect(missing).toEqual([]);
  });
});
