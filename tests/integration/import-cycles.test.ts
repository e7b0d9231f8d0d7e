// Issue 34, item 5: `npm run lint` refuses import cycles (scripts/check-imports.mjs). A planted cycle is found,
// a type-only import does not make one. The repository's own workspaces are checked by the lint step itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ESM script of the repo (no type declarations)
import { importCycles } from '../../scripts/check-imports.mjs';

const check = importCycles as (dir: string) => string[][];

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
