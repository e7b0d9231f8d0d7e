import type { LiveEvent } from '../common';
import type { GeneralDocument } from './types';

/** General documents, sent to the whole municipality (`m:<id>`): every role of it reads them. */
export interface DocumentEvents {
  'document.created': (e: LiveEvent<GeneralDocument>) => void;
  'document.deleted': (e: LiveEvent<{ id: number }>) => void;
}
