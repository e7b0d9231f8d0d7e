import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ETIQUETA_MSG, type LabelTemplate, type PatrimonioFilters } from '@tombo/shared';
import type { Db } from '../../db/client';
import { etiquetaTemplates, patrimonios } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { filterWhere } from '../patrimonios';
import { presentLabelTemplate } from './presenters';

/** The municipality's label templates, the default first, then by name. */
export async function listLabelTemplates(tx: Db, scope: TenantScope): Promise<LabelTemplate[]> {
  const rows = await tx
    .select()
    .from(etiquetaTemplates)
    .where(ofTenant(etiquetaTemplates, scope))
    .orderBy(desc(etiquetaTemplates.isDefault), asc(sql`lower(${etiquetaTemplates.name})`));
  return rows.map(presentLabelTemplate);
}

/** One label template of the scope's municipality (404 otherwise). */
export async function getLabelTemplate(tx: Db, scope: TenantScope, id: number): Promise<LabelTemplate> {
  const [row] = await tx
    .select()
    .from(etiquetaTemplates)
    .where(and(ofTenant(etiquetaTemplates, scope), eq(etiquetaTemplates.id, id)));
  if (!row) throw notFound(ETIQUETA_MSG.notFound);
  return presentLabelTemplate(row);
}

/** Where the assets to label come from: selected ids, the list filters, or a range of numbers. */
export type LabelSource =
  | { patrimonioIds: number[]; filtros?: undefined; faixa?: undefined }
  | { filtros: PatrimonioFilters; patrimonioIds?: undefined; faixa?: undefined }
  | { faixa: { de: string; ate: string }; patrimonioIds?: undefined; filtros?: undefined };

/** WHERE of the assets of a source, within the scope (municipality and, for a usuario, its sectors). */
export async function labelSourceWhere(tx: Db, scope: TenantScope, source: LabelSource): Promise<SQL> {
  if (source.filtros) return filterWhere(tx, scope, source.filtros);
  const base = await filterWhere(tx, scope, {});
  if (source.patrimonioIds) return and(base, inArray(patrimonios.id, source.patrimonioIds))!;
  // Numbers compare as bytes (collate C): a pattern's numbers have a fixed width, so that order is theirs.
  return and(
    base,
    sql`${patrimonios.numeroPatrimonio} collate "C" >= ${source.faixa.de}`,
    sql`${patrimonios.numeroPatrimonio} collate "C" <= ${source.faixa.ate}`,
  )!;
}

/** How many assets a source names (capped at `cap`). */
export async function countLabelAssets(tx: Db, where: SQL, cap: number): Promise<number> {
  const rows = await tx.select({ id: patrimonios.id }).from(patrimonios).where(where).limit(cap);
  return rows.length;
}

/** The assets of a source in number order (at most `cap`), with the values their labels print. */
export async function loadLabelAssets(
  tx: Db,
  where: SQL,
  cap: number,
): Promise<Array<typeof patrimonios.$inferSelect>> {
  return tx
    .select()
    .from(patrimonios)
    .where(where)
    .orderBy(sql`${patrimonios.numeroPatrimonio} collate "C"`)
    .limit(cap);
}
