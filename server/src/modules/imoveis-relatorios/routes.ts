import {
  idParam,
  imovelReportGenerateBody,
  imovelReportTemplateCreateBody,
  imovelReportTemplateUpdateBody,
} from '@tombo/shared';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { createJob, enqueueJob } from '../jobs';
import { createImovelReportTemplate, deleteImovelReportTemplate, updateImovelReportTemplate } from './commands';
import { getImovelReportTemplate, listImovelReportFields, listImovelReportTemplates } from './queries';

const FORMATO = { pdf: 'PDF', xlsx: 'XLSX' } as const;

/**
 * Property reports (spec §2.3 /imoveis/relatorios/templates…): templates read with `imoveis:read`,
 * changed with `reports:manage_templates`; generation (`exports:generate` and `imoveis:read`) is a job.
 */
export const imovelRelatorioRoutes = [
  route({
    method: 'get',
    path: '/imovel-report-fields',
    audience: 'municipal',
    permission: 'imoveis:read',
    handler: (c) => c.read((tx) => listImovelReportFields(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/imovel-report-templates',
    audience: 'municipal',
    permission: 'imoveis:read',
    handler: (c) => c.read((tx) => listImovelReportTemplates(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/imovel-report-templates/:id',
    audience: 'municipal',
    permission: 'imoveis:read',
    params: idParam,
    access: { param: 'id', rule: 'imovelReportTemplate.read' },
    handler: async (c) => ({ template: await c.read((tx) => getImovelReportTemplate(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/imovel-report-templates',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    body: imovelReportTemplateCreateBody,
    status: 201,
    handler: async (c) => ({
      template: await c.command((tx, out) => createImovelReportTemplate(tx, out, c.scope, c.body)),
    }),
  }),
  route({
    method: 'put',
    path: '/imovel-report-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: { param: 'id', rule: 'imovelReportTemplate.manage' },
    body: imovelReportTemplateUpdateBody,
    handler: async (c) => ({
      template: await c.command((tx, out) => updateImovelReportTemplate(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'delete',
    path: '/imovel-report-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: { param: 'id', rule: 'imovelReportTemplate.manage' },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteImovelReportTemplate(tx, out, c.scope, c.params.id)),
  }),
  route({
    method: 'post',
    path: '/imoveis/relatorios',
    audience: 'municipal',
    permission: 'exports:generate',
    body: imovelReportGenerateBody,
    status: 202,
    handler: async (c) => {
      // Generating reads the register: a role whose imoveis:read was taken away may not print it.
      if (!c.principal.permissions.includes('imoveis:read')) throw forbidden();
      const { templateId, formato, filtros } = c.body;
      const row = await c.command(async (tx, out) => {
        const template = await getImovelReportTemplate(tx, c.scope, templateId);
        return createJob(tx, out, c.scope, {
          ownerId: c.principal.id,
          name: 'imovel-report.generate',
          title: `Relatório de imóveis — ${template.name} (${FORMATO[formato]})`,
          payload: { templateId, formato, filtros: filtros ?? {} },
          audit: {
            action: 'IMOVEL_REPORT_GENERATE',
            entityType: 'ImovelReportTemplate',
            entityId: templateId,
            label: template.name,
          },
        });
      });
      return { job: await enqueueJob(c.ctx, c.scope, row, c.requestId) };
    },
  }),
];
