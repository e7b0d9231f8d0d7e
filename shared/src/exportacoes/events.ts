import type { LiveEvent } from '../common';

/** Live events of the export templates (the municipality's room): open lists and editors refetch. */
export interface ExportTemplateEvents {
  'exportTemplate.changed': (e: LiveEvent<{ id: number; removed?: boolean }>) => void;
}
