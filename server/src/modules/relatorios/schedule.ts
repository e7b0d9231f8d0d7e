import { wallClockAsUtc, type ReportAgendamento } from '@tombo/shared';
import { TIME_ZONE } from '../../jobs/format';

/** The instant of a wall-clock time in `tz` (two passes settle a DST change). */
function zonedInstant(y: number, m: number, d: number, hh: number, mm: number, tz: string): Date {
  const wall = Date.UTC(y, m, d, hh, mm);
  let t = wall;
  for (let i = 0; i < 2; i++) t = wall - (wallClockAsUtc(new Date(t), tz).getTime() - t);
  return new Date(t);
}

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/**
 * The first time strictly after `after` at which a schedule runs: daily at `hora`, weekly on
 * `diaSemana`, monthly on `diaMes` (the month's last day when shorter), in the app's time zone.
 */
export function nextRun(a: ReportAgendamento, after: Date, tz = TIME_ZONE): Date {
  const [hh, mm] = a.hora.split(':').map(Number);
  const local = wallClockAsUtc(after, tz);
  for (let i = 0; i <= 62; i++) {
    const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + i));
    const y = day.getUTCFullYear();
    const m = day.getUTCMonth();
    const d = day.getUTCDate();
    if (a.frequencia === 'semanal' && day.getUTCDay() !== a.diaSemana) continue;
    if (a.frequencia === 'mensal' && d !== Math.min(a.diaMes ?? 1, daysIn(y, m))) continue;
    const at = zonedInstant(y, m, d, hh, mm, tz);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('no next run within 62 days');
}
