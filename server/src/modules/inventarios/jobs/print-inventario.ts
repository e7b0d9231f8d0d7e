import { z } from 'zod';
import { idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/**
 * Which inventory, and who asked: `viewerId` (commission membership) and `sectorIds` (a `usuario`'s
 * sectors) come from the requester's principal on the server, so the PDF shows only what they may read.
 */
export const printInventarioPayload = z.strictObject({
  inventarioId: idNumber(),
  viewerId: idNumber(),
  sectorIds: z.array(idNumber()).nullable(),
});
export type PrintInventarioPayload = z.output<typeof printInventarioPayload>;

/** `print.inventario`: the legal inventory report as a PDF rendered by Chromium. */
export const printInventarioJob = defineJob({
  name: 'print.inventario',
  owner: 'user',
  payload: printInventarioPayload,
  retries: 2,
  handler: () => import('./print-inventario.handler'),
});
