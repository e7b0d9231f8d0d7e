import { z } from 'zod';
import { idNumber, reportFiltros } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/**
 * Which template and filters, and the requester's sector restriction (`usuario`): `sectorIds` comes
 * from the principal on the server (route or scheduled sweep), never from the client; null = all.
 */
export const reportGeneratePayload = z.strictObject({
  templateId: idNumber(),
  filtros: reportFiltros.default({}),
  sectorIds: z.array(idNumber()).nullable(),
  /** The saved config that scheduled it, if any (for the log and the file name). */
  configId: idNumber().optional(),
});
export type ReportGeneratePayload = z.output<typeof reportGeneratePayload>;

/** `report.generate`: a report template rendered to PDF (branding header, table, SVG charts, footer). */
export const reportGenerateJob = defineJob({
  name: 'report.generate',
  owner: 'user',
  payload: reportGeneratePayload,
  retries: 2,
  handler: () => import('./report-generate.handler'),
});
