import { z } from 'zod';
import { idNumber, transferFilterShape } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/**
 * The report's filters plus who asked: `viewerId` and `sectorIds` (a `usuario`'s restriction) come from
 * the requester's principal on the server, never from the client, so the file holds what they may read.
 */
export const exportTransferenciasPayload = z.strictObject({
  ...transferFilterShape,
  viewerId: idNumber(),
  sectorIds: z.array(idNumber()).nullable(),
});
export type ExportTransferenciasPayload = z.output<typeof exportTransferenciasPayload>;

/** `export.transferencias`: the filtered requests and their totals as XLSX (the transfer report's export). */
export const exportTransferenciasJob = defineJob({
  name: 'export.transferencias',
  owner: 'user',
  payload: exportTransferenciasPayload,
  retries: 2,
  handler: () => import('./export-transferencias.handler'),
});
