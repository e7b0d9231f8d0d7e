import { z } from 'zod';
import { idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/** The version to render is the one pointing at this job (`termo_versions.job_id`); the sector is informative. */
export const generateTermoPayload = z.strictObject({ setorId: idNumber() });
export type GenerateTermoPayload = z.output<typeof generateTermoPayload>;

/** `termo.generate`: a manually requested custody term version, as a PDF (Downloads + the term list). */
export const generateTermoJob = defineJob({
  name: 'termo.generate',
  owner: 'user',
  payload: generateTermoPayload,
  retries: 2,
  handler: () => import('./generate-termo.handler'),
});
