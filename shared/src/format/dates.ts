import { MSG } from '../messages';

/** The city halls' wall clock: timestamps are shown and files are dated in Brasília time. */
export const APP_TIME_ZONE = 'America/Sao_Paulo';

/** A date-only value ('yyyy-MM-dd'), an ISO timestamp, epoch milliseconds or a Date. */
export type DateInput = Date | string | number | null | undefined;
export interface DateFormatOptions {
  /** Shown for an empty or unreadable value (default 'Data inválida'). */
  invalid?: string;
  /** Wall clock of timestamps (default America/Sao_Paulo). */
  timeZone?: string;
}
/** The parts of an instant on a wall clock, zero-padded: year 'yyyy', month 'MM', day 'dd', hour 'HH' (00–23)… */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** True when 'yyyy-MM-dd' names a real calendar day (no 31/02). */
export function isCalendarDay(iso: string): boolean {
  const m = ISO_DAY.exec(iso);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** The wall-clock parts of an instant in `timeZone` (default America/Sao_Paulo). */
export function wallClockParts(d: Date, timeZone = APP_TIME_ZONE): WallClock {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(d);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** A date-only value as its parts (no time zone applies), else the wall clock of the instant; null when unreadable. */
function partsOf(value: DateInput, timeZone: string): WallClock | null {
  if (value == null || value === '') return null;
  if (typeof value === 'string') {
    const m = ISO_DAY.exec(value);
    if (m)
      return isCalendarDay(value)
        ? { year: m[1], month: m[2], day: m[3], hour: '00', minute: '00', second: '00' }
        : null;
  }
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : wallClockParts(d, timeZone);
}

/** 'dd/MM/yyyy' of a day ('2024-03-15' → '15/03/2024') or of a timestamp on the Brasília wall clock. */
export function formatDate(value: DateInput, opts: DateFormatOptions = {}): string {
  const p = partsOf(value, opts.timeZone ?? APP_TIME_ZONE);
  return p ? `${p.day}/${p.month}/${p.year}` : (opts.invalid ?? MSG.dates.invalid);
}

/** 'dd/MM/yyyy HH:mm' of a timestamp on the Brasília wall clock (a date-only value reads as midnight). */
export function formatDateTime(value: DateInput, opts: DateFormatOptions = {}): string {
  const p = partsOf(value, opts.timeZone ?? APP_TIME_ZONE);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : (opts.invalid ?? MSG.dates.invalid);
}

/** 'yyyy-MM-dd' of an instant on the wall clock of `timeZone` (file names, "today"). */
export function isoDayOf(d: Date, timeZone = APP_TIME_ZONE): string {
  const p = wallClockParts(d, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The year of an instant on the wall clock of `timeZone`. */
export function yearOf(d: Date, timeZone = APP_TIME_ZONE): number {
  return Number(wallClockParts(d, timeZone).year);
}

/** The same wall-clock time as a UTC Date (spreadsheet cells have no time zone). */
export function wallClockAsUtc(d: Date, timeZone = APP_TIME_ZONE): Date {
  const p = wallClockParts(d, timeZone);
  return new Date(Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second));
}

/** 'dd/MM/yyyy' as typed → 'yyyy-MM-dd'; null when it is not a calendar day. */
export function parseDateBR(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isCalendarDay(iso) ? iso : null;
}

/** Types '31122024' as '31/12/2024' while the person writes (at most 8 digits). */
export function maskDateBR(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}
