import { describe, expect, it } from 'vitest';
import { inlineParams } from './inline-params';

describe('inlineParams', () => {
  it('replaces each $n by its value as a quoted literal, quotes doubled', () => {
    expect(inlineParams('select * from t where a = $1 and b = $2 limit $3', ["O'Brien", null, 26])).toBe(
      `select * from t where a = 'O''Brien' and b = NULL limit '26'`,
    );
    expect(inlineParams('select $2, $1, $10', [1, true, 3, 4, 5, 6, 7, 8, 9, 'x'])).toBe(`select 'true', '1', 'x'`);
    expect(inlineParams('commit', undefined)).toBe('commit');
  });
  it('leaves $n inside quoted strings and identifiers alone', () => {
    expect(inlineParams(`select '$1', "a$1" from "t" where x = $1`, ['v'])).toBe(
      `select '$1', "a$1" from "t" where x = 'v'`,
    );
    expect(inlineParams(`select 'it''s $1' where y like $1`, ['%a%'])).toBe(`select 'it''s $1' where y like '%a%'`);
    expect(inlineParams(`select x$1 from t`, [])).toBe(`select x$1 from t`);
  });
  it('gives up (null) on what it cannot prove equivalent', () => {
    expect(inlineParams('select $1', [new Date()])).toBeNull();
    expect(inlineParams('select $1', [[1, 2]])).toBeNull();
    expect(inlineParams('select $1', [Buffer.from('x')])).toBeNull();
    expect(inlineParams('select $1', [{ a: 1 }])).toBeNull();
    expect(inlineParams('select $1', ['a\\b'])).toBeNull();
    expect(inlineParams('select $1', ['a\0b'])).toBeNull();
    expect(inlineParams(`select E'\\n' || $1`, ['x'])).toBeNull();
    expect(inlineParams(`select U&'x' || $1`, ['x'])).toBeNull();
    expect(inlineParams('select $$ $1 $$', ['x'])).toBeNull();
    expect(inlineParams('select 1 -- $1', ['x'])).toBeNull();
    expect(inlineParams('select $2', ['x'])).toBeNull();
    expect(inlineParams(`select 'unclosed`, [])).toBeNull();
  });
  it('keeps a word ending in e before a quote (like, where) as SQL', () => {
    expect(inlineParams(`select 1 where a like'%' and b = $1`, [2])).toBe(`select 1 where a like'%' and b = '2'`);
  });
});
