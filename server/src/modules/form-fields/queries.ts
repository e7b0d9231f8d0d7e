import { asc, sql } from 'drizzle-orm';
import { DEFAULT_ASSET_FORM_FIELDS, type FormField } from '@tombo/shared';
import type { Db } from '../../db/client';
import { assetFormFields } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentField } from './presenters';
import { installationFields } from './installation';

/**
 * Gives a municipality with no stored fields the defaults of spec §3. Idempotent (a concurrent first
 * read inserts nothing twice); not a user's change, so no audit row and no event.
 */
export async function ensureDefaults(tx: Db, scope: TenantScope): Promise<void> {
  const n = await tx.$count(assetFormFields, ofTenant(assetFormFields, scope));
  if (n > 0) return;
  await tx
    .insert(assetFormFields)
    .values(DEFAULT_ASSET_FORM_FIELDS.map((f, i) => ({ ...f, municipalityId: scope.municipalityId, position: i })))
    .onConflictDoNothing();
}

/** The municipality's own asset form fields in form order (the defaults on first use). */
export async function ownFields(tx: Db, scope: TenantScope): Promise<FormField[]> {
  await ensureDefaults(tx, scope);
  const rows = await tx
    .select()
    .from(assetFormFields)
    .where(ofTenant(assetFormFields, scope))
    .orderBy(asc(assetFormFields.position), asc(assetFormFields.id));
  return rows.map((r) => ({ ...presentField(r), origin: 'municipality' as const }));
}

/**
 * The asset form of a municipality: its own fields, then the installation-wide ones (superuser) whose
 * key it does not use itself (its own definition wins on a clash), numbered on after its own.
 */
export async function listFields(tx: Db, scope: TenantScope): Promise<FormField[]> {
  const own = await ownFields(tx, scope);
  const keys = new Set(own.map((f) => f.key));
  const extra = (await installationFields(tx)).filter((f) => !keys.has(f.key));
  return [...own, ...extra.map((f, i) => ({ ...f, position: own.length + i }))];
}

/** The position after the municipality's last field. */
export async function nextPosition(tx: Db, scope: TenantScope): Promise<number> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${assetFormFields.position}) + 1, 0)::int` })
    .from(assetFormFields)
    .where(ofTenant(assetFormFields, scope));
  return next;
}

/** What an asset's values are checked against: the custom fields, and whether `tipo` is required. */
export interface FieldRules {
  custom: FormField[];
  /** Whether the built-in `tipo` field is present and required. */
  tipoRequired: boolean;
}

/** The municipality's rules for an asset's custom values (see `checkCustomValues`). */
export async function fieldRules(tx: Db, scope: TenantScope): Promise<FieldRules> {
  const fields = await listFields(tx, scope);
  return { custom: fields.filter((f) => f.isCustom), tipoRequired: fields.some((f) => f.key === 'tipo' && f.required) };
}
