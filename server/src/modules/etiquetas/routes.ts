import {
  ETIQUETA_MSG,
  gerarEtiquetasBody,
  idParam,
  LABELS_MAX,
  labelTemplateCreateBody,
  labelTemplateUpdateBody,
  LayoutError,
  sheetGeometry,
} from '@tombo/shared';
import { route } from '../../http/route';
import { badRequest, notFound } from '../../http/errors';
import { requestJob } from '../jobs';
import { createLabelTemplate, deleteLabelTemplate, updateLabelTemplate } from './commands';
import { countLabelAssets, getLabelTemplate, labelSourceWhere, listLabelTemplates } from './queries';

const strip = <T extends { municipalityId?: unknown }>({ municipalityId: _m, ...rest }: T) => rest;

/** Label templates (spec §7) and label generation (POST /api/etiquetas → 202 { job }). */
export const etiquetaRoutes = [
  route({
    method: 'get',
    path: '/label-templates',
    audience: 'municipal',
    permission: 'exports:generate',
    handler: async (c) => {
      const templates = await c.read((tx) => listLabelTemplates(tx, c.scope));
      return { templates, total: templates.length };
    },
  }),
  route({
    method: 'post',
    path: '/label-templates',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    body: labelTemplateCreateBody,
    status: 201,
    handler: async (c) => ({
      template: await c.command((tx, out) => createLabelTemplate(tx, out, c.scope, strip(c.body))),
    }),
  }),
  route({
    method: 'put',
    path: '/label-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: { param: 'id', rule: 'labelTemplate.manage', message: ETIQUETA_MSG.notFound },
    body: labelTemplateUpdateBody,
    handler: async (c) => ({
      template: await c.command((tx, out) => updateLabelTemplate(tx, out, c.scope, c.params.id, strip(c.body))),
    }),
  }),
  route({
    method: 'delete',
    path: '/label-templates/:id',
    audience: 'municipal',
    permission: 'reports:manage_templates',
    params: idParam,
    access: { param: 'id', rule: 'labelTemplate.manage', message: ETIQUETA_MSG.notFound },
    status: 204,
    handler: (c) => c.command((tx, out) => deleteLabelTemplate(tx, out, c.scope, c.params.id)),
  }),
  route({
    method: 'post',
    path: '/etiquetas',
    audience: 'municipal',
    permission: 'exports:generate',
    body: gerarEtiquetasBody,
    status: 202,
    handler: async (c) => {
      const { templateId, layout, patrimonioIds, faixa } = c.body;
      // The list filters go back to their query form: the job parses its payload with the same schema.
      const filtros = c.body.filtros && {
        ...c.body.filtros,
        status: c.body.filtros.status?.join(',') || undefined,
      };
      const template = await c.read(async (tx) => {
        const t = await getLabelTemplate(tx, c.scope, templateId);
        const where = await labelSourceWhere(
          tx,
          c.scope,
          patrimonioIds ? { patrimonioIds } : faixa ? { faixa } : { filtros: c.body.filtros ?? {} },
        );
        const n = await countLabelAssets(tx, where, LABELS_MAX + 1);
        // A selected asset of another municipality or (usuario) another sector: 404, like any record.
        if (patrimonioIds && n < new Set(patrimonioIds).size) throw notFound(ETIQUETA_MSG.assetNotFound);
        if (n === 0) throw badRequest(ETIQUETA_MSG.noAssets);
        if (n > LABELS_MAX) throw badRequest(ETIQUETA_MSG.tooMany(LABELS_MAX));
        return t;
      });
      if (layout.tipo === 'folha') {
        try {
          sheetGeometry(layout, template);
        } catch (err) {
          if (err instanceof LayoutError) throw badRequest(err.message, { [err.field]: err.message });
          throw err;
        }
      }
      const job = await requestJob(
        c.ctx,
        { ...c.actor, municipalityId: c.scope.municipalityId },
        {
          name: 'labels.generate',
          title: `Etiquetas — ${template.name} (${layout.tipo === 'zpl' || layout.tipo === 'epl' ? layout.tipo.toUpperCase() : 'PDF'})`,
          payload: {
            template: {
              id: template.id,
              name: template.name,
              width: template.width,
              height: template.height,
              elements: template.elements,
            },
            patrimonioIds,
            filtros,
            faixa,
            layout,
            // The requester's sectors come from the principal, never from the client.
            sectorIds: c.scope.sectorIds ? [...c.scope.sectorIds] : null,
          },
          audit: {
            action: 'LABELS_GENERATE',
            entityType: 'LabelTemplate',
            entityId: template.id,
            label: template.name,
          },
        },
        c.requestId,
      );
      return { job };
    },
  }),
];
