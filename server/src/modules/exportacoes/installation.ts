import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  CUSTOM_COLUMN_PREFIX,
  EXPORT_MSG,
  isBuiltInColumn,
  room,
  type ExportColumn,
  type ExportTemplate,
  type ExportTemplateCreate,
  type ExportTemplateUpdate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { exportTemplates, municipalities } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record, type AuditEntry } from '../audit';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors';
import type { AllMunicipalities } from '../../tenancy/scope';
import { installationFields } from '../form-fields';
import { exportTemplateSnapshot as snapshot, presentExportTemplate } from './presenters';

// Installation-wide templates ('modelo do sistema') are rows with no municipality: every municipality
// lists them after its own and may export with them or copy them; only the superuser changes them.

const installationRow = (id: number) => and(eq(exportTemplates.id, id), isNull(exportTemplates.municipalityId));

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'export_templates_name_uq')) throw conflict(EXPORT_MSG.nameTaken, 'DUPLICATE');
  throw err;
}

/** 400 for a custom column (`cf:<key>`) that is no installation-wide field (the only ones all municipalities have). */
async function checkColumns(tx: Db, columns: ExportColumn[]): Promise<void> {
  const keys = new Set((await installationFields(tx)).map((f) => f.key));
  const i = columns.findIndex((c) => !isBuiltInColumn(c.key) && !keys.has(c.key.slice(CUSTOM_COLUMN_PREFIX.length)));
  if (i >= 0)
    throw badRequest(EXPORT_MSG.unknownColumn(columns[i].key), {
      [`columns.${i}.key`]: EXPORT_MSG.unknownColumn(columns[i].key),
    });
}

/** The audit row and the live event to every municipality and the superusers. */
async function recordChange(tx: Db, out: Outbox, entry: AuditEntry, id: number, removed?: boolean) {
  const ids = await tx.select({ id: municipalities.id }).from(municipalities);
  const rooms = [room.superusers, ...ids.map((m) => room.municipality(m.id))];
  await record(tx, out, entry, liveEvent(rooms, 'exportTemplate.changed', removed ? { id, removed } : { id }, null));
}

async function lockInstallation(tx: Db, id: number, version?: number) {
  const [row] = await tx.select().from(exportTemplates).where(installationRow(id)).for('update');
  if (!row) throw notFound(EXPORT_MSG.notFound);
  if (version !== undefined && version !== row.version) throw conflict();
  return row;
}

/** The installation-wide templates by name. */
export async function listInstallationTemplates(tx: Db, _all: AllMunicipalities): Promise<ExportTemplate[]> {
  const rows = await tx
    .select()
    .from(exportTemplates)
    .where(isNull(exportTemplates.municipalityId))
    .orderBy(asc(exportTemplates.name));
  return rows.map(presentExportTemplate);
}

/** Creates an installation-wide template (400 unknown column, 409 taken name). */
export async function createInstallationTemplate(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  input: ExportTemplateCreate,
): Promise<ExportTemplate> {
  await checkColumns(tx, input.columns);
  const [row] = await tx
    .insert(exportTemplates)
    .values({ municipalityId: null, name: input.name, columns: input.columns })
    .returning()
    .catch(duplicate);
  const entry = { action: 'EXPORT_TEMPLATE_CREATE', entityType: 'ExportTemplate', entityId: row.id, label: row.name };
  await recordChange(tx, out, { ...entry, details: { new_value: snapshot(row) } }, row.id);
  return presentExportTemplate(row);
}

/** Replaces an installation template's name and columns (409 stale or taken name). */
export async function updateInstallationTemplate(
  tx: Db,
  out: Outbox,
  _all: AllMunicipalities,
  id: number,
  input: ExportTemplateUpdate,
): Promise<ExportTemplate> {
  const old = await lockInstallation(tx, id, input.version);
  await checkColumns(tx, input.columns);
  const [row] = await tx
    .update(exportTemplates)
    .set({ name: input.name, columns: input.columns, updatedAt: new Date(), version: old.version + 1 })
    .where(installationRow(id))
    .returning()
    .catch(duplicate);
  const entry = { action: 'EXPORT_TEMPLATE_UPDATE', entityType: 'ExportTemplate', entityId: id, label: row.name };
  await recordChange(tx, out, { ...entry, details: { old_value: snapshot(old), new_value: snapshot(row) } }, id);
  return presentExportTemplate(row);
}

/** Deletes an installation template (municipalities' copies stay theirs). */
export async function deleteInstallationTemplate(tx: Db, out: Outbox, _all: AllMunicipalities, id: number) {
  const old = await lockInstallation(tx, id);
  await tx.delete(exportTemplates).where(installationRow(id));
  const entry = { action: 'EXPORT_TEMPLATE_DELETE', entityType: 'ExportTemplate', entityId: id, label: old.name };
  await recordChange(tx, out, { ...entry, details: { old_value: snapshot(old) } }, id, true);
}
