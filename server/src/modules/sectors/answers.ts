import type { Database } from '../../db/client';
import { NotifiedAnswers } from '../../db/notified-answers';

/** The channel the triggers of migration 0044 notify on when a sector or a location changes: 'm:<municipality id>' or 'all'. */
export const SECTORS_CHANNEL = 'tombo_sectors';

/**
 * The sectors list, kept on each node per municipality until one of its sectors or locations changes.
 * Every screen with a sector field asks for it and it changes a few times a year; reading it costs the
 * API process about twice a bare request (docs/architecture.md, "Where an authorised read's CPU goes").
 */
export class SectorAnswers extends NotifiedAnswers {
  constructor(database: Database, ttlMs: number) {
    super(database, SECTORS_CHANNEL, ttlMs);
  }
}
