import type { LiveEvent } from '../common';

/** Live events of the label templates (the municipality's room): open lists and editors refetch. */
export interface EtiquetaEvents {
  'labelTemplate.changed': (e: LiveEvent<{ id: number; removed?: boolean }>) => void;
}
