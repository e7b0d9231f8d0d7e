import type { Database } from '../../db/client';
import { NotifiedAnswers } from '../../db/notified-answers';

export type { Keep } from '../../db/notified-answers';

/** The channel the triggers of migration 0043 notify on: 'm:<municipality id>' or 'all'. */
export const PUBLIC_CHANNEL = 'tombo_public';

/** Public answers (a QR scan, a search a newspaper linked) kept on each node by URL until their municipality's public data change. */
export class PublicAnswers extends NotifiedAnswers {
  constructor(database: Database, ttlMs: number) {
    super(database, PUBLIC_CHANNEL, ttlMs);
  }
}
