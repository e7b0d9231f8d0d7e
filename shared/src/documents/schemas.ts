import { z } from 'zod';
import { int4FromText } from '../common';

/** Limits of general documents (spec §3 General document): one file per upload, at most 20 MB. */
export const DOCUMENT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  searchMax: 200,
  pageSizeMax: 100,
} as const;

/**
 * What a city hall shares, by file-name extension; the server checks the bytes (magic numbers, the
 * inner parts of zip-based Office files), never the name or the declared type alone.
 */
export const GENERAL_DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'csv',
  'txt',
  'jpg',
  'jpeg',
  'png',
  'webp',
  'gif',
] as const;

const PAGE_MSG = 'Página inválida.';
/** `GET /api/documentos`: newest first, optional search in the file name, server paging. */
export const documentListQuery = z.strictObject({
  search: z
    .string({ error: 'Busca inválida.' })
    .trim()
    .max(DOCUMENT_LIMITS.searchMax, { error: `A busca deve ter no máximo ${DOCUMENT_LIMITS.searchMax} caracteres.` })
    .optional(),
  page: int4FromText(PAGE_MSG).min(1, { error: PAGE_MSG }).default(1),
  pageSize: int4FromText(PAGE_MSG)
    .min(1, { error: PAGE_MSG })
    .max(DOCUMENT_LIMITS.pageSizeMax, { error: PAGE_MSG })
    .default(20),
});
export type DocumentListQuery = z.infer<typeof documentListQuery>;
