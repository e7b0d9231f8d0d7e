/** Municipal time (Brasília, UTC−3 all year since 2019): schedules are read in it. */
const OFFSET_MS = -3 * 3_600_000;

/**
 * The latest instant a schedule was due at or before `now`: today's (or, weekly, the last Sunday's)
 * `hour`:00 in municipal time; yesterday's / the Sunday before when that is still ahead.
 */
export function lastDue(now: Date, hour: number, frequency: 'daily' | 'weekly'): Date {
  const local = new Date(now.getTime() + OFFSET_MS);
  const due = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - OFFSET_MS);
  if (frequency === 'weekly') due.setTime(due.getTime() - local.getUTCDay() * 86_400_000);
  if (due > now) due.setTime(due.getTime() - (frequency === 'weekly' ? 7 : 1) * 86_400_000);
  return due;
}
