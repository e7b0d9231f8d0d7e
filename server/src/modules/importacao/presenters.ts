import type { Importacao, ImportacaoStatus } from '@tombo/shared';
import type { importacoes } from '../../db/schema';
import { suggestFromValues, suggestMapping } from './suggest';

export type ImportacaoRow = typeof importacoes.$inferSelect;

/** Column names shown for a file without a header row. */
export const numberedHeaders = (n: number) => Array.from({ length: n }, (_, i) => `Coluna ${i + 1}`);

/** The column names of an upload read with or without a header row (its first row names them, or not). */
export const headersFor = (r: Pick<ImportacaoRow, 'hasHeader' | 'headers' | 'preview'>, hasHeader: boolean) =>
  hasHeader === r.hasHeader ? r.headers : hasHeader ? (r.preview[0] ?? []) : numberedHeaders(r.headers.length);

/** The API shape of an uploaded register. */
export function presentImportacao(r: ImportacaoRow): Importacao {
  return {
    id: r.id,
    fileName: r.fileName,
    size: r.size,
    format: r.format as Importacao['format'],
    encoding: r.encoding,
    separator: r.separator,
    hasHeader: r.hasHeader,
    headers: r.headers,
    preview: r.preview,
    suggestedMapping: r.hasHeader ? suggestMapping(r.headers) : suggestFromValues(r.preview, r.headers.length),
    status: r.status as ImportacaoStatus,
    jobId: r.jobId,
    createdAt: r.createdAt.toISOString(),
  };
}
