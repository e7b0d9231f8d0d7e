import { and, eq } from 'drizzle-orm';
import {
  room,
  IMOVEL_CUSTOM_PREFIX,
  IMOVEL_RELATORIO_MSG,
  type imovelReportTemplateCreateBody,
  type imovelReportTemplateUpdateBody,
  type ImovelReportTemplate,
} from '@tombo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { lockOwned } from '../../db/owned';
import { imovelReportTemplates } from '../../db/schema';
import { liveEvent, type Outbox } from '../../db/tx';
import { record } from '../audit';
import { badRequest, conflict, isUniqueViolation } from '../../http/errors';
import { ofTenant, type TenantScope } from '../../tenancy/scope';
import { presentImovelReportTemplate, imovelReportTemplateSnapshot as snapshot } from './presenters';
import { customImovelFields } from './queries';

type TemplateInput = z.output<typeof imovelReportTemplateCreateBody>;
type TemplateUpdate = z.output<typeof imovelReportTemplateUpdateBody>;
const ENTITY = 'ImovelReportTemplate';

/** Tells the municipality's open lists and editors that a template changed (or is gone). */
const changed = (scope: TenantScope, id: number, removed?: boolean) =>
  liveEvent(
    room.municipality(scope.municipalityId),
    'imovelReportTemplate.changed',
    removed ? { id, removed } : { id },
  );

function duplicate(err: unknown): never {
  if (isUniqueViolation(err, 'imovel_report_templates_name_uq'))
    throw conflict(IMOVEL_RELATORIO_MSG.templateNameTaken, 'DUPLICATE');
  throw err;
}

/** 400 naming the first `cf:<key>` that is none of the municipality's custom property fields. */
export async function checkCustomFields(tx: Db, scope: TenantScope, fields: readonly string[]): Promise<void> {
  const custom = fields.filter((f) => f.startsWith(IMOVEL_CUSTOM_PREFIX));
  if (!custom.length) return;
  const keys = new Set((await customImovelFields(tx, scope)).map((f) => `${IMOVEL_CUSTOM_PREFIX}${f.key}`));
  const i = fields.findIndex((f) => f.startsWith(IMOVEL_CUSTOM_PREFIX) && !keys.has(f));
  if (i >= 0)
    throw badRequest(IMOVEL_RELATORIO_MSG.unknownField(fields[i]), {
      [`fields.${i}`]: IMOVEL_RELATORIO_MSG.unknownField(fields[i]),
    });
}

/** Creates a property report template (400 for an unknown custom field, 409 for a taken name). */
export async function createImovelReportTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  input: TemplateInput,
): Promise<ImovelReportTemplate> {
  await checkCustomFields(tx, scope, input.fields);
  const [row] = await tx
    .insert(imovelReportTemplates)
    .values({ municipalityId: scope.municipalityId, name: input.name, fields: input.fields, filters: input.filters })
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_REPORT_TEMPLATE_CREATE',
      entityType: ENTITY,
      entityId: row.id,
      label: row.name,
      details: { new_value: snapshot(row) },
    },
    changed(scope, row.id),
  );
  return presentImovelReportTemplate(row);
}

/** Replaces a template's name, fields and filters (409 on a stale version or a taken name). */
export async function updateImovelReportTemplate(
  tx: Db,
  out: Outbox,
  scope: TenantScope,
  id: number,
  input: TemplateUpdate,
): Promise<ImovelReportTemplate> {
  const old = await lockOwned(
    tx,
    imovelReportTemplates,
    id,
    scope.municipalityId,
    input.version,
    IMOVEL_RELATORIO_MSG.templateNotFound,
  );
  await checkCustomFields(tx, scope, input.fields);
  const [row] = await tx
    .update(imovelReportTemplates)
    .set({
      name: input.name,
      fields: input.fields,
      filters: input.filters,
      updatedAt: new Date(),
      version: old.version + 1,
    })
    .where(and(eq(imovelReportTemplates.id, id), ofTenant(imovelReportTemplates, scope)))
    .returning()
    .catch(duplicate);
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_REPORT_TEMPLATE_UPDATE',
      entityType: ENTITY,
      entityId: id,
      label: row.name,
      details: { old_value: snapshot(old), new_value: snapshot(row) },
    },
    changed(scope, id),
  );
  return presentImovelReportTemplate(row);
}

/** Deletes a template, the default one too (as the asset report templates; reports already generated stay). */
export async function deleteImovelReportTemplate(tx: Db, out: Outbox, scope: TenantScope, id: number): Promise<void> {
  const old = await lockOwned(
    tx,
    imovelReportTemplates,
    id,
    scope.municipalityId,
    undefined,
    IMOVEL_RELATORIO_MSG.templateNotFound,
  );
  await tx
    .delete(imovelReportTemplates)
    .where(and(eq(imovelReportTemplates.id, id), ofTenant(imovelReportTemplates, scope)));
  await record(
    tx,
    out,
    {
      action: 'IMOVEL_REPORT_TEMPLATE_DELETE',
      entityType: ENTITY,
      entityId: id,
      label: old.name,
      details: { old_value: snapshot(old) },
    },
    changed(scope, id, true),
  );
}
