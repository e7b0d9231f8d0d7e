import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updated, version } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

/** A user's dashboard layout for one dashboard, kept on the server so it follows them to another device. */
export const dashboardLayouts = pgTable(
  'dashboard_layouts',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which dashboard: 'principal', 'admin', 'supervisor', 'usuario', 'visualizador', 'depreciacao'… */
    dashboard: text('dashboard').notNull(),
    /** The widgets in order, each with its id and size (shared DashboardLayout). */
    layout: jsonb('layout').notNull(),
    updatedAt: updated(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dashboard] })],
);
