import { z } from 'zod';
import { idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/** `uploadPath` is relative to DATA_DIR (under tmp/uploads); the handler's cleanup deletes it when the job ends. */
export const importPatrimoniosPayload = z.strictObject({
  uploadPath: z.string().min(1).max(300),
  fileName: z.string().max(255),
  actorName: z.string().max(255),
  sectorIds: z.array(idNumber()).nullable(),
});
export type ImportPatrimoniosPayload = z.output<typeof importPatrimoniosPayload>;

/**
 * `import.patrimonios` (commit): every good row of the uploaded sheet in one transaction; the
 * ImportReport is the result file. Its failures are final (nothing was written; the user sends the
 * sheet again); only an error before the import started (e.g. the database away) is retried.
 */
export const importPatrimoniosJob = defineJob({
  name: 'import.patrimonios',
  owner: 'user',
  payload: importPatrimoniosPayload,
  retries: 2,
  handler: () => import('./import-patrimonios.handler'),
});
