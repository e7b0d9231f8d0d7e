import fsp from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { prefeituraOf } from '@tombo/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { logger } from '../../logger';
import { isImageDataUrl, type Branding } from '../../render/branding';
import type { TenantScope } from '../../tenancy/scope';
import { customizationFiles, storedOf } from './files';
import { municipalSettings } from './queries';

/** Printed at most 16 mm high (header) or a label's box: 600 px is over 900 dpi there, and keeps pages small. */
const LOGO_MAX_PX = 600;

/**
 * The logo as a page can print it: the stored upload (an `/api/customization/files/…` path) read, scaled
 * down and inlined as a PNG data: URL; an inline raster data: URL as it is; anything else (or a file that
 * is gone or unreadable) null, and the header prints the name alone.
 */
async function printableLogo(config: Pick<Config, 'dataDir'>, value: unknown): Promise<string | null> {
  if (typeof value !== 'string' || !value) return null;
  if (isImageDataUrl(value)) return value;
  const stored = storedOf(value);
  const file = stored && customizationFiles.resolve(config, stored);
  if (!file) return null;
  try {
    const png = await sharp(await fsp.readFile(file))
      .resize(LOGO_MAX_PX, LOGO_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch (err) {
    logger.warn({ err, file: stored }, 'logotipo não pôde ser lido para impressão');
    return null;
  }
}

/** The branding of the scope's municipality (its customization over the defaults), logo included. */
export async function loadBranding(tx: Db, scope: TenantScope, config: Pick<Config, 'dataDir'>): Promise<Branding> {
  const res = await tx.execute(sql`select name from municipalities where id = ${scope.municipalityId}`);
  const [m] = (res as unknown as { rows: Array<{ name: string }> }).rows;
  const s = await municipalSettings(tx, scope);
  const municipio = m?.name ?? '';
  return {
    municipio,
    prefeitura: s.prefeituraName?.trim() || prefeituraOf(municipio),
    secretaria: s.secretariaResponsavel?.trim() ?? '',
    departamento: s.departamentoResponsavel?.trim() ?? '',
    primaryColor: s.primaryColor ?? '#1f4e79',
    logo: await printableLogo(config, s.activeLogoUrl),
  };
}
