import { z } from 'zod';
import { idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/**
 * Which assets with which template, and who asked: `sectorIds` (a `usuario`'s sectors) comes from the
 * requester's principal on the server, so a sheet never shows an asset they may not read.
 */
export const generateFichaPayload = z.strictObject({
  templateId: idNumber().nullable(),
  patrimonioIds: z.array(idNumber()).min(1),
  sectorIds: z.array(idNumber()).nullable(),
});
export type GenerateFichaPayload = z.output<typeof generateFichaPayload>;

/** `ficha.generate`: the record sheets (one asset per A4 page) as a PDF rendered by Chromium. */
export const generateFichaJob = defineJob({
  name: 'ficha.generate',
  owner: 'user',
  payload: generateFichaPayload,
  retries: 2,
  handler: () => import('./generate-ficha.handler'),
});
