import { z } from 'zod';
import { exportFormat } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

export const exportSectorsPayload = z.strictObject({ format: exportFormat });
export type ExportSectorsPayload = z.output<typeof exportSectorsPayload>;

/** `export.sectors`: the requester's municipality's sectors as XLSX (streamed) or PDF (Chromium). */
export const exportSectorsJob = defineJob({
  name: 'export.sectors',
  owner: 'user',
  payload: exportSectorsPayload,
  retries: 2,
  handler: () => import('./export-sectors.handler'),
});
