import {
  idParam,
  relatorioGenerateBody,
  relatorioPreviewQuery,
  reportConfigCreateBody,
  reportConfigUpdateBody,
  reportTemplateCreateBody,
  reportTemplateUpdateBody,
} from '@tombo/shared';
import { route } from '../../http/route';
import { createJob, enqueueJob } from '../jobs';
import {
  createReportConfig,
  createReportTemplate,
  deleteReportConfig,
  deleteReportTemplate,
  updateReportConfig,
  updateReportTemplate,
} from './commands';
import { getReportConfig, getReportTemplate, listReportConfigs, listReportTemplates } from './queries';
import { previewReport } from './report';

/**
 * Reports (spec §2.3 /relatorios…): templates read by whoever may generate (`exports:generate`) and
 * managed with `reports:manage_templates`; saved configs are the caller's own; generation is a job.
 */
export const relatorioRoutes = [
  route({
    method: 'get',
    path: '/report-templates',
    audience: 'municipal',
    permission: 'exports:generate',
    handler: (c) => c.read((tx) => listReportTemplates(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/report-templates/:id',
    audience: 'municipal',
    permission: 'exports:generate',
    params: idParam,
    access: { param: 'id', rule: 'reportTemplate.read' },
    handler: async (c) => ({ template: await c.read((tx) => getReportTemplate(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/report-templates',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    body: reportTemplateCreateBody,
    status: 201,
    handler: async (c) => ({
      template: await c.command((tx, out) => createReportTemplate(tx, out, c.scope, c.body)),
    }),
  }),
  route({
    method: 'put',
    path: '/report-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: { param: 'id', rule: 'reportTemplate.manage' },
    body: reportTemplateUpdateBody,
    handler: async (c) => ({
      template: await c.command((tx, out) => updateReportTemplate(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'delete',
    path: '/report-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: { param: 'id', rule: 'reportTemplate.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteReportTemplate(tx, out, c.scope, c.params.id)),
  }),
  route({
    method: 'get',
    path: '/report-configs',
    audience: 'municipal',
    permission: 'exports:generate',
    handler: (c) => c.read((tx) => listReportConfigs(tx, c.scope, c.principal.id)),
  }),
  route({
    method: 'get',
    path: '/report-configs/:id',
    audience: 'municipal',
    permission: 'exports:generate',
    params: idParam,
    access: { param: 'id', rule: 'reportConfig.own' },
    handler: async (c) => ({ config: await c.read((tx) => getReportConfig(tx, c.scope, c.principal.id, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/report-configs',
    audience: 'municipal',
    permission: 'exports:generate',
    body: reportConfigCreateBody,
    status: 201,
    handler: async (c) => ({
      config: await c.command((tx, out) => createReportConfig(tx, out, c.scope, c.principal.id, c.body)),
    }),
  }),
  route({
    method: 'put',
    path: '/report-configs/:id',
    audience: 'municipal',
    permission: 'exports:generate',
    params: idParam,
    access: { param: 'id', rule: 'reportConfig.own' },
    body: reportConfigUpdateBody,
    handler: async (c) => ({
      config: await c.command((tx, out) => updateReportConfig(tx, out, c.scope, c.principal.id, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'delete',
    path: '/report-configs/:id',
    audience: 'municipal',
    permission: 'exports:generate',
    params: idParam,
    access: { param: 'id', rule: 'reportConfig.own' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteReportConfig(tx, out, c.scope, c.principal.id, c.params.id)),
  }),
  route({
    method: 'get',
    path: '/relatorios/preview',
    audience: 'municipal',
    permission: 'exports:generate',
    query: relatorioPreviewQuery,
    handler: (c) => {
      const { templateId, ...filtros } = c.query;
      return c.read((tx) => previewReport(tx, c.scope, templateId, filtros));
    },
  }),
  route({
    method: 'post',
    path: '/relatorios',
    audience: 'municipal',
    permission: 'exports:generate',
    body: relatorioGenerateBody,
    status: 202,
    handler: async (c) => {
      const { templateId, filtros } = c.body;
      const row = await c.command(async (tx, out) => {
        const template = await getReportTemplate(tx, c.scope, templateId);
        return createJob(tx, out, c.scope, {
          ownerId: c.principal.id,
          name: 'report.generate',
          title: `Relatório — ${template.name} (PDF)`,
          // The requester's sectors come from the principal, never from the client.
          payload: { templateId, filtros: filtros ?? {}, sectorIds: c.scope.sectorIds ? [...c.scope.sectorIds] : null },
          audit: {
            action: 'REPORT_GENERATE',
            entityType: 'ReportTemplate',
            entityId: templateId,
            label: template.name,
          },
        });
      });
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
];
