import { exportacaoBody, exportTemplateCreateBody, exportTemplateUpdateBody, idParam } from '@tombo/shared';
import { route } from '../../http/route';
import { requestJob } from '../jobs';
import { createExportTemplate, deleteExportTemplate, updateExportTemplate } from './commands';
import { getExportTemplate, listExportTemplates } from './queries';
import {
  createInstallationTemplate,
  deleteInstallationTemplate,
  listInstallationTemplates,
  updateInstallationTemplate,
} from './installation';
import { allMunicipalities } from '../../tenancy/scope';

const all = allMunicipalities();

const template = { param: 'id', rule: 'exportTemplate.manage' } as const;

/**
 * Data export (spec §2.3 /exportacao, §3 Excel/CSV export template): templates are read by whoever
 * may export (exports:generate) and changed by admin/supervisor (reports:manage_templates).
 */
export const exportacaoRoutes = [
  route({
    method: 'get',
    path: '/export-templates',
    audience: 'municipal',
    permission: 'exports:generate',
    handler: (c) => c.read((tx) => listExportTemplates(tx, c.scope)),
  }),
  route({
    method: 'get',
    path: '/export-templates/:id',
    audience: 'municipal',
    permission: 'exports:generate',
    params: idParam,
    access: { param: 'id', rule: 'exportTemplate.read' },
    handler: async (c) => ({ template: await c.read((tx) => getExportTemplate(tx, c.scope, c.params.id)) }),
  }),
  route({
    method: 'post',
    path: '/export-templates',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    body: exportTemplateCreateBody,
    status: 201,
    handler: async (c) => ({ template: await c.command((tx, out) => createExportTemplate(tx, out, c.scope, c.body)) }),
  }),
  route({
    method: 'put',
    path: '/export-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: template,
    body: exportTemplateUpdateBody,
    handler: async (c) => ({
      template: await c.command((tx, out) => updateExportTemplate(tx, out, c.scope, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'delete',
    path: '/export-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: template,
    status: 204,
    handler: (c) => c.command((tx, out) => deleteExportTemplate(tx, out, c.scope, c.params.id)),
  }),
  route({
    method: 'post',
    path: '/exportacoes',
    audience: 'municipal',
    permission: 'exports:generate',
    body: exportacaoBody,
    status: 202,
    handler: async (c) => {
      const { formato, templateId, filtros } = c.body;
      // The template's columns are copied into the payload: a later edit does not change a queued export.
      const tpl = templateId ? await c.read((tx) => getExportTemplate(tx, c.scope, templateId)) : null;
      const { status, ...rest } = filtros ?? {};
      const job = await requestJob(
        c.ctx,
        { ...c.actor, municipalityId: c.scope.municipalityId },
        {
          name: 'export.dados',
          title: `${tpl ? tpl.name : 'Bens — todas as colunas'} (${formato.toUpperCase()})`,
          // `status` goes back to its query form: the processor parses the payload with the same schema.
          payload: {
            formato,
            filtros: { ...rest, ...(status ? { status: status.join(',') } : {}) },
            columns: tpl ? tpl.columns : null,
            sectorIds: c.scope.sectorIds ? [...c.scope.sectorIds] : null,
          },
          audit: { action: 'EXPORT_REQUEST', entityType: 'ExportTemplate', entityId: tpl?.id, label: tpl?.name },
        },
        c.requestId,
      );
      return { job };
    },
  }),

  // Installation-wide templates (superuser): listed to every municipality as 'modelo do sistema'.
  route({
    method: 'get',
    path: '/superuser/export-templates',
    audience: 'superuser',
    handler: async (c) => {
      const templates = await c.read((tx) => listInstallationTemplates(tx, all));
      return { templates, total: templates.length };
    },
  }),
  route({
    method: 'post',
    path: '/superuser/export-templates',
    audience: 'superuser',
    body: exportTemplateCreateBody,
    status: 201,
    handler: async (c) => ({
      template: await c.command((tx, out) => createInstallationTemplate(tx, out, all, c.body)),
    }),
  }),
  route({
    method: 'put',
    path: '/superuser/export-templates/:id',
    audience: 'superuser',
    params: idParam,
    body: exportTemplateUpdateBody,
    handler: async (c) => ({
      template: await c.command((tx, out) => updateInstallationTemplate(tx, out, all, c.params.id, c.body)),
    }),
  }),
  route({
    method: 'delete',
    path: '/superuser/export-templates/:id',
    audience: 'superuser',
    params: idParam,
    status: 204,
    handler: (c) => c.command((tx, out) => deleteInstallationTemplate(tx, out, all, c.params.id)),
  }),
];
