import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  isCalendarDay,
  isoDayOf,
  maskDateBR,
  parseDateBR,
  wallClockAsUtc,
  yearOf,
} from './dates';

describe('formatDate', () => {
  it('reorders a date-only value without any time zone', () => {
    expect(formatDate('2024-03-15')).toBe('15/03/2024');
    expect(formatDate('2024-01-01', { timeZone: 'Pacific/Kiritimati' })).toBe('01/01/2024');
  });
  it('shows a timestamp on the Brasília wall clock', () => {
    // 02:30 UTC is still the previous evening in São Paulo (UTC−3).
    expect(formatDate('2024-03-16T02:30:00.000Z')).toBe('15/03/2024');
    expect(formatDate(Date.UTC(2024, 2, 16, 2, 30))).toBe('15/03/2024');
    expect(formatDate(new Date('2024-03-16T03:00:00Z'))).toBe('16/03/2024');
  });
  it('names an empty or unreadable value', () => {
    expect(formatDate(null)).toBe('Data inválida');
    expect(formatDate('')).toBe('Data inválida');
    expect(formatDate('2024-02-30')).toBe('Data inválida');
    expect(formatDate('ontem')).toBe('Data inválida');
    expect(formatDate(undefined, { invalid: '' })).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes dd/MM/yyyy HH:mm in Brasília time, 24-hour clock', () => {
    expect(formatDateTime('2024-03-16T02:30:00.000Z')).toBe('15/03/2024 23:30');
    expect(formatDateTime('2024-07-01T15:05:09Z')).toBe('01/07/2024 12:05');
    expect(formatDateTime('2024-07-01T03:00:00Z')).toBe('01/07/2024 00:00');
  });
  it('follows another wall clock when asked', () => {
    expect(formatDateTime('2024-07-01T15:05:00Z', { timeZone: 'UTC' })).toBe('01/07/2024 15:05');
  });
  it('reads a date-only value as midnight', () => {
    expect(formatDateTime('2024-03-15')).toBe('15/03/2024 00:00');
  });
});

describe('parseDateBR', () => {
  it('turns dd/MM/yyyy into yyyy-MM-dd', () => {
    expect(parseDateBR('31/12/2024')).toBe('2024-12-31');
    expect(parseDateBR(' 29/02/2024 ')).toBe('2024-02-29');
  });
  it.each(['29/02/2023', '31/04/2024', '00/01/2024', '15/13/2024', '1/2/2024', '2024-01-01', '', '15/03/24'])(
    'refuses %j',
    (text) => expect(parseDateBR(text)).toBeNull(),
  );
});

describe('calendar helpers', () => {
  it('isCalendarDay', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-2-9')).toBe(false);
  });
  it('maskDateBR types the slashes', () => {
    expect(maskDateBR('15')).toBe('15');
    expect(maskDateBR('1503')).toBe('15/03');
    expect(maskDateBR('15032024')).toBe('15/03/2024');
    expect(maskDateBR('15/03/2024999')).toBe('15/03/2024');
  });
  it('isoDayOf, yearOf and wallClockAsUtc follow the Brasília wall clock', () => {
    const newYearsEve = new Date('2025-01-01T01:00:00Z'); // 22:00 on 31/12/2024 in São Paulo
    expect(isoDayOf(newYearsEve)).toBe('2024-12-31');
    expect(yearOf(newYearsEve)).toBe(2024);
    expect(isoDayOf(newYearsEve, 'UTC')).toBe('2025-01-01');
    expect(wallClockAsUtc(newYearsEve).toISOString()).toBe('2024-12-31T22:00:00.000Z');
  });
});
