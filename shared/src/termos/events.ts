import type { LiveEvent } from '../common';
import type { TermoVersao } from './types';

/** A term version was recorded or its file landed: the rooms that see its sector refetch. */
export interface TermoEvents {
  'termo.changed': (e: LiveEvent<TermoVersao>) => void;
}
