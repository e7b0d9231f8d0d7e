import { and, asc, eq } from 'drizzle-orm';
import { RELATORIO_MSG, type ReportConfig, type ReportTemplate, type ReportTemplateList } from '@tombo/shared';
import type { Db } from '../../db/client';
import { relatorioConfigs, relatorioTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentReportConfig, presentReportTemplate, type ReportTemplateRow } from './presenters';

/** The municipality's report templates, by name. */
export async function listReportTemplates(tx: Db, scope: TenantScope): Promise<ReportTemplateList> {
  const rows = await tx
    .select()
    .from(relatorioTemplates)
    .where(ofTenant(relatorioTemplates, scope))
    .orderBy(asc(relatorioTemplates.name), asc(relatorioTemplates.id));
  return { templates: rows.map(presentReportTemplate), total: rows.length };
}

/** One template row of the municipality, or 404. */
export async function findReportTemplate(tx: Db, scope: TenantScope, id: number): Promise<ReportTemplateRow> {
  const [row] = await tx
    .select()
    .from(relatorioTemplates)
    .where(and(eq(relatorioTemplates.id, id), ofTenant(relatorioTemplates, scope)));
  if (!row) throw notFound(RELATORIO_MSG.templateNotFound);
  return row;
}

/** One template of the municipality, or 404. */
export const getReportTemplate = async (tx: Db, scope: TenantScope, id: number): Promise<ReportTemplate> =>
  presentReportTemplate(await findReportTemplate(tx, scope, id));

const configSelect = { c: relatorioConfigs, templateName: relatorioTemplates.name };

/** The caller's saved report configs, by name. */
export async function listReportConfigs(tx: Db, scope: TenantScope, userId: number) {
  const rows = await tx
    .select(configSelect)
    .from(relatorioConfigs)
    .innerJoin(relatorioTemplates, eq(relatorioTemplates.id, relatorioConfigs.templateId))
    .where(and(ofTenant(relatorioConfigs, scope), eq(relatorioConfigs.userId, userId)))
    .orderBy(asc(relatorioConfigs.name), asc(relatorioConfigs.id));
  const configs = rows.map((r) => presentReportConfig(r.c, r.templateName));
  return { configs, total: configs.length };
}

/** One config of the caller (another user's, or another municipality's: 404). */
export async function getReportConfig(tx: Db, scope: TenantScope, userId: number, id: number): Promise<ReportConfig> {
  const [r] = await tx
    .select(configSelect)
    .from(relatorioConfigs)
    .innerJoin(relatorioTemplates, eq(relatorioTemplates.id, relatorioConfigs.templateId))
    .where(and(eq(relatorioConfigs.id, id), ofTenant(relatorioConfigs, scope), eq(relatorioConfigs.userId, userId)));
  if (!r) throw notFound(RELATORIO_MSG.configNotFound);
  return presentReportConfig(r.c, r.templateName);
}
