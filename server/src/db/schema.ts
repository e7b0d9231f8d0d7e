import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const created = () => ts('created_at').notNull().defaultNow();
const updated = () => ts('updated_at').notNull().defaultNow();
const version = () => integer('version').notNull().default(0);

export const municipalities = pgTable('municipalities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  active: boolean('active').notNull().default(true),
  createdAt: created(),
  updatedAt: updated(),
  version: version(),
});

/** Permissions per role, installation-wide, editable by the superuser. */
export const rolePermissions = pgTable('role_permissions', {
  role: text('role').primaryKey(),
  permissions: text('permissions').array().notNull(),
  updatedAt: updated(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  avatarUrl: text('avatar_url'),
  failedLoginAttempts: integer('failed_login_attempts').notNull().default(0),
  lockoutUntil: ts('lockout_until'),
  createdAt: created(),
  updatedAt: updated(),
  version: version(),
}, (t) => [
  uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  index('users_municipality_idx').on(t.municipalityId),
]);

export const sectors = pgTable('sectors', {
  id: serial('id').primaryKey(),
  municipalityId: integer('municipality_id').notNull().references(() => municipalities.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  code: text('code').notNull(),
  createdAt: created(),
  updatedAt: updated(),
  version: version(),
}, (t) => [
  uniqueIndex('sectors_code_uq').on(t.municipalityId, t.code),
  uniqueIndex('sectors_name_uq').on(t.municipalityId, sql`lower(${t.name})`),
]);

export const userSectors = pgTable('user_sectors', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  sectorId: integer('sector_id').notNull().references(() => sectors.id, { onDelete: 'restrict' }),
}, (t) => [primaryKey({ columns: [t.userId, t.sectorId] }), index('user_sectors_sector_idx').on(t.sectorId)]);

export const locais = pgTable('locais', {
  id: serial('id').primaryKey(),
  municipalityId: integer('municipality_id').notNull().references(() => municipalities.id, { onDelete: 'restrict' }),
  sectorId: integer('sector_id').notNull().references(() => sectors.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  createdAt: created(),
  updatedAt: updated(),
  version: version(),
}, (t) => [
  uniqueIndex('locais_name_uq').on(t.municipalityId, t.sectorId, sql`lower(${t.name})`),
  index('locais_sector_idx').on(t.sectorId),
]);

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  revokedAt: ts('revoked_at'),
  createdAt: created(),
}, (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)]);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: created(),
});

/** Branding/login settings. municipality_id NULL is the installation-wide row (login page). */
export const customizations = pgTable('customizations', {
  id: serial('id').primaryKey(),
  municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull().$type<Record<string, unknown>>(),
  updatedAt: updated(),
  version: version(),
}, (t) => [uniqueIndex('customizations_scope_uq').on(sql`coalesce(${t.municipalityId}, 0)`)]);

export const auditLogs = pgTable('audit_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  userName: text('user_name'),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id'),
  details: text('details'),
  createdAt: created(),
}, (t) => [index('audit_logs_municipality_idx').on(t.municipalityId, t.id)]);

export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'cascade' }),
  ownerId: integer('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  title: text('title').notNull(),
  payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
  status: text('status').notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  filePath: text('file_path'),
  fileName: text('file_name'),
  mimeType: text('mime_type'),
  error: text('error'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: created(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
}, (t) => [index('jobs_owner_idx').on(t.ownerId, t.createdAt)]);
