import { and, eq } from 'drizzle-orm';
import {
  room,
  CUSTOM_COLUMN_PREFIX,
  EXPORT_MSG,
  isBuiltInColumn,
  type ExportColumn,
  type ExportTemplate,
  type ExportTemplateCreate,
  type ExportTemplateUpdate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { exportTemplates } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { badRequest, conflict, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { listFields } from '../form-fields';
import { exportTemplateSnapshot as snapshot, presentExportTemplate } from './presenters';

/** Tells the municipality's open lists and editors that a template changed (or is gone). */
const changed = (scope: TenantScope, id: number, removed?: boolean) =>
  liveEvent(room.municipality(scope.municipalityId), 'exportTemplate.changed', removed ? { id, removed } : { id });

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'export_templates_name_uq')) throw conflict(EXPORT_MSG.nameTaken, 'DUPLICATE');
  throw err;
}

/**
 * 400 naming the first column whose key is no field of the register: built-in keys are checked by
 * the body schema; `cf:<key>` must be one of the municipality's custom fields.
 */
export async function checkColumns(tx: Db, scope: TenantScope, columns: ExportColumn[]): Promise<void> {
  const custom = columns.filter((c) => !isBuiltInColumn(c.key));
  if (!custom.length) return;
  const keys = new Set((await listFields(tx, scope)).filter((f) => f.isCustom).map((f) => f.key));
  const i = columns.findIndex((c) => !isBuiltInColumn(c.key) && !keys.has(c.key.slice(CUSTOM_COLUMN_PREFIX.length)));
  if (i >= 0)
    throw badRequest(EXPORT_MSG.unknownColumn(columns[i].key), {
      [`columns.${i}.key`]: EXPORT_MSG.unknownColumn(columns[i].key),
    });
}

const thisRow = (scope: TenantScope, id: number) => and(eq(exportTemplates.id, id), ofTenant(exportTemplates, scope));

/** Creates an export template (400 for an unknown column, 409 for a taken name). */
export async function createExportTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: ExportTemplateCreate,
): Promise<ExportTemplate> {
  await checkColumns(tx, scope, input.columns);
  const [row] = await tx
    .insert(exportTemplates)
    .values({ municipalityId: scope.municipalityId, name: input.name, columns: input.columns })
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'EXPORT_TEMPLATE_CREATE',
      entityType: 'ExportTemplate',
      entityId: row.id,
      label: row.name,
      details: { new_value: snapshot(row) },
    },
    changed(scope, row.id),
  );
  return presentExportTemplate(row);
}

/** Replaces a template's name and columns (409 on a stale version or a taken name). */
export async function updateExportTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: ExportTemplateUpdate,
): Promise<ExportTemplate> {
  const old = await lockOwned(tx, exportTemplates, id, scope.municipalityId, input.version, EXPORT_MSG.notFound);
  await checkColumns(tx, scope, input.columns);
  const [row] = await tx
    .update(exportTemplates)
    .set({ name: input.name, columns: input.columns, updatedAt: new Date(), version: old.version + 1 })
    .where(thisRow(scope, id))
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'EXPORT_TEMPLATE_UPDATE',
      entityType: 'ExportTemplate',
      entityId: id,
      label: row.name,
      details: { old_value: snapshot(old), new_value: snapshot(row) },
    },
    changed(scope, id),
  );
  return presentExportTemplate(row);
}

/** Deletes a template (exports already generated keep their files). */
export async function deleteExportTemplate(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, exportTemplates, id, scope.municipalityId, undefined, EXPORT_MSG.notFound);
  await tx.delete(exportTemplates).where(thisRow(scope, id));
  await record(
    tx,
    out,
    {
      action: 'EXPORT_TEMPLATE_DELETE',
      entityType: 'ExportTemplate',
      entityId: id,
      label: old.name,
      details: { old_value: snapshot(old) },
    },
    changed(scope, id, true),
  );
}
