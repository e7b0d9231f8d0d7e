import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  FORM_FIELD_MSG,
  keyFromLabel,
  room,
  type FormField,
  type FormFieldCreate,
  type FormFieldUpdate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { assetFormFields, municipalities, patrimonios } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { HttpError, conflict, isUniqueViolation, notFound } from '../../http/errors';
import type { AllMunicipalities } from '../../tenancy/scope';
import { presentField } from './presenters';

// Installation-wide fields are rows with no municipality. Every municipality's form shows them after its
// own fields; where a municipality already has a field with the same key, its own definition wins there
// (what it stored keeps its meaning). See docs/architecture.md, "Installation-wide settings".

const M = FORM_FIELD_MSG;
const installationRow = (id: number) => and(eq(assetFormFields.id, id), isNull(assetFormFields.municipalityId));

/** Row → API shape of an installation field (always custom, never system). */
export const presentInstallationField = (r: typeof assetFormFields.$inferSelect): FormField => ({
  ...presentField(r),
  origin: 'installation',
});

/** The installation-wide fields in their order (readable under any tenancy: policy installation_read). */
export async function installationFields(tx: Db): Promise<FormField[]> {
  const rows = await tx
    .select()
    .from(assetFormFields)
    .where(isNull(assetFormFields.municipalityId))
    .orderBy(asc(assetFormFields.position), asc(assetFormFields.id));
  return rows.map(presentInstallationField);
}

/** Whether an installation field holds this key (a municipality cannot create one with it). */
export async function isInstallationKey(tx: Db, key: string): Promise<boolean> {
  const n = await tx.$count(assetFormFields, and(isNull(assetFormFields.municipalityId), eq(assetFormFields.key, key)));
  return n > 0;
}

/** Every municipality's room and the superusers': all forms refetch their fields. */
async function recordChange(
  tx: Db,
  out: Outbox,
  action: string,
  row: { id: number; label: string } | null,
  details: string,
) {
  const ids = await tx.select({ id: municipalities.id }).from(municipalities);
  const rooms = [room.superusers, ...ids.map((m) => room.municipality(m.id))];
  await record(
    tx,
    out,
    {
      action: `FORM_FIELD_${action}`,
      entityType: 'AssetFormField',
      entityId: row?.id ?? null,
      label: row?.label ?? null,
      details,
    },
    liveEvent(rooms, 'catalog.changed', { catalog: 'asset-form-fields' }, null),
  );
}

async function lockInstallation(tx: Db, id: number, version?: number) {
  const [row] = await tx.select().from(assetFormFields).where(installationRow(id)).for('update');
  if (!row) throw notFound(M.notFound);
  if (version !== undefined && version !== row.version) throw conflict();
  return row;
}

/** Adds an installation-wide field at the end (409 for a key another installation field holds). */
export async function createInstallationField(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  input: FormFieldCreate,
): Promise<FormField> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${assetFormFields.position}) + 1, 0)::int` })
    .from(assetFormFields)
    .where(isNull(assetFormFields.municipalityId));
  const [row] = await tx
    .insert(assetFormFields)
    .values({
      municipalityId: null,
      key: input.key ?? keyFromLabel(input.label),
      label: input.label,
      type: input.type,
      required: input.required ?? false,
      isCustom: true,
      isSystem: false,
      options: input.type === 'SELECT' ? (input.options ?? []) : null,
      position: next,
    })
    .returning()
    .catch((err) => {
      if (isUniqueViolation(err, 'asset_form_fields_key_uq')) throw conflict(M.keyTaken, 'DUPLICATE');
      throw err;
    });
  await recordChange(tx, out, 'CREATE', row, M.audit.created(row.label));
  return presentInstallationField(row);
}

/** Changes an installation field (409 when stale). */
export async function updateInstallationField(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  id: number,
  input: FormFieldUpdate,
): Promise<FormField> {
  const old = await lockInstallation(tx, id, input.version);
  const type = input.type ?? old.type;
  const options = type === 'SELECT' ? (input.options === undefined ? old.options : input.options) : null;
  if (type === 'SELECT' && !(options && options.length))
    throw new HttpError(400, 'VALIDATION', 'Informe ao menos uma opção.', { options: 'Informe ao menos uma opção.' });
  const [row] = await tx
    .update(assetFormFields)
    .set({
      label: input.label ?? old.label,
      type,
      required: input.required ?? old.required,
      options,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(installationRow(id))
    .returning();
  await recordChange(tx, out, 'UPDATE', row, M.audit.updated(row.label));
  return presentInstallationField(row);
}

/**
 * Deletes an installation field and the values assets stored for it, except in municipalities that
 * have their own field with that key (the value is theirs).
 */
export async function deleteInstallationField(tx: Db, out: Outbox, _all: AllMunicipalities, id: number) {
  const old = await lockInstallation(tx, id);
  await tx.delete(assetFormFields).where(installationRow(id));
  await tx.execute(sql`
    update ${patrimonios} set custom_fields = custom_fields - ${old.key}::text
     where custom_fields ? ${old.key}::text
       and not exists (select 1 from ${assetFormFields} f
                        where f.municipality_id = ${patrimonios.municipalityId} and f.key = ${old.key})`);
  await recordChange(tx, out, 'DELETE', old, M.audit.deleted(old.label));
}

/** Puts the installation fields in the given order (`ids` must name each of them once, else 400). */
export async function reorderInstallationFields(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  ids: number[],
): Promise<FormField[]> {
  const rows = await tx.select().from(assetFormFields).where(isNull(assetFormFields.municipalityId)).for('update');
  const known = new Set(rows.map((r) => r.id));
  if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((i) => known.has(i)))
    throw new HttpError(400, 'VALIDATION', M.reorderIds, { ids: M.reorderIds });
  for (const [position, id] of ids.entries())
    await tx
      .update(assetFormFields)
      .set({ position, updatedAt: new Date(), version: sql`${assetFormFields.version} + 1` })
      .where(installationRow(id));
  await recordChange(tx, out, 'REORDER', null, M.audit.reordered);
  return installationFields(tx);
}
