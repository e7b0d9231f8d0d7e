import { z } from 'zod';
import { idNumber, imovelReportFiltros } from '@tombo/shared';
import { defineJob } from '../../../jobs/define';

/** Which template, format and filters (the request's; the template's own are applied by the handler). */
export const imovelReportGeneratePayload = z.strictObject({
  templateId: idNumber(),
  formato: z.enum(['pdf', 'xlsx']),
  filtros: imovelReportFiltros.default({}),
});
export type ImovelReportGeneratePayload = z.output<typeof imovelReportGeneratePayload>;

/** `imovel-report.generate`: a property report template as PDF (the reports' Chromium engine) or XLSX (streamed). */
export const imovelReportGenerateJob = defineJob({
  name: 'imovel-report.generate',
  owner: 'user',
  payload: imovelReportGeneratePayload,
  retries: 2,
  handler: () => import('./imovel-report-generate.handler'),
});
