/** pt-BR date helpers for files and documents; the city hall's wall clock (APP_TIMEZONE, default São Paulo). */
export const TIME_ZONE = process.env.APP_TIMEZONE || 'America/Sao_Paulo';

const parts = (d: Date) => {
  const p = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (t: string) => p.find((x) => x.type === t)!.value;
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute'), s: get('second') };
};

/** dd/MM/yyyy HH:mm */
export function dateTimeBR(d: Date): string {
  const p = parts(d);
  return `${p.d}/${p.m}/${p.y} ${p.h}:${p.min}`;
}

/** yyyy-MM-dd, for file names. */
export function isoDay(d: Date): string {
  const p = parts(d);
  return `${p.y}-${p.m}-${p.d}`;
}

/** The same wall-clock time as a UTC Date: spreadsheet cells have no time zone. */
export function wallClock(d: Date): Date {
  const p = parts(d);
  return new Date(Date.UTC(+p.y, +p.m - 1, +p.d, +p.h, +p.min, +p.s));
}
