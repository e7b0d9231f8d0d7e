import type { z } from 'zod';
import { imovelExportBody } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/** The request's list filters and order (properties are read municipality-wide: no sector restriction). */
export const exportImoveisPayload = imovelExportBody;
export type ExportImoveisPayload = z.output<typeof exportImoveisPayload>;

/** `export.imoveis`: the properties matching the list filters, in the list's order, as XLSX. */
export const exportImoveisJob = defineJob({
  name: 'export.imoveis',
  owner: 'user',
  payload: exportImoveisPayload,
  retries: 2,
  handler: () => import('./export-imoveis.handler'),
});
