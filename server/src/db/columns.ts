import { integer, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a `Date`. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** `created_at`, set by the database on insert. */
export const created = () => ts('created_at').notNull().defaultNow();
/** `updated_at`, set on insert; the app sets it on every update. */
export const updated = () => ts('updated_at').notNull().defaultNow();
/** `version`, the optimistic-concurrency counter of a mutable record. */
export const version = () => integer('version').notNull().default(0);

/**
 * A `timestamptz` as node-postgres gives it in text (drizzle's driver settings leave it so) → ISO 8601 in UTC,
 * as `Date#toISOString` writes it (milliseconds, truncated). The session's usual form,
 * `YYYY-MM-DD HH:MM:SS[.ffffff]+00`, is rewritten as text, without parsing a date (a list writes two per row);
 * any other (another offset, a year past 9999, BC) goes through `Date`.
 */
export function isoOfTimestamptz(text: string): string {
  const n = text.length;
  const utc =
    n >= 22 && text[4] === '-' && text[10] === ' ' && text[n - 3] === '+' && text[n - 2] === '0' && text[n - 1] === '0';
  if (!utc || (n > 22 && text[19] !== '.')) return new Date(text).toISOString();
  const ms = n === 22 ? '000' : text.slice(20, Math.min(23, n - 3)).padEnd(3, '0');
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
}

/** A timestamp as drizzle maps it (`Date`) or as a plain-SQL read gives it (text) → ISO 8601 in UTC. */
export const isoOf = (t: Date | string): string => (typeof t === 'string' ? isoOfTimestamptz(t) : t.toISOString());
