import { index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { ts, created } from '../../db/columns';
import { users } from '../users/schema';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    /** The device of the request that got this token (its session's last use): shown in /perfil. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: created(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  /** Replaced by a newer link (an invitation sent again) or revoked by an admin: no longer accepted. */
  revokedAt: ts('revoked_at'),
  createdAt: created(),
});

/**
 * A user's TOTP secret (AES-256-GCM under a key derived from the JWT secret): pending while enabledAt
 * is null (shown once by /auth/2fa/setup, confirmed with a code), active after. Never returned again.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  enabledAt: ts('enabled_at'),
  /** The last time step a code was accepted at: a code is not accepted twice (RFC 6238 §5.2). */
  lastStep: integer('last_step'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Single-use recovery codes (sha-256 of the code), replaced as a set when regenerated. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: created(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);

/** The short-lived token between the password and the second step of a sign-in (its hash stored). */
export const authChallenges = pgTable('auth_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  kind: text('kind').notNull().$type<'verify' | 'enrol'>(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: created(),
});
