import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { code128BWidths } from './code128';

describe('Code 128 set B encoder', () => {
  // Text without digit runs is encoded by bwip-js in set B too: the symbols must be identical.
  it.each(['Tombo', 'PATRIMONIO-AB', 'a b c', 'x~!@#', 'Z'])('draws the same bars as bwip-js for %s', (text) => {
    const [{ sbs }] = bwipjs.raw('code128', text, {}) as unknown as Array<{ sbs: number[] }>;
    expect(code128BWidths(text)).toEqual(sbs);
  });
});
