import { and, asc, eq } from 'drizzle-orm';
import { EXPORT_MSG, type ExportTemplate, type ExportTemplateList } from '@tombo/shared';
import type { Db } from '../../db/client';
import { exportTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentExportTemplate } from './presenters';

/** The municipality's export templates by name. */
export async function listExportTemplates(tx: Db, scope: TenantScope): Promise<ExportTemplateList> {
  const rows = await tx
    .select()
    .from(exportTemplates)
    .where(ofTenant(exportTemplates, scope))
    .orderBy(asc(exportTemplates.name));
  return { templates: rows.map(presentExportTemplate), total: rows.length };
}

/** One template of the scope's municipality; another municipality's is a 404. */
export async function getExportTemplate(tx: Db, scope: TenantScope, id: number): Promise<ExportTemplate> {
  const [row] = await tx
    .select()
    .from(exportTemplates)
    .where(and(eq(exportTemplates.id, id), ofTenant(exportTemplates, scope)));
  if (!row) throw notFound(EXPORT_MSG.notFound);
  return presentExportTemplate(row);
}
