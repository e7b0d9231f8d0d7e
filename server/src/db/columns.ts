import { integer, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamptz` column read as a `Date`. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** `created_at`, set by the database on insert. */
export const created = () => ts('created_at').notNull().defaultNow();
/** `updated_at`, set on insert; the app sets it on every update. */
export const updated = () => ts('updated_at').notNull().defaultNow();
/** `version`, the optimistic-concurrency counter of a mutable record. */
export const version = () => integer('version').notNull().default(0);
