import { and, asc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_ASSET_FORM_FIELDS,
  FORM_FIELD_MSG,
  PATRIMONIO_MSG,
  keyFromLabel,
  room,
  type CustomFieldValues,
  type FieldType,
  type FormField,
  type FormFieldCreate,
  type FormFieldUpdate,
} from '@tombo/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { assetFormFields, patrimonios } from '../../db/schema';
import { audit, mutate, type Actor, type Outbox } from '../../db/tx';
import { lockOwned } from '../../db/owned';
import { HttpError, conflict, isUniqueViolation } from '../../http/errors';

type Row = typeof assetFormFields.$inferSelect;
type MunicipalActor = Actor & { municipalityId: number };

export const toField = (r: Row): FormField => ({
  id: r.id,
  key: r.key,
  label: r.label,
  type: r.type as FieldType,
  required: r.required,
  isCustom: r.isCustom,
  isSystem: r.isSystem,
  options: r.options ?? null,
  position: r.position,
  version: r.version,
});

/** A municipality with no stored fields gets the defaults of spec §3 (idempotent). */
export async function ensureDefaults(db: Db, municipalityId: number): Promise<void> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assetFormFields)
    .where(eq(assetFormFields.municipalityId, municipalityId));
  if (n > 0) return;
  await db
    .insert(assetFormFields)
    .values(DEFAULT_ASSET_FORM_FIELDS.map((f, i) => ({ ...f, municipalityId, position: i })))
    .onConflictDoNothing();
}

export async function listFields(db: Db, municipalityId: number): Promise<FormField[]> {
  await ensureDefaults(db, municipalityId);
  const rows = await db
    .select()
    .from(assetFormFields)
    .where(eq(assetFormFields.municipalityId, municipalityId))
    .orderBy(asc(assetFormFields.position), asc(assetFormFields.id));
  return rows.map(toField);
}

const changed = (out: Outbox, m: number) =>
  out.emit(room.municipality(m), 'catalog.changed', { catalog: 'asset-form-fields' });

