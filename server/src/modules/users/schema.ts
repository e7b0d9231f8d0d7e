import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts, created, updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { sectors } from '../sectors/schema';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    avatarUrl: text('avatar_url'),
    failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
    lockoutUntil: ts('lockout_until'),
    /** The password was set by someone else (an admin, the first start): changed at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** 'pending' while an invitation waits (expired: its link's time ran out), 'revoked'; null once a password is the user's. */
    invitationStatus: text('invitation_status').$type<'pending' | 'revoked'>(),
    createdAt: created(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_municipality_idx').on(t.municipalityId),
  ],
);

export const userSectors = pgTable(
  'user_sectors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sectorId] }), index('user_sectors_sector_idx').on(t.sectorId)],
);
