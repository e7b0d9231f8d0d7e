import { and, asc, eq } from 'drizzle-orm';
import { RELATORIO_MSG, type ReportConfig, type ReportTemplate, type ReportTemplateList } from '@tombo/shared';
import type { Db } from '../../db/client';
import { reportConfigs, reportTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentReportConfig, presentReportTemplate, type ReportTemplateRow } from './presenters';

/** The municipality's report templates, by name. */
export async function listReportTemplates(tx: Db, scope: TenantScope): Promise<ReportTemplateList> {
  const rows = await tx
    .select()
    .from(reportTemplates)
    .where(ofTenant(reportTemplates, scope))
    .orderBy(asc(reportTemplates.name), asc(reportTemplates.id));
  return { templates: rows.map(presentReportTemplate), total: rows.length };
}

/** One template row of the municipality, or 404. */
export async function findReportTemplate(tx: Db, scope: TenantScope, id: number): Promise<ReportTemplateRow> {
  const [row] = await tx
    .select()
    .from(reportTemplates)
    .where(and(eq(reportTemplates.id, id), ofTenant(reportTemplates, scope)));
  if (!row) throw notFound(RELATORIO_MSG.templateNotFound);
  return row;
}

/** One template of the municipality, or 404. */
export const getReportTemplate = async (tx: Db, scope: TenantScope, id: number): Promise<ReportTemplate> =>
  presentReportTemplate(await findReportTemplate(tx, scope, id));

const configSelect = { c: reportConfigs, templateName: reportTemplates.name };

/** The caller's saved report configs, by name. */
export async function listReportConfigs(tx: Db, scope: TenantScope, userId: number) {
  const rows = await tx
    .select(configSelect)
    .from(reportConfigs)
    .innerJoin(reportTemplates, eq(reportTemplates.id, reportConfigs.templateId))
    .where(and(ofTenant(reportConfigs, scope), eq(reportConfigs.userId, userId)))
    .orderBy(asc(reportConfigs.name), asc(reportConfigs.id));
  const configs = rows.map((r) => presentReportConfig(r.c, r.templateName));
  return { configs, total: configs.length };
}

/** One config of the caller (another user's, or another municipality's: 404). */
export async function getReportConfig(tx: Db, scope: TenantScope, userId: number, id: number): Promise<ReportConfig> {
  const [r] = await tx
    .select(configSelect)
    .from(reportConfigs)
    .innerJoin(reportTemplates, eq(reportTemplates.id, reportConfigs.templateId))
    .where(and(eq(reportConfigs.id, id), ofTenant(reportConfigs, scope), eq(reportConfigs.userId, userId)));
  if (!r) throw notFound(RELATORIO_MSG.configNotFound);
  return presentReportConfig(r.c, r.templateName);
}
