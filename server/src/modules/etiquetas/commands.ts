import { and, asc, eq, ne } from 'drizzle-orm';
import {
  room,
  ETIQUETA_MSG,
  type LabelTemplate,
  type LabelTemplateCreate,
  type LabelTemplateUpdate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { etiquetaTemplates } from '../../db/schema';
import { lockOwned } from '../../db/owned';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { conflict, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentLabelTemplate, type LabelTemplateRow } from './presenters';

/** Tells the municipality's open lists and editors that a template changed (or is gone). */
const changed = (scope: TenantScope, id: number, removed?: boolean) =>
  liveEvent(room.municipality(scope.municipalityId), 'labelTemplate.changed', removed ? { id, removed } : { id });

type Body = Omit<LabelTemplateCreate, 'municipalityId'> & { isDefault: boolean; elements: LabelTemplate['elements'] };

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'etiqueta_templates_name_uq')) throw conflict(ETIQUETA_MSG.nameTaken, 'DUPLICATE');
  throw err;
}

/** Unsets the municipality's other defaults (one default per municipality; same transaction). */
async function clearDefault(tx: Db, scope: TenantScope, except?: number): Promise<void> {
  await tx
    .update(etiquetaTemplates)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        ofTenant(etiquetaTemplates, scope),
        eq(etiquetaTemplates.isDefault, true),
        except ? ne(etiquetaTemplates.id, except) : undefined,
      ),
    );
}

const summary = (r: Pick<LabelTemplateRow, 'name' | 'width' | 'height' | 'isDefault' | 'elements'>) => ({
  name: r.name,
  width: r.width,
  height: r.height,
  isDefault: r.isDefault,
  elements: r.elements.length,
});

/** Creates a label template of the scope's municipality (isDefault unsets the others). */
export async function createLabelTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: Body,
): Promise<LabelTemplate> {
  if (input.isDefault) await clearDefault(tx, scope);
  const [row] = await tx
    .insert(etiquetaTemplates)
    .values({
      municipalityId: scope.municipalityId,
      name: input.name,
      width: input.width,
      height: input.height,
      isDefault: input.isDefault,
      elements: input.elements,
    })
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'LABEL_TEMPLATE_CREATE',
      entityType: 'LabelTemplate',
      entityId: row.id,
      label: row.name,
      details: { new_value: summary(row) },
    },
    changed(scope, row.id),
  );
  return presentLabelTemplate(row);
}

/** Replaces a label template (409 on a stale version or a taken name). */
export async function updateLabelTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: Body & Pick<LabelTemplateUpdate, 'version'>,
): Promise<LabelTemplate> {
  const old = await lockOwned(tx, etiquetaTemplates, id, scope.municipalityId, input.version, ETIQUETA_MSG.notFound);
  if (input.isDefault && !old.isDefault) await clearDefault(tx, scope, id);
  const [row] = await tx
    .update(etiquetaTemplates)
    .set({
      name: input.name,
      width: input.width,
      height: input.height,
      isDefault: input.isDefault,
      elements: input.elements,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(and(eq(etiquetaTemplates.id, id), ofTenant(etiquetaTemplates, scope)))
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'LABEL_TEMPLATE_UPDATE',
      entityType: 'LabelTemplate',
      entityId: id,
      label: row.name,
      details: { old_value: summary(old), new_value: summary(row) },
    },
    changed(scope, id),
  );
  return presentLabelTemplate(row);
}

/** Deletes a label template; when it was the default, the oldest remaining one becomes the default. */
export async function deleteLabelTemplate(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, etiquetaTemplates, id, scope.municipalityId, undefined, ETIQUETA_MSG.notFound);
  await tx.delete(etiquetaTemplates).where(eq(etiquetaTemplates.id, id));
  if (old.isDefault) {
    const [next] = await tx
      .select({ id: etiquetaTemplates.id })
      .from(etiquetaTemplates)
      .where(ofTenant(etiquetaTemplates, scope))
      .orderBy(asc(etiquetaTemplates.id))
      .limit(1);
    if (next) await tx.update(etiquetaTemplates).set({ isDefault: true }).where(eq(etiquetaTemplates.id, next.id));
  }
  await record(
    tx,
    out,
    {
      action: 'LABEL_TEMPLATE_DELETE',
      entityType: 'LabelTemplate',
      entityId: id,
      label: old.name,
      details: { old_value: summary(old) },
    },
    changed(scope, id, true),
  );
}
