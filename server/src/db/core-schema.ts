import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, updated, version } from './columns';

/** The tenants: one row per city hall. */
export const municipalities = pgTable('municipalities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  /** Federative unit (two letters) and IBGE municipality code (7 digits); null for rows made before onboarding. */
  uf: text('uf'),
  ibgeCode: text('ibge_code').unique(),
  /** 14 digits, without punctuation. */
  cnpj: text('cnpj'),
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
