import { and, eq, ne, sql } from 'drizzle-orm';
import {
  FICHA_MSG,
  room,
  type FichaGenerateBody,
  type FichaTemplate,
  type FichaTemplateBody,
  type FichaTemplateUpdate,
} from '@tombo/shared';
import type { Db } from '../../db/client';
import { lockOwned } from '../../db/owned';
import { fichaTemplates, patrimonios } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { conflict, isUniqueViolation } from '../../http/errors';
import { requireAccess } from '../../tenancy/access';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { createJob, type JobRow } from '../jobs';
import { fichaTemplateSnapshot as snapshot, presentFichaTemplate } from './presenters';

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'ficha_templates_name_uq')) throw conflict(FICHA_MSG.nameTaken, 'DUPLICATE');
  throw err;
}

const changed = (scope: TenantScope, id: number, removed?: boolean) =>
  liveEvent(room.municipality(scope.municipalityId), 'fichaTemplate.changed', removed ? { id, removed } : { id });

/** A new default takes the flag from the municipality's previous one (one default at a time). */
async function clearDefault(tx: Db, scope: TenantScope, exceptId?: number) {
  await tx
    .update(fichaTemplates)
    .set({ isDefault: false, updatedAt: new Date(), version: sql`${fichaTemplates.version} + 1` })
    .where(
      and(
        ofTenant(fichaTemplates, scope),
        eq(fichaTemplates.isDefault, true),
        exceptId != null ? ne(fichaTemplates.id, exceptId) : undefined,
      ),
    );
}

const values = (input: FichaTemplateBody) => ({
  name: input.name,
  isDefault: input.isDefault,
  fields: input.fields,
  showCustomFields: input.showCustomFields,
  showPhoto: input.showPhoto,
  showQr: input.showQr,
  showHistory: input.showHistory,
  historyLimit: input.historyLimit,
  signatures: input.signatures,
});

/** Creates a record-sheet template (409 for a taken name). */
export async function createFichaTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: FichaTemplateBody,
): Promise<FichaTemplate> {
  if (input.isDefault) await clearDefault(tx, scope);
  const [row] = await tx
    .insert(fichaTemplates)
    .values({ municipalityId: scope.municipalityId, ...values(input) })
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'FICHA_TEMPLATE_CREATE',
      entityType: 'FichaTemplate',
      entityId: row.id,
      label: row.name,
      details: { new_value: snapshot(row) },
    },
    changed(scope, row.id),
  );
  return presentFichaTemplate(row);
}

/** Replaces a template's content (409 on a stale version or a taken name). */
export async function updateFichaTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: FichaTemplateUpdate,
): Promise<FichaTemplate> {
  const old = await lockOwned(tx, fichaTemplates, id, scope.municipalityId, input.version, FICHA_MSG.notFound);
  if (input.isDefault && !old.isDefault) await clearDefault(tx, scope, id);
  const [row] = await tx
    .update(fichaTemplates)
    .set({ ...values(input), updatedAt: new Date(), version: old.version + 1 })
    .where(and(eq(fichaTemplates.id, id), ofTenant(fichaTemplates, scope)))
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'FICHA_TEMPLATE_UPDATE',
      entityType: 'FichaTemplate',
      entityId: id,
      label: row.name,
      details: { old_value: snapshot(old), new_value: snapshot(row) },
    },
    changed(scope, id),
  );
  return presentFichaTemplate(row);
}

/** Deletes a template (the default too: generation then falls back to the oldest one). */
export async function deleteFichaTemplate(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(tx, fichaTemplates, id, scope.municipalityId, undefined, FICHA_MSG.notFound);
  await tx.delete(fichaTemplates).where(and(eq(fichaTemplates.id, id), ofTenant(fichaTemplates, scope)));
  await record(
    tx,
    out,
    {
      action: 'FICHA_TEMPLATE_DELETE',
      entityType: 'FichaTemplate',
      entityId: id,
      label: old.name,
      details: { old_value: snapshot(old) },
    },
    changed(scope, id, true),
  );
}

/**
 * Queues the record sheets of one asset or several (`ficha.generate`, owned by the requester). Another
 * municipality's template or asset, or another sector's asset for a usuario, answers 404.
 */
export async function requestFichas(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  ownerId: number,
  body: FichaGenerateBody,
): Promise<JobRow> {
  const ids = body.patrimonioIds ? [...new Set(body.patrimonioIds)] : [body.patrimonioId!];
  const templateId = body.templateId ?? null;
  if (templateId != null) await requireAccess(tx, scope, 'fichaTemplate.use', [templateId], FICHA_MSG.notFound);
  await requireAccess(tx, scope, 'patrimonio.read', ids, FICHA_MSG.patrimonioNotFound);
  const [first] = await tx
    .select({ numero: patrimonios.numeroPatrimonio })
    .from(patrimonios)
    .where(and(eq(patrimonios.id, ids[0]), ofTenant(patrimonios, scope)));
  const numero = ids.length === 1 ? first?.numero : undefined;
  return createJob(tx, out, scope, {
    ownerId,
    name: 'ficha.generate',
    title: FICHA_MSG.jobTitle(ids.length, numero),
    // The requester's sectors come from the principal (the scope), never from the client.
    payload: { templateId, patrimonioIds: ids, sectorIds: scope.sectorIds ? [...scope.sectorIds] : null },
    audit: {
      action: 'FICHA_REQUEST',
      entityType: 'Patrimonio',
      entityId: ids.length === 1 ? ids[0] : null,
      label: numero ?? null,
    },
  });
}
