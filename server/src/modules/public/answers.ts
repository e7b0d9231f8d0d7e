export type { Keep } from '../../db/notified-answers';

/**
 * The channel the triggers of migration 0043 notify on: 'm:<municipality id>' or 'all'. The public answers
 * (a QR scan, a search a newspaper linked) are kept on each node by URL until it says their municipality's
 * public data changed (`AppContext.publicAnswers`, a `NotifiedAnswers` on this channel).
 */
export const PUBLIC_CHANNEL = 'tombo_public';
