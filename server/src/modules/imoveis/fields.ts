import { and, eq, sql } from 'drizzle-orm';
import {
  IMOVEL_FIELD_MSG as M,
  imovelFieldKeyFromLabel,
  room,
  type ImovelField,
  type ImovelFieldCreate,
  type ImovelFieldUpdate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { imovelFields, imoveis } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { HttpError, badRequest, conflict, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { toImovelField } from './presenters';
import { listImovelFields } from './queries';

const thisRow = (scope: TenantScope, id: number) => and(eq(imovelFields.id, id), ofTenant(imovelFields, scope));

type Verb = 'CREATE' | 'UPDATE' | 'DELETE' | 'REORDER';
const CHANGED = { CREATE: 'created', UPDATE: 'updated', DELETE: 'deleted', REORDER: 'reordered' } as const;

/** The audit row (spec §8 texts) and `imovel_field.changed`: the municipality's clients refetch the fields. */
const recordChange = (
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  action: Verb,
  row: { id: number; label: string } | null,
  details: string,
) =>
  record(
    tx,
    out,
    {
      action: `IMOVEL_FIELD_${action}`,
      entityType: 'ImovelField',
      entityId: row?.id ?? null,
      label: row?.label ?? null,
      details,
    },
    liveEvent(room.municipality(scope.municipalityId), 'imovel_field.changed', {
      action: CHANGED[action],
      id: row?.id ?? null,
    }),
  );

/** Adds a custom field at the end of the property form (409 for a taken key). */
export async function createImovelField(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: ImovelFieldCreate,
): Promise<ImovelField> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${imovelFields.position}) + 1, 0)::int` })
    .from(imovelFields)
    .where(ofTenant(imovelFields, scope));
  const [row] = await tx
    .insert(imovelFields)
    .values({
      municipalityId: scope.municipalityId,
      key: input.key ?? imovelFieldKeyFromLabel(input.label),
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
      if (isUniqueViolation(err, 'imovel_fields_key_uq')) throw conflict(M.keyTaken, 'DUPLICATE');
      throw err;
    });
  await recordChange(tx, out, scope, 'CREATE', row, M.added);
  return toImovelField(row);
}

/** Changes a field: label, required, options; a system field keeps its type (409); the key never changes. */
export async function updateImovelField(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: ImovelFieldUpdate,
): Promise<ImovelField> {
  const old = await lockOwned(tx, imovelFields, id, scope.municipalityId, input.version, M.notFound);
  if ((old.isSystem || !old.isCustom) && input.type !== undefined && input.type !== old.type)
    throw new HttpError(409, 'CONFLICT', M.systemType, { type: M.systemType });
  const type = input.type ?? old.type;
  const options = type === 'SELECT' ? (input.options === undefined ? old.options : input.options) : null;
  if (type === 'SELECT' && !(options && options.length))
    throw badRequest('Informe ao menos uma opção.', { options: 'Informe ao menos uma opção.' });
  const [row] = await tx
    .update(imovelFields)
    .set({
      label: input.label ?? old.label,
      type,
      // A system field (a column: denominação, endereço) stays required.
      required: old.isSystem ? true : (input.required ?? old.required),
      options,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(thisRow(scope, id))
    .returning();
  await recordChange(tx, out, scope, 'UPDATE', row, M.updated);
  return toImovelField(row);
}

/** Deletes a custom field and the values properties stored for it (a system field: 409). */
export async function deleteImovelField(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, imovelFields, id, scope.municipalityId, undefined, M.notFound);
  if (old.isSystem || !old.isCustom) throw conflict(M.systemDelete);
  await tx.delete(imovelFields).where(thisRow(scope, id));
  await tx
    .update(imoveis)
    .set({ customFields: sql`${imoveis.customFields} - ${old.key}::text` })
    .where(and(ofTenant(imoveis, scope), sql`${imoveis.customFields} ? ${old.key}::text`));
  await recordChange(tx, out, scope, 'DELETE', old, M.deleted);
}

/** Puts the fields in the given order; `ids` must name every field of the municipality once (else 400). */
export async function reorderImovelFields(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  ids: number[],
): Promise<ImovelField[]> {
  const rows = await tx.select().from(imovelFields).where(ofTenant(imovelFields, scope)).for('update');
  const known = new Set(rows.map((r) => r.id));
  if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((i) => known.has(i)))
    throw badRequest(M.reorderIds, { ids: M.reorderIds });
  for (const [position, id] of ids.entries())
    await tx
      .update(imovelFields)
      .set({ position, updatedAt: new Date(), version: sql`${imovelFields.version} + 1` })
      .where(thisRow(scope, id));
  await recordChange(tx, out, scope, 'REORDER', null, 'Ordem dos campos alterada.');
  return listImovelFields(tx, scope);
}
