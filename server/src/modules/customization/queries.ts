import { isNull, type SQL } from 'drizzle-orm';
import type { Customization } from '@tombo/shared';
import type { Db } from '../../db/client';
import { customizations } from '../../db/schema';
import { isAll, ofTenant, type AllMunicipalities, type Tenancy, type TenantScope } from '../../tenancy/scope';
import { storedSettings } from './presenters';

/** The one row of a target: the installation's (no municipality) or the scope's municipality's. */
export const rowOf = (target: Tenancy): SQL | undefined =>
  isAll(target) ? isNull(customizations.municipalityId) : ofTenant(customizations, target);

/** The stored settings of one target (the installation's or a municipality's own). */
export async function settingsOf(tx: Db, target: Tenancy): Promise<Partial<Customization>> {
  const [row] = await tx.select({ settings: customizations.settings }).from(customizations).where(rowOf(target));
  return row ? storedSettings(row.settings) : {};
}

/**
 * The installation-wide settings (the login page's). Their row belongs to no municipality, so only a
 * transaction over all municipalities sees it: the caller shows it holds one.
 */
export const installationSettings = (tx: Db, all: AllMunicipalities) => settingsOf(tx, all);

/** The municipality's own settings (over the installation's). */
export const municipalSettings = (tx: Db, scope: TenantScope) => settingsOf(tx, scope);
