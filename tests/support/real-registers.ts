import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The real registers' folder beside the repository (`../shared`; a worktree is one folder deeper). */
export const REAL_REGISTERS = ['../shared', '../../shared']
  .map((p) => path.resolve(root, p, 'data/real-registers'))
  .find((d) => fs.existsSync(d));

/** A real register of ../shared/data/real-registers, as published. */
export function realRegister(name: string): Buffer {
  if (!REAL_REGISTERS)
    throw new Error('real registers not found beside the repository (../shared/data/real-registers)');
  return fs.readFileSync(path.join(REAL_REGISTERS, name));
}

/**
 * GEAFIN with its six long descriptions (1,028–1,488 characters: within the asset's 4,000, so the published file
 * imports whole) made four times as long: six real rows the import must refuse and keep pending.
 */
export function geafinOverLimit(): Buffer {
  const text = realRegister('geafin-2cjm-relatorio-bens.csv').toString('latin1');
  const longer = (f: string) => {
    if (f.length <= 1000) return f;
    const inner = f.startsWith('"') && f.endsWith('"') ? f.slice(1, -1) : f;
    const four = [inner, inner, inner, inner].join(' ');
    return inner === f ? four : `"${four}"`;
  };
  return Buffer.from(
    text
      .split('\n')
      .map((line) => line.split(';').map(longer).join(';'))
      .join('\n'),
    'latin1',
  );
}
