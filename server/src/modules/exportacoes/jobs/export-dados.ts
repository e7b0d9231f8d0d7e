import { z } from 'zod';
import { exportacaoBody, exportColumn, idNumber } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/**
 * The request (format and list filters) with the columns resolved at request time (the template's,
 * or null = every column) and `sectorIds`: the requester's sector restriction (usuario), taken from
 * the server-side principal, never from the client; null = all.
 */
export const exportDadosPayload = exportacaoBody.omit({ templateId: true }).extend({
  columns: z.array(exportColumn).nullable(),
  sectorIds: z.array(idNumber()).nullable(),
});
export type ExportDadosPayload = z.output<typeof exportDadosPayload>;

/** `export.dados`: the assets matching the filters as XLSX or CSV with a template's columns (streamed). */
export const exportDadosJob = defineJob({
  name: 'export.dados',
  owner: 'user',
  payload: exportDadosPayload,
  retries: 2,
  handler: () => import('./export-dados.handler'),
});
