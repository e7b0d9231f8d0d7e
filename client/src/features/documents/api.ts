import type { DocumentListQuery, GeneralDocument, GeneralDocumentList } from '@tombo/shared';
import { http, saveBlob } from '../../lib/http';
import { uploadFile, type UploadOptions } from '../../lib/upload';

export function fetchDocuments(q: DocumentListQuery): Promise<GeneralDocumentList> {
  const params = new URLSearchParams({ page: String(q.page), pageSize: String(q.pageSize) });
  if (q.search) params.set('search', q.search);
  return http.get<GeneralDocumentList>(`/documentos?${params}`);
}

/** Sends one file (multipart `file`) with upload progress. */
export function uploadDocument(file: File, opts: UploadOptions): Promise<GeneralDocument> {
  return uploadFile<GeneralDocument>('/documentos', file, file.name, opts);
}

export async function deleteDocument(id: number): Promise<void> {
  await http.delete(`/documentos/${id}`);
}

/** Downloads the file through the authorising route and saves it under its own name. */
export async function downloadDocument(doc: GeneralDocument): Promise<void> {
  const { blob, fileName } = await http.download(`/documentos/${doc.id}/arquivo`);
  saveBlob(blob, fileName ?? doc.fileName);
}
