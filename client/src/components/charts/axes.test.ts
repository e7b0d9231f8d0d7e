import { describe, expect, it } from 'vitest';
import { amountAxis, countAxis } from './axes';

// Issue 35: chart axes said "1,000" and counted "0,2" assets.
describe('chart axes', () => {
  it('counts: whole ticks, pt-BR grouping', () => {
    expect(countAxis.tickMinStep).toBe(1);
    expect(countAxis.valueFormatter(1000)).toBe('1.000');
    expect(countAxis.valueFormatter(1234567)).toBe('1.234.567');
  });
  it('amounts: pt-BR compact', () => {
    expect(amountAxis.valueFormatter(1500)).toMatch(/^1,5\s?mil$/);
    expect(amountAxis.valueFormatter(2_000_000)).toMatch(/^2\s?mi$/);
  });
});
