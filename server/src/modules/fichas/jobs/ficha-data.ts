import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { FICHA_MSG, type FichaTemplate, type Patrimonio } from '@tombo/shared';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { assetFormFields, patrimonioArquivos, patrimonios } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { inScope, ofTenant, type TenantScope } from '../../../tenancy/scope';
import { fileFolder } from '../../../uploads';
import { getPatrimonio } from '../../patrimonios';
import { getFichaTemplate } from '../queries';

const fotos = fileFolder(path.join('files', 'patrimonios'));
/** A photo larger than this is left out of the sheet (it would swell the PDF; uploads are re-encoded smaller). */
const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/** One page of the sheet: the asset, its first photo (inline) and the custom fields' labels. */
export interface FichaPage {
  asset: Patrimonio;
  photo: string | null;
}
export interface FichaData {
  template: FichaTemplate;
  pages: FichaPage[];
  customLabels: Map<string, string>;
}

/** The first photo of an asset as a data: URL (render pages refuse network requests), or null. */
async function photoOf(tx: Db, config: Pick<Config, 'dataDir'>, patrimonioId: number): Promise<string | null> {
  const [f] = await tx
    .select({ storedPath: patrimonioArquivos.storedPath, mimeType: patrimonioArquivos.mimeType })
    .from(patrimonioArquivos)
    .where(and(eq(patrimonioArquivos.patrimonioId, patrimonioId), eq(patrimonioArquivos.kind, 'foto')))
    .orderBy(asc(patrimonioArquivos.createdAt))
    .limit(1);
  const abs = f ? fotos.resolve(config, f.storedPath) : null;
  if (!f || !abs || !/^image\/(png|jpe?g|webp|gif)$/.test(f.mimeType)) return null;
  const bytes = await fsp.readFile(abs).catch(() => null);
  if (!bytes || bytes.length > PHOTO_MAX_BYTES) return null;
  return `data:${f.mimeType};base64,${bytes.toString('base64')}`;
}

/**
 * Everything the sheets print, under the requester's scope: an asset they may not read (or gone)
 * answers 404, so the job fails with a clear reason instead of printing a partial set silently.
 */
export async function loadFichaData(
  tx: Db,
  scope: TenantScope,
  config: Pick<Config, 'dataDir'>,
  templateId: number | null,
  ids: readonly number[],
): Promise<FichaData> {
  const template = await getFichaTemplate(tx, scope, templateId);
  const rows = await tx
    .select({ id: patrimonios.id, sectorId: patrimonios.sectorId })
    .from(patrimonios)
    .where(and(ofTenant(patrimonios, scope), inArray(patrimonios.id, [...ids])));
  const visible = new Set(rows.filter((r) => inScope(scope, r.sectorId)).map((r) => r.id));
  if (ids.some((id) => !visible.has(id))) throw notFound(FICHA_MSG.patrimonioNotFound);
  const pages: FichaPage[] = [];
  for (const id of ids) {
    const asset = await getPatrimonio(tx, scope, id);
    pages.push({ asset, photo: template.showPhoto ? await photoOf(tx, config, id) : null });
  }
  const fields = await tx
    .select({ key: assetFormFields.key, label: assetFormFields.label })
    .from(assetFormFields)
    .where(and(ofTenant(assetFormFields, scope), eq(assetFormFields.isCustom, true)));
  return { template, pages, customLabels: new Map(fields.map((f) => [f.key, f.label])) };
}
