import { and, asc, eq } from 'drizzle-orm';
import {
  IMOVEL_CUSTOM_PREFIX,
  IMOVEL_RELATORIO_MSG,
  IMOVEL_REPORT_COLUMNS,
  type ImovelReportField,
  type ImovelReportFieldList,
  type ImovelReportTemplate,
  type ImovelReportTemplateList,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { imovelFields, imovelReportTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentImovelReportTemplate, type ImovelReportTemplateRow } from './presenters';

/** The municipality's property report templates, by name. */
export async function listImovelReportTemplates(tx: Db, scope: TenantScope): Promise<ImovelReportTemplateList> {
  const rows = await tx
    .select()
    .from(imovelReportTemplates)
    .where(ofTenant(imovelReportTemplates, scope))
    .orderBy(asc(imovelReportTemplates.name), asc(imovelReportTemplates.id));
  return { templates: rows.map(presentImovelReportTemplate), total: rows.length };
}

/** One template row of the municipality, or 404. */
export async function findImovelReportTemplate(
  tx: Db,
  scope: TenantScope,
  id: number,
): Promise<ImovelReportTemplateRow> {
  const [row] = await tx
    .select()
    .from(imovelReportTemplates)
    .where(and(eq(imovelReportTemplates.id, id), ofTenant(imovelReportTemplates, scope)));
  if (!row) throw notFound(IMOVEL_RELATORIO_MSG.templateNotFound);
  return row;
}

/** One template of the municipality, or 404. */
export const getImovelReportTemplate = async (tx: Db, scope: TenantScope, id: number): Promise<ImovelReportTemplate> =>
  presentImovelReportTemplate(await findImovelReportTemplate(tx, scope, id));

/** The municipality's custom property fields (`imovel_fields` with is_custom), in form order. */
export async function customImovelFields(tx: Db, scope: TenantScope) {
  return tx
    .select({ key: imovelFields.key, label: imovelFields.label, type: imovelFields.type })
    .from(imovelFields)
    .where(and(ofTenant(imovelFields, scope), eq(imovelFields.isCustom, true)))
    .orderBy(asc(imovelFields.position), asc(imovelFields.id));
}

/** The kind of a custom field's column (NUMBER → number, DATE → date, else text). */
export const customKind = (type: string): ImovelReportField['kind'] =>
  type === 'DATE' ? 'date' : type === 'NUMBER' ? 'number' : 'text';

/** GET /api/imovel-report-fields: the register's columns, then the municipality's custom fields. */
export async function listImovelReportFields(tx: Db, scope: TenantScope): Promise<ImovelReportFieldList> {
  const custom = await customImovelFields(tx, scope);
  return {
    fields: [
      ...IMOVEL_REPORT_COLUMNS.map((c) => ({ key: c.key, label: c.label, kind: c.kind, custom: false })),
      ...custom.map((f) => ({
        key: `${IMOVEL_CUSTOM_PREFIX}${f.key}`,
        label: f.label,
        kind: customKind(f.type),
        custom: true,
      })),
    ],
  };
}
