/**
 * The channel the triggers of migration 0044 notify on when a sector or a location changes: 'm:<municipality id>'.
 * The sectors list is kept on each node per municipality until it does (`AppContext.sectorAnswers`, a
 * `NotifiedAnswers` on this channel): every screen with a sector field asks for it and it changes a few times
 * a year; reading it costs the API process about twice a bare request (docs/architecture.md, "Where an
 * authorised read's CPU goes").
 */
export const SECTORS_CHANNEL = 'tombo_sectors';
