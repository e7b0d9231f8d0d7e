import type { DocumentListQuery } from '@tombo/shared';

/** Query keys of general documents: one page per (search, page, size). */
export const documentKeys = {
  all: ['documents'] as const,
  list: (q: DocumentListQuery) => ['documents', 'list', q] as const,
};
