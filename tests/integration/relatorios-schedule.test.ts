import { describe, expect, it } from 'vitest';
import { nextRun } from '../../server/src/modules/relatorios/schedule';

// The next run of a saved report's schedule, on the São Paulo wall clock (UTC−3, no DST since 2019).

const at = (iso: string) => new Date(iso);
const SP = 'America/Sao_Paulo';

describe('nextRun', () => {
  it('daily: today at the hour when still ahead, else tomorrow', () => {
    expect(nextRun({ frequencia: 'diaria', hora: '07:00' }, at('2026-03-10T09:59:00Z'), SP).toISOString()).toBe(
      '2026-03-10T10:00:00.000Z',
    );
    expect(nextRun({ frequencia: 'diaria', hora: '07:00' }, at('2026-03-10T10:00:00Z'), SP).toISOString()).toBe(
      '2026-03-11T10:00:00.000Z',
    );
  });

  it('weekly: the next such weekday (a Sunday 22:00 local is Monday 01:00 UTC)', () => {
    // 2026-03-10 is a Tuesday.
    expect(
      nextRun({ frequencia: 'semanal', hora: '22:00', diaSemana: 0 }, at('2026-03-10T12:00:00Z'), SP).toISOString(),
    ).toBe('2026-03-16T01:00:00.000Z');
  });

  it('monthly: day 31 falls on the last day of shorter months', () => {
    const a = { frequencia: 'mensal', hora: '08:30', diaMes: 31 } as const;
    expect(nextRun(a, at('2026-02-01T00:00:00Z'), SP).toISOString()).toBe('2026-02-28T11:30:00.000Z');
    expect(nextRun(a, at('2026-02-28T11:30:00Z'), SP).toISOString()).toBe('2026-03-31T11:30:00.000Z');
    expect(nextRun(a, at('2028-02-01T00:00:00Z'), SP).toISOString()).toBe('2028-02-29T11:30:00.000Z');
  });
});
