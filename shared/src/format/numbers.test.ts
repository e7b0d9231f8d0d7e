import { describe, expect, it } from 'vitest';
import {
  formatCount,
  pluralWord,
  decimalInput,
  formatDecimal,
  formatFileSize,
  formatInteger,
  formatNumber,
  formatPercent,
  parseNumber,
} from './numbers';

describe('number formatting', () => {
  it('groups thousands with dots and uses a decimal comma', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatInteger(1234.6)).toBe('1.235');
    expect(formatDecimal(1234.5, 2)).toBe('1.234,50');
    expect(formatDecimal('10', 1)).toBe('10,0');
  });
  it('writes a stored percentage', () => {
    expect(formatPercent('10.00')).toBe('10,00 %');
    expect(formatPercent(7.5)).toBe('7,50 %');
  });
  it('writes file sizes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('2 KB');
    expect(formatFileSize(1023 * 1024)).toBe('1023 KB');
    expect(formatFileSize(3.45 * 1024 * 1024)).toBe('3,5 MB');
  });
});

describe('decimalInput', () => {
  it('swaps the decimal point for a comma and reads back through the parsers', () => {
    expect(decimalInput('1234.5')).toBe('1234,5');
    expect(decimalInput(10)).toBe('10');
    expect(parseNumber(decimalInput(1234.5))).toBe(1234.5);
  });
});

describe('parseNumber', () => {
  it.each([
    ['1.234,5', 1234.5],
    ['1234,5', 1234.5],
    ['1234.5', 1234.5],
    ['1.234', 1234],
    ['1.234.567', 1234567],
    ['-2', -2],
    [' 42 ', 42],
    ['0,25', 0.25],
  ])('%s → %d', (text, n) => expect(parseNumber(text)).toBe(n));

  it.each(['', 'abc', '1e3', '1,2,3', '12a', '--1'])('refuses %j', (text) => expect(parseNumber(text)).toBeNull());
});

describe('formatCount / pluralWord (issue 35: "1 imóveis")', () => {
  it.each([
    [0, '0 imóveis'],
    [1, '1 imóvel'],
    [2, '2 imóveis'],
    [1234, '1.234 imóveis'],
  ])('%d → %s', (n, text) => expect(formatCount(n, 'imóvel', 'imóveis')).toBe(text));
  it('picks the word alone', () => {
    expect(pluralWord(1, 'resultado', 'resultados')).toBe('resultado');
    expect(pluralWord(6, 'resultado', 'resultados')).toBe('resultados');
  });
});
