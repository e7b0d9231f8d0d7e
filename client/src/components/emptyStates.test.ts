import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 35: working screens said "Esta área ainda não está disponível." (EmptyState's old default title). The
// title is now required; this keeps the words themselves out of every screen.
const src = path.resolve(import.meta.dirname, '..');
const screens = (fs.readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.(tsx|ts)$/.test(f));

describe('empty states', () => {
  it('no screen says that an area or feature is unavailable or coming in a later version', () => {
    const saying = screens.filter((f) => {
      if (f.endsWith('.test.ts')) return false;
      const text = fs.readFileSync(path.join(src, f), 'utf8');
      return /ainda não está disponível|disponibilizada em uma próxima versão/i.test(text);
    });
    expect(saying).toEqual([]);
  });
});
