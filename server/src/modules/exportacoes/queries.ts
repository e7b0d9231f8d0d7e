import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { EXPORT_MSG, type ExportTemplate, type ExportTemplateList } from '@tombo/shared';
import type { Db } from '../../db/client';
import { exportTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentExportTemplate } from './presenters';

/** The municipality's own templates and the installation's ('modelo do sistema', municipalityId null). */
const usable = (scope: TenantScope) => or(ofTenant(exportTemplates, scope), isNull(exportTemplates.municipalityId));

/** The municipality's export templates by name, then the installation's by name. */
export async function listExportTemplates(tx: Db, scope: TenantScope): Promise<ExportTemplateList> {
  const rows = await tx
    .select()
    .from(exportTemplates)
    .where(usable(scope))
    .orderBy(sql`${exportTemplates.municipalityId} is null`, asc(exportTemplates.name));
  return { templates: rows.map(presentExportTemplate), total: rows.length };
}

/** One template the scope may use (its own or the installation's); another municipality's is a 404. */
export async function getExportTemplate(tx: Db, scope: TenantScope, id: number): Promise<ExportTemplate> {
  const [row] = await tx
    .select()
    .from(exportTemplates)
    .where(and(eq(exportTemplates.id, id), usable(scope)));
  if (!row) throw notFound(EXPORT_MSG.notFound);
  return presentExportTemplate(row);
}
