import { APP_TIME_ZONE, formatDateTime, isoDayOf, wallClockAsUtc } from '@tombo/shared';

/** pt-BR date helpers for files and documents; the city hall's wall clock (APP_TIMEZONE, default São Paulo). */
export const TIME_ZONE = process.env.APP_TIMEZONE || APP_TIME_ZONE;

/** dd/MM/yyyy HH:mm */
export function dateTimeBR(d: Date): string {
  return formatDateTime(d, { timeZone: TIME_ZONE });
}

/** yyyy-MM-dd, for file names. */
export function isoDay(d: Date): string {
  return isoDayOf(d, TIME_ZONE);
}

/** The same wall-clock time as a UTC Date: spreadsheet cells have no time zone. */
export function wallClock(d: Date): Date {
  return wallClockAsUtc(d, TIME_ZONE);
}
