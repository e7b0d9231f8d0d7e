import { and, asc, desc, eq } from 'drizzle-orm';
import { FICHA_MSG, type FichaTemplate, type FichaTemplateList } from '@tombo/shared';
import type { Db } from '../../db/client';
import { fichaTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentFichaTemplate } from './presenters';

/** The municipality's record-sheet templates, the default first, then by name. */
export async function listFichaTemplates(tx: Db, scope: TenantScope): Promise<FichaTemplateList> {
  const rows = await tx
    .select()
    .from(fichaTemplates)
    .where(ofTenant(fichaTemplates, scope))
    .orderBy(desc(fichaTemplates.isDefault), asc(fichaTemplates.name));
  return { templates: rows.map(presentFichaTemplate), total: rows.length };
}

/** One template (404 for another municipality's), or the default one when no id is given. */
export async function getFichaTemplate(tx: Db, scope: TenantScope, id?: number | null): Promise<FichaTemplate> {
  const where =
    id != null
      ? and(ofTenant(fichaTemplates, scope), eq(fichaTemplates.id, id))
      : and(ofTenant(fichaTemplates, scope), eq(fichaTemplates.isDefault, true));
  const [row] = await tx.select().from(fichaTemplates).where(where).limit(1);
  if (row) return presentFichaTemplate(row);
  if (id != null) throw notFound(FICHA_MSG.notFound);
  // No default (deleted): the oldest template stands in.
  const [first] = await tx
    .select()
    .from(fichaTemplates)
    .where(ofTenant(fichaTemplates, scope))
    .orderBy(asc(fichaTemplates.id))
    .limit(1);
  if (!first) throw notFound(FICHA_MSG.noDefault);
  return presentFichaTemplate(first);
}
