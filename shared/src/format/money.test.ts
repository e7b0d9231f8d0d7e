import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyInput, parseMoney } from './money';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('writes BRL the pt-BR way', () => {
    expect(formatMoney('1234.56')).toBe(`R$${NBSP}1.234,56`);
    expect(formatMoney(1234.5)).toBe(`R$${NBSP}1.234,50`);
    expect(formatMoney('0.00')).toBe(`R$${NBSP}0,00`);
    expect(formatMoney('999999999999.99')).toBe(`R$${NBSP}999.999.999.999,99`);
  });
  it('plainSpace writes a plain space (stored texts, spreadsheets)', () => {
    expect(formatMoney('1234.56', { plainSpace: true })).toBe('R$ 1.234,56');
  });
  it('shows zero for an empty or unreadable value', () => {
    expect(formatMoney(null)).toBe(`R$${NBSP}0,00`);
    expect(formatMoney(undefined)).toBe(`R$${NBSP}0,00`);
    expect(formatMoney('abc')).toBe(`R$${NBSP}0,00`);
  });
});

describe('parseMoney', () => {
  it.each([
    ['1.234,56', '1234.56'],
    ['1234,56', '1234.56'],
    ['1234.56', '1234.56'],
    ['R$ 1.234,56', '1234.56'],
    [`R$${NBSP}1.234,5`, '1234.5'],
    ['150,00', '150.00'],
    ['1.234', '1234'],
    ['1.234.567,89', '1234567.89'],
    ['0,5', '0.5'],
    ['12', '12'],
  ])('%s → %s', (text, api) => expect(parseMoney(text)).toBe(api));

  it.each(['', '   ', 'abc', '-5,00', '1234,567', '1.23.4', '1,234,56', '12a', '1e3'])('refuses %j', (text) =>
    expect(parseMoney(text)).toBeNull(),
  );
});

describe('formatMoneyInput', () => {
  it('formats a readable amount with two decimals and keeps anything else as typed', () => {
    expect(formatMoneyInput('1234.5')).toBe('1.234,50');
    expect(formatMoneyInput('1234,5')).toBe('1.234,50');
    expect(formatMoneyInput('abc')).toBe('abc');
    expect(formatMoneyInput('')).toBe('');
    expect(formatMoneyInput(null)).toBe('');
  });
});
