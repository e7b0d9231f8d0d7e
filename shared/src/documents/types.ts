/** A general document as the API returns it (spec §3 General document), persisted on the server. */
export interface GeneralDocument {
  id: number;
  fileName: string;
  /** The authorised download: `/api/documentos/<id>/arquivo`. */
  fileUrl: string;
  /** Bytes. */
  fileSize: number;
  /** The content type found from the bytes (text files carry their charset). */
  fileType: string;
  uploadedAt: string;
  /** `id` is null once the uploader's account is deleted; the name stays as it was. */
  uploadedBy: { id: number | null; name: string };
  municipalityId: number;
}

export interface GeneralDocumentList {
  documents: GeneralDocument[];
  total: number;
  page: number;
  pageSize: number;
}
