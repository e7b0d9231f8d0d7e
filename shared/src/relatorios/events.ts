import type { LiveEvent } from '../common';

/** Live events of the report templates (the municipality's room): open lists and editors refetch. */
export interface RelatorioEvents {
  'reportTemplate.changed': (e: LiveEvent<{ id: number; removed?: boolean }>) => void;
}
