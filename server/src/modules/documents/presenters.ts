import type { GeneralDocument } from '@tombo/shared';
import type { documents } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

/** The authorised download of a document. */
export const documentFileUrl = (id: number) => `/api/documentos/${id}/arquivo`;

/** Row → API shape (HTTP answers and the `document.created` event). */
export const presentDocument = (r: DocumentRow): GeneralDocument => ({
  id: r.id,
  fileName: r.fileName,
  fileUrl: documentFileUrl(r.id),
  fileSize: r.size,
  fileType: r.mimeType,
  uploadedAt: r.createdAt.toISOString(),
  uploadedBy: { id: r.uploadedById, name: r.uploadedByName },
  municipalityId: r.municipalityId,
});
