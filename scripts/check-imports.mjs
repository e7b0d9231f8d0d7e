// Lint step (npm run lint): no import cycles in any workspace's sources, and on the server no deep imports (an
// area uses another only through its index.ts) and no infrastructure importing an area. Only value imports
// count (an `import type` is erased at build time). An area that a lower one would need registers a hook
// instead (e.g. patrimonios' registerAssetHold, which loans fills): the dependency then points one way only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.tsx?$/;
const TEST = /\.(test|spec)\.tsx?$/;

/** Every source file under `dir` (tests left out). */
function sources(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') out.push(...sources(p));
    } else if (SOURCE.test(e.name) && !TEST.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The file a relative specifier names (with or without extension, or a folder's index), or null. */
function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => SOURCE.test(c) && fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

/** The files a source imports or re-exports values from. */
function valueImports(file) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const deps = [];
  for (const st of sf.statements) {
    const isImport = ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly;
    const isExport = ts.isExportDeclaration(st) && !st.isTypeOnly;
    if (!(isImport || isExport) || !st.moduleSpecifier || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const target = resolve(file, st.moduleSpecifier.text);
    if (target) deps.push(target);
  }
  return deps;
}

/** The import cycles among the sources under `dir`: each a list of files (relative to `dir`), sorted. */
export function importCycles(dir) {
  const graph = new Map(sources(dir).map((f) => [f, valueImports(f)]));
  // Tarjan's strongly connected components, iteratively (deep chains must not overflow the stack).
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      if (i === 0) {
        index.set(v, next);
        low.set(v, next++);
        stack.push(v);
        onStack.add(v);
      }
      const deps = graph.get(v) ?? [];
      if (i < deps.length) {
        frame[1]++;
        const w = deps[i];
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(v)));
      }
      if (low.get(v) !== index.get(v)) continue;
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(path.relative(dir, w));
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  }
  return cycles;
}

/**
 * Files outside `modules/` that may import areas: the composition roots that assemble them (the process entries,
 * the Express app, Drizzle's schema aggregate that drizzle-kit reads, the seed CLI).
 */
export const COMPOSITION_ROOTS = new Set(['server.ts', 'main.ts', 'app.ts', 'db/schema.ts', 'db/seed-cli.ts']);

/**
 * The server's layering (`dir` = server/src): an area (`modules/<area>/…`) or a registry (`modules/*.ts`) uses
 * another area only through its `index.ts` (a `schema.ts` may import another area's `schema.ts`: the tables its
 * foreign keys point at); infrastructure (everything outside `modules/` but the composition roots, which may import
 * any file of an area) imports no area.
 * Returns one line per broken import.
 */
export function layeringProblems(dir) {
  const problems = [];
  const modules = path.join(dir, 'modules');
  const areaOf = (file) => {
    const rel = path.relative(modules, file).split(path.sep);
    return rel[0] === '..' || rel.length < 2 ? null : rel[0];
  };
  for (const file of sources(dir)) {
    const from = path.relative(dir, file);
    const inModules = !path.relative(modules, file).startsWith('..');
    const fromArea = areaOf(file);
    for (const target of valueImports(file)) {
      if (path.relative(modules, target).startsWith('..')) continue; // not an area
      const toArea = areaOf(target);
      if (!toArea || toArea === fromArea) continue; // a registry, or the same area
      const rest = path.relative(path.join(modules, toArea), target);
      const to = path.relative(dir, target);
      if (COMPOSITION_ROOTS.has(from)) continue; // they assemble the areas
      if (!inModules) {
        problems.push(`${from} → ${to}: infrastructure imports no area (let the area register a hook, or pass it in)`);
      } else if (!/^index\.tsx?$/.test(rest) && !(rest === 'schema.ts' && path.basename(file) === 'schema.ts')) {
        problems.push(`${from} → ${to}: use the area "${toArea}" only through its index.ts`);
      }
    }
  }
  return problems.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let failed = false;
  for (const ws of ['shared/src', 'server/src', 'worker/src', 'client/src']) {
    for (const cycle of importCycles(path.join(root, ws))) {
      failed = true;
      console.error(`Import cycle in ${ws} (${cycle.length} files):\n  ${cycle.join('\n  ')}`);
    }
  }
  if (failed)
    console.error('Break it: import through the lower area only, or let the lower area take a registered hook.');
  const layering = layeringProblems(path.join(root, 'server/src'));
  for (const p of layering) console.error(`Layering in server/src: ${p}`);
  if (failed || layering.length) process.exit(1);
  console.log(
    'check-imports: no import cycles; server areas meet only through their index.ts, infrastructure imports no area.',
  );
}
