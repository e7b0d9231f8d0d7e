import { z } from 'zod';
import { exportPatrimoniosBody, idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/**
 * The list filters of the request plus `sectorIds`: the requester's sector restriction (usuario),
 * taken from the server-side principal, never from the client; null = all.
 */
export const exportPatrimoniosPayload = exportPatrimoniosBody.extend({ sectorIds: z.array(idNumber()).nullable() });
export type ExportPatrimoniosPayload = z.output<typeof exportPatrimoniosPayload>;

/** `export.patrimonios`: the assets matching the list filters as XLSX (streamed, keyset chunks). */
export const exportPatrimoniosJob = defineJob({
  name: 'export.patrimonios',
  owner: 'user',
  payload: exportPatrimoniosPayload,
  retries: 2,
  handler: () => import('./export-patrimonios.handler'),
});
