import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created } from '../../db/columns';
import { municipalities } from '../../db/core-schema';
import { users } from '../users/schema';

/** General documents of a municipality (spec §3 General document), persisted instead of kept in the browser. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Relative to DATA_DIR: files/documentos/<municipalityId>/<uuid>.<ext>. */
    storedPath: text('stored_path').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uploader's name when they sent it (kept when the account goes). */
    uploadedByName: text('uploaded_by_name').notNull(),
    createdAt: created(),
  },
  (t) => [index('documents_municipality_idx').on(t.municipalityId, t.id)],
);
