// Issue 34, item 5: `npm run lint` refuses import cycles (scripts/check-imports.mjs). A planted cycle is found,
// a type-only import does not make one. The repository's own workspaces are checked by the lint step itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ESM script of the repo (no type declarations)
import { importCycles, layeringProblems } from '../../scripts/check-imports.mjs';

const check = importCycles as (dir: string) => string[][];
const layering = layeringProblems as (dir: string) => string[];

function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-cycles-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('import cycles', () => {
  it('a planted cycle through an area index is found, with every file in it', () => {
    const dir = tree({
      'modules/a/index.ts': "export { a } from './a';",
      'modules/a/a.ts': "import { b } from '../b';\nexport const a = () => b();",
      'modules/b/index.ts': "export { b } from './b';",
      'modules/b/b.ts': "import { a } from '../a';\nexport const b = () => a;",
      'modules/c/index.ts': "import { a } from '../a';\nexport const c = a;",
    });
    expect(check(dir)).toEqual([['modules/a/a.ts', 'modules/a/index.ts', 'modules/b/b.ts', 'modules/b/index.ts']]);
  });

  it('type-only imports are erased: they make no cycle', () => {
    const dir = tree({
      'x.ts': "import type { Y } from './y';\nexport type X = Y;\nexport const x = 1;",
      'y.ts': "import { x } from './x';\nexport type Y = number;\nexport const y = x;",
    });
    expect(check(dir)).toEqual([]);
  });
});

describe('server layering (issue 34, item 5)', () => {
  it('an area reaching into another area past its index.ts is refused; through the index it passes', () => {
    const dir = tree({
      'modules/a/index.ts': "export { a } from './a';",
      'modules/a/a.ts': 'export const a = 1;',
      'modules/b/index.ts': "export { b } from './b';",
      'modules/b/b.ts': "import { a } from '../a/a';\nimport { a as ok } from '../a';\nexport const b = a + ok;",
      'modules/b/schema.ts': "import { t } from '../a/schema';\nexport const u = t;",
      'modules/a/schema.ts': 'export const t = 1;',
      'modules/registry.ts': "import { a } from './a/a';\nexport const all = [a];",
    });
    expect(layering(dir)).toEqual([
      'modules/b/b.ts → modules/a/a.ts: use the area "a" only through its index.ts',
      'modules/registry.ts → modules/a/a.ts: use the area "a" only through its index.ts',
    ]);
  });

  it('infrastructure importing an area is refused (even through its index); a composition root may', () => {
    const dir = tree({
      'modules/audit/index.ts': "export { present } from './presenters';",
      'modules/audit/presenters.ts': 'export const present = 1;',
      'db/tx.ts': "import { present } from '../modules/audit/presenters';\nexport const tx = present;",
      'jobs/runner.ts':
        "import { present } from '../modules/audit';\nimport type { X } from '../modules/audit/types';\nexport const r = present;",
      'server.ts': "import { present } from './modules/audit/presenters';\nexport const s = present;",
    });
    expect(layering(dir)).toEqual([
      'db/tx.ts → modules/audit/presenters.ts: infrastructure imports no area (let the area register a hook, or pass it in)',
      'jobs/runner.ts → modules/audit/index.ts: infrastructure imports no area (let the area register a hook, or pass it in)',
    ]);
  });
});