export async function createField(ctx: AppContext, actor: MunicipalActor, input: FormFieldCreate): Promise<FormField> {
  return mutate(ctx, actor, async (tx, out) => {
    await ensureDefaults(tx, actor.municipalityId);
    const key = input.key ?? keyFromLabel(input.label);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${assetFormFields.position}) + 1, 0)::int` })
      .from(assetFormFields)
      .where(eq(assetFormFields.municipalityId, actor.municipalityId));
    const [row] = await tx
      .insert(assetFormFields)
      .values({
        municipalityId: actor.municipalityId,
        key,
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
        if (isUniqueViolation(err, 'asset_form_fields_key_uq')) throw conflict(FORM_FIELD_MSG.keyTaken, 'DUPLICATE');
        throw err;
      });
    await audit(tx, out, {
      action: 'FORM_FIELD_CREATE',
      entityType: 'AssetFormField',
      entityId: row.id,
      details: FORM_FIELD_MSG.audit.created(row.label),
    });
    changed(out, actor.municipalityId);
    return toField(row);
  });
}

export async function updateField(
  ctx: AppContext,
  actor: MunicipalActor,
  id: number,
  input: FormFieldUpdate,
): Promise<FormField> {
  return mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, assetFormFields, id, actor.municipalityId, input.version, FORM_FIELD_MSG.notFound);
    if (!old.isCustom && input.type !== undefined && input.type !== old.type)
      throw new HttpError(422, 'UNPROCESSABLE', FORM_FIELD_MSG.systemType, { type: FORM_FIELD_MSG.systemType });
    // The system field (descricao_bem) stays required.
    const required = old.isSystem ? true : (input.required ?? old.required);
    const type = input.type ?? old.type;
    const options = type === 'SELECT' ? (input.options === undefined ? old.options : input.options) : null;
    if (type === 'SELECT' && !(options && options.length))
      throw new HttpError(400, 'VALIDATION', 'Informe ao menos uma opção.', { options: 'Informe ao menos uma opção.' });
    const [row] = await tx
      .update(assetFormFields)
      .set({
        label: input.label ?? old.label,
        type,
        required,
        options,
        updatedAt: new Date(),
        version: old.version + 1,
      })
      .where(eq(assetFormFields.id, id))
      .returning();
    await audit(tx, out, {
      action: 'FORM_FIELD_UPDATE',
      entityType: 'AssetFormField',
      entityId: id,
      details: FORM_FIELD_MSG.audit.updated(row.label),
    });
    changed(out, actor.municipalityId);
    return toField(row);
  });
}

export async function deleteField(ctx: AppContext, actor: MunicipalActor, id: number): Promise<void> {
  await mutate(ctx, actor, async (tx, out) => {
    const old = await lockOwned(tx, assetFormFields, id, actor.municipalityId, undefined, FORM_FIELD_MSG.notFound);
    if (old.isSystem) throw conflict(FORM_FIELD_MSG.systemDelete, 'CONFLICT');
    await tx.delete(assetFormFields).where(eq(assetFormFields.id, id));
    if (old.isCustom) {
      // Drop the stored values so a later field with the same key starts clean.
      await tx
        .update(patrimonios)
        .set({ customFields: sql`${patrimonios.customFields} - ${old.key}::text` })
        .where(
          and(
            eq(patrimonios.municipalityId, actor.municipalityId),
            sql`${patrimonios.customFields} ? ${old.key}::text`,
          ),
        );
    }
    await audit(tx, out, {
      action: 'FORM_FIELD_DELETE',
      entityType: 'AssetFormField',
      entityId: id,
      details: FORM_FIELD_MSG.audit.deleted(old.label),
    });
    changed(out, actor.municipalityId);
  });
}

export async function reorderFields(ctx: AppContext, actor: MunicipalActor, ids: number[]): Promise<FormField[]> {
  return mutate(ctx, actor, async (tx, out) => {
    await ensureDefaults(tx, actor.municipalityId);
    const rows = await tx
      .select()
      .from(assetFormFields)
      .where(eq(assetFormFields.municipalityId, actor.municipalityId))
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((i) => known.has(i))) {
      throw new HttpError(400, 'VALIDATION', FORM_FIELD_MSG.reorderIds, { ids: FORM_FIELD_MSG.reorderIds });
    }
    for (const [position, id] of ids.entries()) {
      await tx
        .update(assetFormFields)
        .set({ position, updatedAt: new Date(), version: sql`${assetFormFields.version} + 1` })
        .where(eq(assetFormFields.id, id));
    }
    await audit(tx, out, {
      action: 'FORM_FIELD_REORDER',
      entityType: 'AssetFormField',
      entityId: null,
      details: FORM_FIELD_MSG.audit.reordered,
    });
    changed(out, actor.municipalityId);
    return listFields(tx, actor.municipalityId);
  });
}

// ---- Validation of an asset's custom values ---------------------------------------------------

export interface FieldRules {
  custom: FormField[];
  /** Whether the built-in `tipo` field is present and required. */
  tipoRequired: boolean;
}

export async function fieldRules(db: Db, municipalityId: number): Promise<FieldRules> {
  const fields = await listFields(db, municipalityId);
  return { custom: fields.filter((f) => f.isCustom), tipoRequired: fields.some((f) => f.key === 'tipo' && f.required) };
}

const isEmpty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * Checks custom values against the definitions: unknown keys, required ones (when `complete`),
 * and the type of each value. Returns normalised values or field errors keyed `customFields.<key>`.
 */
export function checkCustomValues(
  rules: FieldRules,
  values: CustomFieldValues,
  complete: boolean,
): { values: CustomFieldValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out: CustomFieldValues = {};
  const byKey = new Map(rules.custom.map((f) => [f.key, f]));
  for (const key of Object.keys(values))
    if (!byKey.has(key)) errors[`customFields.${key}`] = PATRIMONIO_MSG.customUnknown;
  for (const f of rules.custom) {
    const present = Object.prototype.hasOwnProperty.call(values, f.key);
    const v = values[f.key];
    if (isEmpty(v)) {
      if (f.required && (complete || present)) errors[`customFields.${f.key}`] = PATRIMONIO_MSG.customRequired(f.label);
      else if (present) out[f.key] = null;
      continue;
    }
    const bad = () => {
      errors[`customFields.${f.key}`] = PATRIMONIO_MSG.customType(f.label);
    };
    switch (f.type) {
      case 'TEXT':
      case 'TEXTAREA':
        if (typeof v !== 'string') bad();
        else out[f.key] = f.type === 'TEXT' ? v.trim().slice(0, 500) : v.slice(0, 5000);
        break;
      case 'NUMBER': {
        const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(',', '.')) : NaN;
        if (!Number.isFinite(n) || Math.abs(n) > 1e15) bad();
        else out[f.key] = n;
        break;
      }
      case 'DATE':
        if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
          bad();
        else out[f.key] = v;
        break;
      case 'SELECT':
        if (typeof v !== 'string' || !(f.options ?? []).includes(v))
          errors[`customFields.${f.key}`] = PATRIMONIO_MSG.customOption(f.label);
        else out[f.key] = v;
        break;
      case 'BOOLEAN':
        if (typeof v === 'boolean') out[f.key] = v;
        else if (v === 'true' || v === 'Sim' || v === 'sim') out[f.key] = true;
        else if (v === 'false' || v === 'Não' || v === 'não' || v === 'Nao') out[f.key] = false;
        else bad();
        break;
    }
  }
  return { values: out, errors };
}
