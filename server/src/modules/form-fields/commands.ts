import { and, eq, sql } from 'drizzle-orm';
import {
  FORM_FIELD_MSG,
  keyFromLabel,
  room,
  type FormField,
  type FormFieldCreate,
  type FormFieldUpdate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { assetFormFields, patrimonios } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { record, type AuditEntry } from '../audit';
import { HttpError, conflict, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentField } from './presenters';
import { ensureDefaults, listFields, nextPosition } from './queries';
import { installationFields, isInstallationKey } from './installation';

const M = FORM_FIELD_MSG;

const thisRow = (scope: TenantScope, id: number) => and(eq(assetFormFields.id, id), ofTenant(assetFormFields, scope));

/** The audit row (spec §8 texts) and the live event of a change: clients refetch the fields. */
const recordChange = (
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  action: string,
  row: { id: number; label: string } | null,
  details: string,
) => {
  const entry: AuditEntry = {
    action: `FORM_FIELD_${action}`,
    entityType: 'AssetFormField',
    entityId: row?.id ?? null,
    label: row?.label ?? null,
    details,
  };
  const event = liveEvent(room.municipality(scope.municipalityId), 'catalog.changed', { catalog: 'asset-form-fields' });
  return record(tx, out, entry, event);
};

/** Adds a custom field at the end of the form (409 for a taken key). */
export async function createField(tx: Db, out: Outbox, scope: TenantScope, input: FormFieldCreate): Promise<FormField> {
  await ensureDefaults(tx, scope);
  if (await isInstallationKey(tx, input.key ?? keyFromLabel(input.label)))
    throw conflict(M.installationKey, 'DUPLICATE');
  const [row] = await tx
    .insert(assetFormFields)
    .values({
      municipalityId: scope.municipalityId,
      key: input.key ?? keyFromLabel(input.label),
      label: input.label,
      type: input.type,
      required: input.required ?? false,
      isCustom: true,
      isSystem: false,
      options: input.type === 'SELECT' ? (input.options ?? []) : null,
      position: await nextPosition(tx, scope),
    })
    .returning()
    .catch((err) => {
      if (isUniqueViolation(err, 'asset_form_fields_key_uq')) throw conflict(M.keyTaken, 'DUPLICATE');
      throw err;
    });
  await recordChange(tx, out, scope, 'CREATE', row, M.audit.created(row.label));
  return presentField(row);
}

/** Changes a field (a built-in field keeps its type; the system field stays required; 409 when stale). */
export async function updateField(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: FormFieldUpdate,
): Promise<FormField> {
  const old = await lockOwned(tx, assetFormFields, id, scope.municipalityId, input.version, M.notFound);
  if (!old.isCustom && input.type !== undefined && input.type !== old.type)
    throw new HttpError(422, 'UNPROCESSABLE', M.systemType, { type: M.systemType });
  const required = old.isSystem ? true : (input.required ?? old.required);
  const type = input.type ?? old.type;
  const options = type === 'SELECT' ? (input.options === undefined ? old.options : input.options) : null;
  if (type === 'SELECT' && !(options && options.length))
    throw new HttpError(400, 'VALIDATION', 'Informe ao menos uma opção.', { options: 'Informe ao menos uma opção.' });
  const [row] = await tx
    .update(assetFormFields)
    .set({ label: input.label ?? old.label, type, required, options, updatedAt: new Date(), version: old.version + 1 })
    .where(thisRow(scope, id))
    .returning();
  await recordChange(tx, out, scope, 'UPDATE', row, M.audit.updated(row.label));
  return presentField(row);
}

/** Deletes a field and the values assets stored for it (the system field cannot go: 409). */
export async function deleteField(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, assetFormFields, id, scope.municipalityId, undefined, M.notFound);
  if (old.isSystem) throw conflict(M.systemDelete, 'CONFLICT');
  await tx.delete(assetFormFields).where(thisRow(scope, id));
  if (old.isCustom) {
    // Drop the stored values so a later field with the same key starts clean.
    await tx
      .update(patrimonios)
      .set({ customFields: sql`${patrimonios.customFields} - ${old.key}::text` })
      .where(and(ofTenant(patrimonios, scope), sql`${patrimonios.customFields} ? ${old.key}::text`));
  }
  await recordChange(tx, out, scope, 'DELETE', old, M.audit.deleted(old.label));
}

/**
 * Puts the fields in the given order; `ids` must name every field of the municipality once (else 400).
 * Ids of installation-wide fields (listed after the municipality's) may come along and are skipped.
 */
export async function reorderFields(tx: Db, out: Outbox, scope: TenantScope, all: number[]): Promise<FormField[]> {
  await ensureDefaults(tx, scope);
  const installation = new Set((await installationFields(tx)).map((f) => f.id));
  const ids = all.filter((id) => !installation.has(id));
  const rows = await tx.select().from(assetFormFields).where(ofTenant(assetFormFields, scope)).for('update');
  const known = new Set(rows.map((r) => r.id));
  if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((i) => known.has(i)))
    throw new HttpError(400, 'VALIDATION', M.reorderIds, { ids: M.reorderIds });
  for (const [position, id] of ids.entries()) {
    await tx
      .update(assetFormFields)
      .set({ position, updatedAt: new Date(), version: sql`${assetFormFields.version} + 1` })
      .where(thisRow(scope, id));
  }
  await recordChange(tx, out, scope, 'REORDER', null, M.audit.reordered);
  return listFields(tx, scope);
}
